"""The rules Trekking cites when it refuses a move (rules/trekking.md Part A, 1B.3–1B.8; Q-K5).

`illegal(rule, message, **details)` builds the `IllegalMove` whose `details["rule"]` is a key of
`RULES_CITED` and whose message ends with the rule's text.
"""

from __future__ import annotations

from boardstate.engine.core.cited import Citations

RULES_CITED = {
    "itinerary_phase": "1B.3 step 4: itineraries are chosen before the first turn of a day",
    "itinerary_in_hand": "1B.8: choose one of the itineraries still in your hand",
    "itinerary_first": "1B.3 step 4: every player picks today's itinerary before the first turn",
    "card_available": "1B.5 step 1: choose a display card, the deck's top card or a pool ancestor",
    "crystals_held": "1B.5 step 2: spend only crystals you hold before this turn's rewards",
    "crystal_floor": "1B.5 step 2: crystals never lower a card's cost below 1 hour",
    "world_columns": "Part A: name one column for each World-experience token the card brings",
    "world_free_column": "Q-K5: a World token goes to a column with a free space if one exists",
}

CITED = Citations(RULES_CITED)
illegal = CITED.illegal
