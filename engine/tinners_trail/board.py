"""Rule arithmetic shared by `decide` and `legal_moves` (rules/tinners_trail.md B §1.9–§1.15).

Every predicate here is the single definition of a rule, so the legal-move lists and the checks
in `decide` cannot drift apart.
"""

from __future__ import annotations

from boardstate.engine.tinners_trail.cited import illegal
from boardstate.engine.tinners_trail.components import COMPONENTS
from boardstate.engine.tinners_trail.events import Removals
from boardstate.engine.tinners_trail.options import InvestmentPass
from boardstate.engine.tinners_trail.state import Area, State

COST = COMPONENTS.costs


def can_spend(state: State, seat: int, steps: int) -> bool:
    """Tells whether `seat`'s token can move `steps` columns without passing its final column."""
    player = state.players[seat]
    return player.column + steps <= player.final_column


def check_time(state: State, seat: int, action: str) -> None:
    """Raises unless `seat` may take `action` now as far as time is concerned."""
    player = state.players[seat]
    if player.column >= player.final_column:
        raise illegal("must_pass", f"your token is in your final column {player.final_column}")
    if not can_spend(state, seat, COST[action]):
        raise illegal(
            "time",
            f"{action} costs {COST[action]} time points; your token is in column "
            f"{player.column} and your final column is {player.final_column}",
        )


def capacity(area: Area) -> int:
    """Capacity = 2 + 1 with a railway + 1 with a port + 1 per miner (B §1.9)."""
    return (
        COMPONENTS.base_capacity
        + (COMPONENTS.railway_bonus if area.railway else 0)
        + (COMPONENTS.port_bonus if area.port else 0)
        + COMPONENTS.miner_bonus * area.miners
    )


def mining_cost(area: Area, cubes: int) -> int:
    """Each cube costs the water in the area before the +1 water is added (B §1.9)."""
    return cubes * area.water


def drain(state: State, wanted: tuple[tuple[int, int], ...]) -> Removals:
    """The water actually removed for (area, wanted) pairs: as far as there is any."""
    return tuple(
        (area_id, min(count, state.area(area_id).water))
        for area_id, count in wanted
        if min(count, state.area(area_id).water) > 0
    )


def adit_drainage(state: State, areas: tuple[int, int]) -> Removals:
    """A5: 1 water from each of the two areas."""
    return drain(state, tuple((a, COMPONENTS.adit_water) for a in areas))


def railway_drainage(state: State, area_id: int) -> Removals:
    """A6: 2 water from the area and 1 from each neighbour."""
    wanted = [(area_id, COMPONENTS.railway_water)]
    wanted += [(n, COMPONENTS.railway_neighbour_water) for n in COMPONENTS.area(area_id).neighbours]
    return drain(state, tuple(sorted(wanted)))


def water_on_board(state: State) -> bool:
    """Tells whether any area holds water (pump tokens have something to remove)."""
    return any(a.water for a in state.areas)


# -- auctions (B §1.10, Part A Q5) -----------------------------------------------------------


def may_bid(state: State, seat: int, amount: int) -> bool:
    """Q5: unpassed, can pay `amount`, can move +2 on the track and has a mine left."""
    player = state.players[seat]
    return (
        not player.passed
        and player.money >= amount
        and player.mines_left > 0
        and can_spend(state, seat, COST["build_mine"])
    )


def next_bidder(state: State) -> int | None:
    """The seat owing a bid: the opener first, then clockwise from the last to act; `None` when
    no one but the leader can still raise (the leader then wins)."""
    auction = state.auction
    assert auction is not None
    if auction.leader is None:
        return auction.opener
    assert auction.last is not None
    count = len(state.players)
    for step in range(1, count):
        seat = (auction.last + step) % count
        if seat == auction.leader or seat in auction.out:
            continue
        if may_bid(state, seat, auction.bid + 1):
            return seat
    return None


# -- external investments (B §1.12, Part A Q8) -----------------------------------------------


def investor(state: State) -> int | None:
    """The seat whose investment turn it is, or `None` when the phase is over."""
    inv = state.investing
    assert inv is not None
    count = len(state.players)
    if state.options.investment_pass is InvestmentPass.CIRCUIT:
        return None if inv.passes >= count else state.order[inv.turn % count]
    for step in range(count):
        seat = state.order[(inv.turn + step) % count]
        if seat not in inv.out:
            return seat
    return None


def investable_columns(state: State, seat: int) -> tuple[int, ...]:
    """Columns (1-based) of this round's row that `seat` may invest in now."""
    player = state.players[seat]
    if player.cubes_left <= 0:
        return ()
    row = state.investments[state.round - 1]
    return tuple(
        column
        for column, cost in enumerate(COMPONENTS.investment_costs, start=1)
        if len(row[column - 1]) < COMPONENTS.space_capacity and player.money >= cost
    )


# -- the arsenic market (B §1.15) -------------------------------------------------------------


def open_spaces(round_number: int) -> tuple[int, ...]:
    """Market spaces available in a round: section k (1-based) is open in rounds 1..k."""
    return tuple(
        i for i, (section, _) in enumerate(COMPONENTS.market_spaces) if section >= round_number - 1
    )


def arsenic_spaces(state: State, cubes: int) -> tuple[int, ...]:
    """Each cube goes to the highest-valued empty open space; the last (£6) takes any number."""
    unlimited = len(COMPONENTS.market_spaces) - 1
    free = [i for i in open_spaces(state.round) if i != unlimited and state.market[i] == 0]
    chosen = free[:cubes]
    return (*chosen, *([unlimited] * (cubes - len(chosen))))


def market_value(spaces: tuple[int, ...]) -> int:
    """The money for cubes placed on `spaces`."""
    return sum(COMPONENTS.market_spaces[i][1] for i in spaces)


def next_limiter(state: State, seat: int) -> int:
    """Where the limiter goes on the next process: above column 10, then one column left."""
    limiter = state.players[seat].limiter
    return COMPONENTS.time_points if limiter is None else limiter - 1
