"""The rules Trambahn cites when it refuses a move (rules/trambahn.md 1A.4, Part A Q-T5, Q-T7).

`illegal(rule, message)` builds the `IllegalMove` whose `details["rule"]` is a key of
`RULES_CITED` and whose message ends with the rule's text.
"""

from __future__ import annotations

from boardstate.engine.core.cited import Citations

RULES_CITED = {
    "step_order": "1A.4: passengers, then stations, income, purchases, then end of turn",
    "card_in_hand": "1A.4: only cards in your hand can be played",
    "passenger_terminal": "1A.4 step 1: a coloured passenger goes to its own colour's terminal",
    "line_unknown": "1A.4 step 2: you can only add to one of your own lines",
    "line_colour": "1A.4 step 2: a line holds cards of one colour",
    "line_closed": "1A.4 step 2: a line holding a 10 is closed",
    "ascending": "1A.4 step 2 / Q-T5: values in a line strictly ascend",
    "conductor_line": "Q-T7: a conductor joins an existing, non-closed line",
    "tram_display": "1A.4 step 4: trams are bought from the display",
    "tram_line": "1A.4 step 4: one tram per line, for a line that has none",
    "tram_price": "1A.4 step 4: the price is paid from the money pile, not from the hand",
}

CITED = Citations(RULES_CITED)
illegal = CITED.illegal
