"""Who acts (rules/tinners_trail.md B §1.5, §1.8, §1.10, §1.12; Part A Q3): the seat owing a
decision, and the time track through `engine.core.turn_order`.

The seat owing the next decision is the investor, an opener of a new area, the calciner
chooser, the next bidder, the pumping seat, or else the time track's seat.

Who acts next: passed players never act again this round; an unpassed token still on the Order
of Play column (column 0) acts first, the highest one first; otherwise the token in the leftmost
column acts, the one in the highest row first. A token entering a column takes the topmost free
row (Q3; option `track_ties=last_arrival_first` puts it on top of the others instead). Rows are
stored per token (a smaller row is higher up); they are handed to the shared helper as the
acting order within each column, with `Tie.FIRST_ARRIVED` meaning "earlier in that order first".
"""

from __future__ import annotations

from boardstate.engine.core.replay import Emitter
from boardstate.engine.core.turn_order import Tie, time_track_next, time_track_order
from boardstate.engine.tinners_trail import events as ev
from boardstate.engine.tinners_trail.board import investor, next_bidder
from boardstate.engine.tinners_trail.options import TrackTies
from boardstate.engine.tinners_trail.state import Phase, State


def _ranking(state: State) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Positions and the seats ranked top to bottom within each column (column 0: Order of Play)."""
    players = state.players
    positions = tuple(p.column for p in players)

    def rank(seat: int) -> tuple[int, int]:
        column = positions[seat]
        return column, state.order.index(seat) if column == 0 else players[seat].row

    return positions, tuple(sorted(range(len(players)), key=rank))


def unpassed(state: State) -> tuple[int, ...]:
    """The seats still on the time track or the Order of Play column this round."""
    return tuple(s for s, p in enumerate(state.players) if not p.passed)


def acting_seat(state: State) -> int | None:
    """The seat that takes the next action, or `None` when everyone has passed."""
    eligible = unpassed(state)
    if not eligible:
        return None
    positions, ranked = _ranking(state)
    return time_track_next(positions, ranked, Tie.FIRST_ARRIVED, eligible)


def acting_order(state: State) -> tuple[int, ...]:
    """Every unpassed seat in the order it would act if nobody moved (for views)."""
    positions, ranked = _ranking(state)
    return time_track_order(positions, ranked, Tie.FIRST_ARRIVED, unpassed(state))


def entry_row(state: State, seat: int, column: int) -> int:
    """The row `seat`'s token takes on entering `column` (Q3)."""
    taken = [
        p.row
        for s, p in enumerate(state.players)
        if s != seat and not p.passed and p.column == column
    ]
    if state.options.track_ties is TrackTies.LAST_ARRIVAL_FIRST:
        return min(taken) - 1 if taken else 0
    row = 0
    while row in taken:
        row += 1
    return row


def spend(out: Emitter, seat: int, steps: int) -> None:
    """Moves `seat`'s token `steps` columns right (nothing for a free action)."""
    if steps == 0:
        return
    state: State = out.state
    column = state.players[seat].column + steps
    out.emit(ev.TimeSpent(seat, steps, column, entry_row(state, seat, column)))


def owing(state: State) -> int | None:
    """The seat that owes the next decision, or `None` (before set-up, after the end)."""
    if state.phase is Phase.INVESTMENTS:
        # None between InvestmentsEnded and OpeningStarted (a version inside one move).
        return investor(state) if state.investing is not None else None
    if state.phase is Phase.OPENING:
        return state.openers[0] if state.openers else None
    if state.phase is not Phase.ACTIONS:
        return None
    if state.calciner_offer is not None:
        return state.calciner_offer.seat
    if state.auction is not None:
        return next_bidder(state)
    if state.pumping is not None:
        return state.pumping.seat
    return acting_seat(state)


def to_act(state: State) -> frozenset[int]:
    """The seat owing a decision: the time track's seat, the bidder, the investor, …"""
    seat = owing(state)
    return frozenset() if seat is None else frozenset({seat})


def is_started(state: State) -> bool:
    """Whether the set-up has been played (B §1.4)."""
    return state.phase is not Phase.SETUP


def is_finished(state: State) -> bool:
    """Whether round 4 has ended (B §1.14)."""
    return state.finished
