"""The TF22 Mine rules object: the decider protocol of `engine.core.rules` for `tf22-mine`."""

from __future__ import annotations

from boardstate.engine.core.rules import GameInfo, GameRules
from boardstate.engine.core.stand_in import StandIn
from boardstate.engine.core.variants import OptionVariant, Variants
from boardstate.engine.mine import (
    bots,
    cited,
    decide,
    evolve,
    legal,
    options,
    scoring,
    setup,
    turns,
    view,
    view_schema,
)
from boardstate.engine.mine.components import DATA
from boardstate.engine.mine.events import EVENTS, Event
from boardstate.engine.mine.moves import MOVES, Move
from boardstate.engine.mine.state import State
from boardstate.engine.mine.words import WORDS

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


VARIANTS = Variants(
    printed="Part B §2.11: 4 players; 3 and 2 players as the seed describes them",
    options=(
        OptionVariant(
            "max_rounds",
            (0,),
            "house rule",
            "max_rounds N > 0 (default 50): the game also ends after N rounds, on points (most "
            "VP, then most Ranium carried, else a shared win); the original game has no such "
            "limit. With 0 (the printed game) a game can go on for ever",
            "Part A, 'Finite games' (our addition, not in the original rules)",
            unbounded=(0,),
        ),
        OptionVariant(
            "setup_swaps",
            (2,),
            "alternative reading",
            "setup_swaps 1 (the strict reading of the seed's 'bis zu 2 Minenkarten vertauschen') "
            "or 0: fewer swaps of ring cards by the start player than the review's two",
            "Part B §4 Q8",
        ),
        OptionVariant(
            "require_open_edges",
            (True,),
            "alternative reading",
            "false: movement does not need openings that meet",
            "Part B §4 Q3",
        ),
        OptionVariant(
            "change_type_needs_open_edges",
            (True,),
            "alternative reading",
            "false: changing tunnel type does not need openings that meet",
            "Part B §4 Q4",
        ),
        OptionVariant(
            "loader_needs_opening",
            (True,),
            "alternative reading",
            "false: the delivery cell need not open towards the loader",
            "Part B §4 Q7",
        ),
        OptionVariant(
            "allow_forfeit_ore",
            (False,),
            "house rule",
            "true: a player may give up the rest of the turn's ore (`forfeit_ore`)",
            "Part B §2.5",
        ),
        OptionVariant(
            "symbol_cards",
            ("standard",),
            "alternative reading",
            "chance (each reveal a random card of all five) or strategic (the owner chooses; "
            "fighters commit secretly), the other ways the review names, instead of the seed's "
            "face-down pile",
            "Part B §2.10, §4 Q19",
        ),
    ),
)


STAND_IN = StandIn(
    prefer=(
        {"type": "forfeit_ore"},
        {"type": "swap_cards", "a": None, "b": None},
        {"type": "move_loader"},
    ),
    rule=(
        "Part A ore actions: with the forfeit house rule the stand-in gives up its ore; otherwise"
        " it stops swapping at set-up and spends ore moving its own loader, which touches no "
        "other player"
    ),
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
    state_schema=view_schema.schema,
    redact=view.redact,
    outcome=scoring.outcome,
    check_options=options.check_options,
    variants=VARIANTS,
    stand_in=STAND_IN,
    bots=bots.HOOKS,
    words=WORDS,
)
"""TF22 Mine for 2–4 players (rules/mine.md)."""
