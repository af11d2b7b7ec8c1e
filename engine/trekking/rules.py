"""The Trekking rules object: the decider protocol of `engine.core.rules` for `trekking`.

Where the rules are silent (rules/trekking.md Part A settles the rest), this implementation
decides as follows; options name the real choices (`options.py`):

* Token order in a turn: the card's coloured tokens, then the space bonus token, then World
  tokens in the order of `world_columns`; a World token must go to a column that still has a
  free space at that moment, if any has (Q-K5; see `placement`).
* Crystals: any number up to (hours − 1) may be spent, even when fewer would reach 12; a
  watch landing exactly on 12 after crystals gains the punctuality bonus.
* When no card is left to choose (display, deck and pool empty), the watch of the seat to act
  goes to 12 automatically, without bonus and on top of the stack (Q-K6); this is no move.
* The display shrinks by leaving space 1 empty when the deck is empty; empty spaces shift like
  cards (1B.5 step 5 read literally).
* An ancestor taken with no open trek starts one; a trek of ancestors only has no reference
  year, so any history card continues it (1B.7).
* Day I's stack: the start player on top, the others below in seat order after it (Q-K13).
* Unused itineraries stay private to the end; the service's log export reveals them once the
  game has ended.
* Options: `equal_years` (Q-K7), `tie_break` (Q-K10), `display_bonuses` (Q-K2).
"""

from __future__ import annotations

from boardstate.engine.core.rules import GameInfo, GameRules
from boardstate.engine.core.stand_in import StandIn
from boardstate.engine.core.variants import OptionVariant, Variants
from boardstate.engine.trekking import (
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
from boardstate.engine.trekking.components import DATA
from boardstate.engine.trekking.events import EVENTS, Event
from boardstate.engine.trekking.moves import MOVES, Move
from boardstate.engine.trekking.state import State
from boardstate.engine.trekking.words import WORDS

INFO = GameInfo(
    id="trekking",
    name="Trekking Through History",
    min_players=2,
    max_players=4,
    rules_version="1.0.0",
    # Each day every player makes one itinerary choice and at most 12 card choices (every card
    # costs at least 1 hour and a player stops at 12): 3 days × 4 players × 13 moves.
    max_game_length=3 * 4 * 13,
)


VARIANTS = Variants(
    printed="the printed rules: 2–4 players",
    options=(
        OptionVariant(
            "equal_years",
            ("continue",),
            "alternative reading",
            "break: only a strictly later year continues a trek; an equal year closes it",
            "Part A Q-K7",
        ),
        OptionVariant(
            "tie_break",
            ("crystals",),
            "alternative reading",
            "shared: equal totals share the win, without the crystals tie-break",
            "Part A Q-K10",
        ),
        OptionVariant(
            "display_bonuses",
            (None,),
            "alternative reading",
            "another order of the display spaces' bonuses than the data set's (the printed "
            "order is not known)",
            "Part A Q-K2",
        ),
    ),
)


STAND_IN = StandIn(
    prefer=(),
    rule=(
        "1B.3 step 4 and 1B.5: every turn must choose an itinerary and a card, so the stand-in "
        "takes the first one the rules list (no pass exists)"
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
    check_first=decide.check_first,
    variants=VARIANTS,
    stand_in=STAND_IN,
    bots=bots.HOOKS,
    words=WORDS,
)
"""Trekking Through History for 2–4 players (rules/trekking.md)."""
