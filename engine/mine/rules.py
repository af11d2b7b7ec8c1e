"""The TF22 Mine rules object: the decider protocol of `engine.core.rules` for `tf22-mine`."""

from __future__ import annotations

from boardstate.engine.core.rules import GameInfo, GameRules
from boardstate.engine.mine import (
    cited,
    decide,
    evolve,
    legal,
    options,
    scoring,
    setup,
    turns,
    view,
)
from boardstate.engine.mine.components import DATA
from boardstate.engine.mine.events import EVENTS, Event
from boardstate.engine.mine.moves import MOVES, Move
from boardstate.engine.mine.state import State

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
    max_game_length=SETUP_MOVES + options.MAX_ROUNDS_LIMIT * 4 * MOVES_PER_TURN,
)


RULES: GameRules[State, Move, Event] = GameRules(
    info=INFO,
    moves=MOVES,
    events=EVENTS,
    options_type=options.Options,
    data=DATA,
    cited=cited.CITED,
    new_state=setup.new_state,
    opening=setup.opening,
    is_started=turns.is_started,
    is_finished=turns.is_finished,
    to_act=turns.to_act,
    legal_moves=legal.legal_moves,
    play=decide.play,
    evolve=evolve.evolve,
    view=view.view,
    redact=view.redact,
    outcome=scoring.outcome,
    check_options=options.check_options,
)
"""TF22 Mine for 2–4 players (rules/mine.md)."""
