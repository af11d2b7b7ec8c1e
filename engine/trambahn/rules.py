"""The Trambahn rules object: the decider protocol of `engine.core.rules` for `trambahn`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardstate.engine.core.errors import GameFinished, GameNotStarted
from boardstate.engine.core.replay import Emitter
from boardstate.engine.core.rng import Rng
from boardstate.engine.core.rules import GameInfo, GameRules, Outcome
from boardstate.engine.trambahn import decide as decide_
from boardstate.engine.trambahn import events as ev
from boardstate.engine.trambahn import moves as mv
from boardstate.engine.trambahn.components import COMPONENTS, DATA
from boardstate.engine.trambahn.evolve import evolve
from boardstate.engine.trambahn.legal import legal_moves
from boardstate.engine.trambahn.options import Options
from boardstate.engine.trambahn.scoring import winners
from boardstate.engine.trambahn.state import PlayerState, State
from boardstate.engine.trambahn.view import redact, view

INFO = GameInfo(
    id="trambahn",
    name="Trambahn",
    min_players=2,
    max_players=2,
    rules_version="1.0.0",
    # At most 52 passengers can be placed before the 10th scoring, at least one per turn, and a
    # turn has at most 12 moves (1 passenger move, 5 cards as stations or income, a tram per
    # new line, end of turn).
    max_game_length=52 * 12,
)


class TrambahnRules(GameRules[State, mv.Move, ev.Event]):
    """Trambahn for 2 players (rules/trambahn.md)."""

    info = INFO
    moves = mv.MOVES
    events = ev.EVENTS
    options_type = Options
    data = DATA

    def initial_state(self, players: int, options: Any) -> State:
        """Returns the empty table."""
        self.check_players(players)
        assert isinstance(options, Options)
        return State(options=options, players=tuple(PlayerState() for _ in range(players)))

    def setup(self, state: State, rng: Rng) -> Sequence[ev.Event]:
        """1A.3: shuffle, choose the start player, money 12/15, hands of 6, trams, first turn."""
        out = Emitter(self, state)
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
        return out.events

    def legal_moves(self, state: State, seat: int) -> Sequence[mv.Move]:
        """Returns every move `seat` may submit now."""
        return legal_moves(state, seat)

    def decide(self, state: State, seat: int, move: mv.Move, rng: Rng) -> Sequence[ev.Event]:
        """Validates `move` and returns its facts; raises a typed `MoveError`."""
        if state.finished:
            raise GameFinished("the game is over")
        if state.turn == 0:
            raise GameNotStarted("the game has not been set up")
        self.check_turn(state, seat)
        out = Emitter(self, state)
        decide_.decide(state, seat, move, rng, out)
        return out.events

    def evolve(self, state: State, event: ev.Event) -> State:
        """Applies one event."""
        return evolve(state, event)

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        """Returns what `viewer` may see."""
        return view(state, viewer)

    def redact(self, event: ev.Event, viewer: int | None) -> ev.Event:
        """Hides what `viewer` may not know inside `event`."""
        return redact(event, viewer)

    def to_act(self, state: State) -> frozenset[int]:
        """The active seat, until the game is over."""
        if state.finished or state.turn == 0:
            return frozenset()
        return frozenset({state.active})

    def outcome(self, state: State) -> Outcome | None:
        """Totals and winners once the game is over."""
        if not state.finished:
            return None
        details = {
            "reason": state.end_reason,
            "fahrten": [list(p.fahrten) for p in state.players],
            "extra_tours": [list(p.extra_tours) for p in state.players],
        }
        return Outcome(
            scores=tuple(p.total for p in state.players), winners=winners(state), details=details
        )


RULES = TrambahnRules()
