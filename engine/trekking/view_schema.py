"""The JSON Schema of the Trekking Through History state view (`engine.trekking.view.view`)."""

from __future__ import annotations

from typing import Any

from boardstate.engine.core.view_schema import (
    BOOL,
    INT,
    NAT,
    SEAT,
    STR,
    arr,
    field,
    mapping,
    nullable,
    obj,
    state_schema,
    values_of,
)
from boardstate.engine.trekking.kinds import COLUMNS, Bonus, Token
from boardstate.engine.trekking.state import Phase, State

COLOURS = [c.value for c in COLUMNS]
TOKENS = arr(values_of(Token))
HISTORY_CARD = obj(
    "A history card's face",
    id=STR,
    title=STR,
    year=INT,
    circa=BOOL,
    hours=NAT,
    tokens=TOKENS,
    crystals=NAT,
)
ANCESTOR_CARD = obj(
    "An ancestor card's face",
    id=STR,
    ancestor={"const": True},
    hours=NAT,
    pp=INT,
    tokens=TOKENS,
)
CARD = {"oneOf": [HISTORY_CARD, ANCESTOR_CARD]}
SPACE = {"type": "array", "prefixItems": [{"enum": COLOURS}, NAT], "items": False}
"""A space of an itinerary: its column's colour and its row (1 = top)."""
ITINERARY_PARTS: dict[str, dict[str, Any]] = {
    "id": STR,
    "columns": mapping(arr(obj(pp=INT, crystals=NAT)), COLOURS),
    "groups": arr(obj(spaces=arr(SPACE), pp=INT)),
}
ITINERARY = obj("An itinerary's layout", **ITINERARY_PARTS)
TODAY = obj(
    "The itinerary in use today, with its progress",
    **ITINERARY_PARTS,
    filled=mapping(NAT, COLOURS),
    groups_done=arr(INT),
)
PLAYER = obj(
    "A seat; `itineraries` and `pending_itinerary` only in that seat's own view",
    seat=SEAT,
    hours=NAT,
    crystals=NAT,
    pp=INT,
    itineraries=nullable(arr(ITINERARY)),
    itinerary_count=NAT,
    has_chosen=nullable(BOOL),
    pending_itinerary=nullable(STR),
    itinerary=nullable(TODAY),
    used_itineraries=arr(STR),
    open_trek=arr(STR),
    closed_treks=arr(arr(STR)),
    reference_year=nullable(INT),
    trek_points=INT,
    score=INT,
)


def schema() -> dict[str, Any]:
    """The schema of `view(state, viewer)` for any viewer."""
    return state_schema(
        "trekking",
        obj(
            "What a seat (or a spectator) sees of a Trekking Through History table",
            day=NAT,
            days=NAT,
            phase=values_of(Phase),
            finished=BOOL,
            start_player=SEAT,
            to_act=arr(SEAT),
            active_seat=nullable(SEAT),
            clock=obj(hours=arr(INT), stack=arr(SEAT)),
            deck=obj(count=NAT, top=nullable(CARD)),
            deck_counts=arr(NAT),
            display=arr(obj(space=NAT, bonus=values_of(Bonus), card=nullable(CARD))),
            ancestors=arr(CARD),
            players=arr(PLAYER),
            options=field(State, "options"),
        ),
    )
