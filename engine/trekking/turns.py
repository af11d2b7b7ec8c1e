"""Who acts: the 12-hour clock (rules/trekking.md 1B.4, 1B.8; Part A Q-K6).

The seat with the fewest hours used today among those below 12 moves next; on a tie, the watch
on top of the stack (the last to arrive) goes first (`engine.core.turn_order`, `Tie.LAST_ARRIVED`).
During the simultaneous itinerary choice every seat that has not chosen owes a move.
"""

from __future__ import annotations

from boardstate.engine.core.turn_order import Tie, time_track_next
from boardstate.engine.trekking.components import COMPONENTS
from boardstate.engine.trekking.state import Phase, State


def on_clock(state: State) -> list[int]:
    """Seats still below 12 today."""
    return [s for s, p in enumerate(state.players) if p.hours < COMPONENTS.hours_per_day]


def active_seat(state: State) -> int | None:
    """The seat whose turn it is while turns are taken, else `None`."""
    if state.phase is not Phase.TURNS:
        return None
    eligible = on_clock(state)
    if not eligible:
        return None
    return time_track_next(state.hours, state.stack, Tie.LAST_ARRIVED, eligible)


def to_act(state: State) -> frozenset[int]:
    """Seats that owe a decision now."""
    if state.phase is Phase.ITINERARY:
        assert state.secret is not None
        return state.secret.waiting
    seat = active_seat(state)
    return frozenset() if seat is None else frozenset({seat})


def has_choice(state: State) -> bool:
    """Whether any card is left to choose today: a display card, the deck top or an ancestor."""
    return bool(state.ancestors or state.deck or any(c is not None for c in state.display))


def is_started(state: State) -> bool:
    """Whether the set-up has been played (1B.3)."""
    return state.phase is not Phase.SETUP


def is_finished(state: State) -> bool:
    """Whether Day III has ended (1B.9)."""
    return state.phase is Phase.OVER
