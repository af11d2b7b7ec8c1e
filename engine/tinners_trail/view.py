"""Tinners' Trail views and redaction (rules/tinners_trail.md Part A A.6).

Nothing is hidden between players: the board, every player's money, cubes, pieces and the time
track are public. Only the future (dice, the RNG) is unknown, and it is not in the state. The
view is therefore the same for every viewer and spectator, and `redact` returns events as they
are. Views are absolute (architecture §5): players are listed by seat.
"""

from __future__ import annotations

from typing import Any

from boardstate.engine.core.wire import encode_value
from boardstate.engine.tinners_trail import events as ev
from boardstate.engine.tinners_trail.board import capacity, open_spaces
from boardstate.engine.tinners_trail.components import COMPONENTS, METALS
from boardstate.engine.tinners_trail.scoring import victory_points
from boardstate.engine.tinners_trail.state import Phase, Player, State
from boardstate.engine.tinners_trail.turns import acting_order, owing


def _area(state: State, area_id: int) -> dict[str, Any]:
    info, area = COMPONENTS.area(area_id), state.area(area_id)
    return {
        "id": area_id,
        "name": info.name,
        "coastal": info.coastal,
        "neighbours": list(info.neighbours),
        "seeded": area.seeded,
        "water": area.water,
        "tin": area.tin,
        "copper": area.copper,
        "arsenic": area.arsenic,
        "mine": area.mine,
        "port": area.port,
        "railway": area.railway,
        "miners": area.miners,
        "calciner": area.calciner,
        "capacity": capacity(area),
    }


def _player(state: State, seat: int, player: Player) -> dict[str, Any]:
    return {
        "seat": seat,
        "money": player.money,
        "tin": player.tin,
        "copper": player.copper,
        "arsenic": player.arsenic,
        "mines_left": player.mines_left,
        "investment_cubes_left": player.cubes_left,
        "calciner": player.calciner,
        "limiter": player.limiter,
        "final_column": player.final_column,
        "column": player.column,
        "row": player.row,
        "passed": player.passed,
        "victory_points": victory_points(state, seat),
    }


def _investments(state: State) -> list[dict[str, Any]]:
    return [
        {
            "round": r + 1,
            "spaces": [
                {
                    "column": c + 1,
                    "cost": COMPONENTS.investment_costs[c],
                    "vp": COMPONENTS.investment_vp[r][c],
                    "cubes": list(owners),
                }
                for c, owners in enumerate(row)
            ],
        }
        for r, row in enumerate(state.investments)
    ]


def _market(state: State) -> dict[str, Any]:
    last = len(COMPONENTS.market_spaces) - 1
    return {
        "open_spaces": list(open_spaces(state.round)) if state.round else [],
        "spaces": [
            {"section": s + 1, "value": v, "cubes": state.market[i], "unlimited": i == last}
            for i, (s, v) in enumerate(COMPONENTS.market_spaces)
        ],
    }


def _sub_phases(state: State) -> dict[str, Any]:
    auction, pumping, offer, inv = (
        state.auction,
        state.pumping,
        state.calciner_offer,
        state.investing,
    )
    return {
        "auction": None if auction is None else encode_value(auction),
        "pumping": None if pumping is None else encode_value(pumping),
        "calciner_offer": None if offer is None else encode_value(offer),
        "investing": None if inv is None else encode_value(inv),
        "openers": list(state.openers),
        "opening_dice": _faces(state.opening_dice),
    }


def _faces(dice: tuple[int, int, int] | None) -> dict[str, int] | None:
    """The faces rolled for the next opener, by die (B §1.13); None when nobody has rolled."""
    if dice is None:
        return None
    water, copper, tin = dice
    return {"water": water, "copper": copper, "tin": tin}


def view(state: State, viewer: int | None) -> dict[str, Any]:
    """Returns the table; identical for every viewer since nothing is hidden."""
    seat = owing(state)
    rows = {"tin": state.tin_row, "copper": state.copper_row}
    return {
        "round": state.round,
        "rounds": COMPONENTS.rounds,
        "phase": state.phase.value,
        "finished": state.finished,
        "to_act": [] if seat is None else [seat],
        "order_of_play": list(state.order),
        "pass_order": list(state.pass_order),
        "acting_order": list(acting_order(state)) if state.phase is Phase.ACTIONS else [],
        "prices": {m: {"row": rows[m], "price": state.price(m)} for m in METALS},
        "display": encode_value(state.display),
        "areas": [_area(state, a) for a in COMPONENTS.area_ids],
        "adits": [list(b) for b in state.adits],
        "players": [_player(state, i, p) for i, p in enumerate(state.players)],
        **_sub_phases(state),
        "investments": _investments(state),
        "arsenic_market": _market(state),
        "supply_out": encode_value(state.supply_out),
        "winners": list(state.winners),
        "options": encode_value(state.options),
        "data_set": {"id": state.data_set, "content_hash": state.content_hash},
    }


def redact(event: ev.Event, viewer: int | None) -> ev.Event:
    """Returns `event` unchanged: no event carries hidden information (A.6)."""
    return event
