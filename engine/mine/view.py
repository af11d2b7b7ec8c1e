"""TF22 Mine views and redaction (rules/mine.md Part A, hidden information; architecture §5).

Symbol-card piles are face down: in `standard` and `chance` modes nobody sees a pile (the owner
included); in `strategic` mode the owner sees their own unused cards. A strategic commitment is
seen by its owner only until both are revealed. Everything else is public. Views are absolute:
a seat's view is the spectator view with that seat's own values filled in at the same places.
"""

from __future__ import annotations

from typing import Any

from boardstate.engine.core.records import replace
from boardstate.engine.core.wire import encode_value
from boardstate.engine.mine import board
from boardstate.engine.mine import events as ev
from boardstate.engine.mine import fight_events as fev
from boardstate.engine.mine import setup_events as sev
from boardstate.engine.mine.geometry import (
    SIZE,
    Cell,
    index,
    loader_facing,
    openings_text,
    track_cell,
)
from boardstate.engine.mine.network import Tile
from boardstate.engine.mine.options import SymbolMode
from boardstate.engine.mine.setup import free_colours
from boardstate.engine.mine.state import Phase, Player, State
from boardstate.engine.mine.turns import to_act


def _cell(state: State, cell: Cell, shown: Tile) -> dict[str, Any]:
    placement = state.placement(cell)
    return {
        "card": placement.card,
        "face": placement.face.value,
        "rot": placement.rot,
        "colour": shown.colour.value,
        "openings": openings_text(shown.openings),
        "symbol": None if shown.symbol is None else shown.symbol.value,
    }


def _player(state: State, seat: int, player: Player, viewer: int | None) -> dict[str, Any]:
    sees_pile = state.options.symbol_cards is SymbolMode.STRATEGIC and viewer == seat
    return {
        "seat": seat,
        "colours": [c.value for c in player.colours],
        "points": player.points,
        "ranium_carried": state.carried(seat),
        "symbol_pile_count": len(player.pile),
        "symbol_pile": list(player.pile) if sees_pile else None,
        "symbol_discard": list(player.discard),
    }


def _pending(state: State, viewer: int | None) -> dict[str, Any] | None:
    if state.fight is not None:
        fight = state.fight
        seats = (fight.attacker_seat, fight.defender_seat)
        chosen = dict(fight.choices.committed) if fight.choices else {}
        return {
            "kind": "fight",
            "attacker": fight.attacker.value,
            "defender": fight.defender.value,
            "seats": list(seats),
            "committed": [s in chosen for s in seats],
            "commitments": [chosen.get(s) if s == viewer else None for s in seats],
        }
    if state.free_action is not None:
        return {"kind": "free_action", "seat": state.free_action}
    if state.respawn is not None:
        return {
            "kind": "respawn",
            "seat": state.respawn.seat,
            "units_left": state.respawn.remaining,
            "card": state.respawn.card,
        }
    return None


def _grid(state: State) -> list[list[dict[str, Any]]]:
    if not state.grid:
        return []
    shown = board.tiles(state)
    return [[_cell(state, (r, c), shown[index((r, c))]) for c in range(SIZE)] for r in range(SIZE)]


def view(state: State, viewer: int | None) -> dict[str, Any]:
    """Returns what `viewer` may see of the table."""
    return {
        "phase": state.phase.value,
        "round": state.round,
        "start_player": state.start_player if state.phase is not Phase.SETUP else None,
        "active_seat": state.active if state.phase is Phase.PLAY else None,
        "ore": state.ore,
        "to_act": sorted(to_act(state)),
        "data_set": {"id": state.data_set, "content_hash": state.content_hash},
        "grid": _grid(state),
        "ranium": [list(cell) for cell in state.ranium],
        "loaders": [
            {
                "loader": i,
                "position": p,
                "cell": list(track_cell(p)),
                "faces": openings_text(loader_facing(p)),
            }
            for i, p in enumerate(state.loaders)
        ],
        "crews": [
            {
                "colour": c.colour.value,
                "owner": c.owner,
                "cell": list(c.cell),
                "base": list(c.base),
                "ranium": c.stock,
            }
            for c in state.crews
        ],
        "players": [_player(state, i, p, viewer) for i, p in enumerate(state.players)],
        "swaps_left": state.options.setup_swaps - state.swaps_done
        if state.phase is Phase.SWAPS
        else 0,
        "colour_choice": {
            "pickers": list(state.pickers),
            "free": [c.value for c in free_colours(state)] if state.phase is Phase.COLOURS else [],
        },
        "pending": _pending(state, viewer),
        "finished": state.finished,
        "winners": list(state.winners),
        "end_reason": state.end_reason,
        "options": encode_value(state.options),
    }


def redact(event: ev.Event, viewer: int | None) -> ev.Event:
    """Returns `event` as `viewer` may see it: hidden cards become `null`, counts stay."""
    match event:
        case sev.SymbolPilesShuffled():
            return replace(event, piles=tuple(tuple(None for _ in pile) for pile in event.piles))
        case fev.SymbolPileReshuffled():
            return replace(event, order=tuple(None for _ in event.order))
        case fev.SymbolCardCommitted() if event.seat != viewer:
            return replace(event, card=None)
    return event
