"""The TF22 Mine rules object: the decider protocol of `engine.core.rules` for `tf22-mine`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from boardstate.engine.core.errors import BadOptions, GameFinished, GameNotStarted
from boardstate.engine.core.replay import Emitter
from boardstate.engine.core.rng import Rng
from boardstate.engine.core.rules import GameInfo, GameRules, Outcome
from boardstate.engine.mine import decide as decide_
from boardstate.engine.mine import events as ev
from boardstate.engine.mine import moves as mv
from boardstate.engine.mine.components import DATA
from boardstate.engine.mine.evolve import evolve
from boardstate.engine.mine.legal import legal_moves
from boardstate.engine.mine.options import MAX_ROUNDS_LIMIT, Options, option_problems
from boardstate.engine.mine.setup import lay_out
from boardstate.engine.mine.state import Phase, Player, State
from boardstate.engine.mine.turns import to_act
from boardstate.engine.mine.view import redact, view

SETUP_MOVES = 2 + 3
"""At most 2 swaps (an early stop replaces the second) and 3 colour choices (the last is
given)."""
MOVES_PER_TURN = 4 * 6
"""4 ore-spending actions; the worst is a strategic steal: `steal`, two commitments, the
defender's free action, and 2 re-spawn placements if that action was a 2-unit delivery."""

INFO = GameInfo(
    id="tf22-mine",
    name="TF22 Mine",
    min_players=2,
    max_players=4,
    rules_version="1.0.0",
    # Bounded by `max_rounds` ≤ 200 rounds of 4 turns. `max_rounds = 0` (Part A: no limit) is
    # the one setting under which no bound holds: the original game has none.
    max_game_length=SETUP_MOVES + MAX_ROUNDS_LIMIT * 4 * MOVES_PER_TURN,
)


class MineRules(GameRules[State, mv.Move, ev.Event]):
    """TF22 Mine for 2–4 players (rules/mine.md)."""

    info = INFO
    moves = mv.MOVES
    events = ev.EVENTS
    options_type = Options
    data = DATA

    def parse_options(self, raw: Mapping[str, Any] | None) -> Any:
        """Returns the options; also refuses repeated centre colours or loader positions."""
        options = super().parse_options(raw)
        problems = option_problems(options)
        if problems:
            raise BadOptions("; ".join(problems), {"problems": problems})
        return options

    def initial_state(self, players: int, options: Any) -> State:
        """Returns the empty table."""
        self.check_players(players)
        assert isinstance(options, Options)
        return State(options=options, players=tuple(Player() for _ in range(players)))

    def setup(self, state: State, rng: Rng) -> Sequence[ev.Event]:
        """§2.4: lays out the mine, places the pieces and chooses the start player."""
        out = Emitter(self, state)
        lay_out(out, rng)
        return out.events

    def legal_moves(self, state: State, seat: int) -> Sequence[mv.Move]:
        """Returns every move `seat` may submit now."""
        return legal_moves(state, seat)

    def decide(self, state: State, seat: int, move: mv.Move, rng: Rng) -> Sequence[ev.Event]:
        """Validates `move` and returns its facts; raises a typed `MoveError`."""
        if state.phase is Phase.OVER:
            raise GameFinished("the game is over")
        if state.phase is Phase.SETUP:
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
        """The seat(s) owing a decision: a pending decision's seat(s), else the turn owner."""
        return to_act(state)

    def outcome(self, state: State) -> Outcome | None:
        """Victory points and winners once the game is over."""
        if state.phase is not Phase.OVER:
            return None
        details = {
            "reason": state.end_reason,
            "ranium_carried": [state.carried(s) for s in range(len(state.players))],
            "colours": [[c.value for c in p.colours] for p in state.players],
        }
        return Outcome(
            scores=tuple(p.points for p in state.players), winners=state.winners, details=details
        )


RULES = MineRules()
