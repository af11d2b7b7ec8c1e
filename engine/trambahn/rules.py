"""The Trambahn declaration: the decider protocol of `engine.core.rules` for `trambahn`."""

from __future__ import annotations

from boardstate.engine.core.rules import GameInfo, GameRules
from boardstate.engine.core.stand_in import StandIn
from boardstate.engine.core.variants import OptionVariant, Variants
from boardstate.engine.trambahn import (
    bots,
    cited,
    decide,
    evolve,
    legal,
    scoring,
    setup,
    turns,
    view,
    view_schema,
)
from boardstate.engine.trambahn.components import DATA
from boardstate.engine.trambahn.events import EVENTS, Event
from boardstate.engine.trambahn.moves import MOVES, Move
from boardstate.engine.trambahn.options import Options
from boardstate.engine.trambahn.state import State
from boardstate.engine.trambahn.words import WORDS

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

VARIANTS = Variants(
    printed="the seed rules: 2 players",
    options=(
        OptionVariant(
            "money_halving",
            ("floor",),
            "alternative reading",
            "ceil: on deck exhaustion a player discards ceil(n/2) money cards, not floor(n/2)",
            "Part A Q-T2",
        ),
        OptionVariant(
            "display_refill",
            ("end_of_purchase",),
            "alternative reading",
            "after_each_purchase: the tram display is refilled right after each tram bought "
            "(gamesgazette's reading), not at the end of the purchase step",
            "Part A Q-T6",
        ),
        OptionVariant(
            "tie_break",
            ("shared",),
            "alternative reading",
            "extra_tours: on equal totals more extra-tour points wins (still equal: shared)",
            "Part A Q-T4",
        ),
    ),
)


STAND_IN = StandIn(
    prefer=({"type": "end_turn"},),
    rule=(
        "TB rules 1A.4: every step after the passengers may be skipped by ending the turn; the "
        "one compulsory step, boarding passengers, takes the first single passenger listed"
    ),
)

RULES: GameRules[State, Move, Event] = GameRules(
    info=INFO,
    moves=MOVES,
    events=EVENTS,
    options_type=Options,
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
    state_schema=view_schema.schema,
    redact=view.redact,
    outcome=scoring.outcome,
    variants=VARIANTS,
    stand_in=STAND_IN,
    bots=bots.HOOKS,
    words=WORDS,
)
"""Trambahn for 2 players (rules/trambahn.md)."""
