"""Trambahn set-up (rules/trambahn.md 1A.3): the empty table, then the opening facts.

Shuffle, choose the start player, money piles of 12 (start player) and 15, hands of 6, the
tram display, and the first turn.
"""

from __future__ import annotations

from boardstate.engine.core.replay import Emitter
from boardstate.engine.core.rng import Rng
from boardstate.engine.trambahn import events as ev
from boardstate.engine.trambahn.components import COMPONENTS
from boardstate.engine.trambahn.options import Options
from boardstate.engine.trambahn.state import PlayerState, State


def new_state(players: int, options: Options) -> State:
    """Returns the empty table."""
    return State(options=options, players=tuple(PlayerState() for _ in range(players)))


def opening(out: Emitter, rng: Rng) -> None:
    """1A.3: shuffle, choose the start player, money 12/15, hands of 6, trams, first turn."""
    state: State = out.state
    out.emit(ev.DeckShuffled(order=rng.shuffle(COMPONENTS.deck)))
    first = rng.below(len(state.players))
    out.emit(ev.StartPlayerChosen(seat=first))
    order = [first, *(s for s in range(len(state.players)) if s != first)]
    for seat in order:
        count = COMPONENTS.start_money_first if seat == first else COMPONENTS.start_money_other
        out.emit(ev.MoneyDealt(seat, out.state.draw_pile[:count]))
    for seat in order:
        out.emit(ev.CardsDrawn(seat, out.state.draw_pile[: COMPONENTS.hand_size]))
    stack = COMPONENTS.tram_stack
    size = COMPONENTS.display_size
    out.emit(ev.TramsLaidOut(display=stack[:size], stack=stack[size:]))
    out.emit(ev.TurnStarted(seat=first, turn=1))
