"""Between turns: watches without a card, the end of a day, the next day, the end of the game
(rules/trekking.md 1B.8, 1B.9; Part A Q-K6, Q-K8).

After every turn (and after the itineraries are revealed) `settle` runs: while the seat to act
has no card left to choose (no display card, no deck card, no ancestor), its watch goes to 12
without the punctuality bonus and on top of the stack (Q-K6). When the last watch is on the 12
the day ends: itineraries and their tokens leave the game (crystals, PP and treks stay, Q-K8).
The next day's display is dealt from its deck and the turn order is the stack as it stands.
After Day III the game is scored.
"""

from __future__ import annotations

from boardstate.engine.core.replay import Emitter
from boardstate.engine.trekking import events as ev
from boardstate.engine.trekking.components import COMPONENTS
from boardstate.engine.trekking.scoring import game_over
from boardstate.engine.trekking.state import State
from boardstate.engine.trekking.turns import active_seat, has_choice


def day_started(state: State, day: int) -> ev.DayStarted:
    """The fact that deals day `day`'s display from its (already shuffled) deck."""
    deck = state.decks[day - 1]
    size = COMPONENTS.display_spaces
    display = tuple(deck[i] if i < len(deck) else None for i in range(size))
    return ev.DayStarted(day=day, display=display, top=deck[size] if len(deck) > size else None)


def end_day(out: Emitter) -> None:
    """The day is over: the next day's set-up, or the final scoring after the last day."""
    state: State = out.state
    out.emit(ev.DayEnded(day=state.day, stack=tuple(reversed(state.stack))))
    if state.day < COMPONENTS.days:
        out.emit(day_started(out.state, state.day + 1))
    else:
        out.emit(game_over(out.state))


def settle(out: Emitter) -> None:
    """Moves watches of seats with nothing to choose to 12, and ends the day when all are."""
    while True:
        state: State = out.state
        seat = active_seat(state)
        if seat is None:
            end_day(out)
            return
        if has_choice(state):
            return
        left = COMPONENTS.hours_per_day - state.players[seat].hours
        out.emit(ev.WatchMoved(seat, left, COMPONENTS.hours_per_day, ev.Why.NO_CARD))
