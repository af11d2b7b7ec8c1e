"""The JSON Schema of the Trambahn state view (`engine.trambahn.view.view`), issue 19."""

from __future__ import annotations

from typing import Any

from boardstate.engine.core.view_schema import (
    BOOL,
    INT,
    NAT,
    SEAT,
    STR,
    arr,
    mapping,
    nullable,
    obj,
    state_schema,
    values_of,
    wire,
)
from boardstate.engine.trambahn.components import Colour, TramKind
from boardstate.engine.trambahn.options import Options
from boardstate.engine.trambahn.state import Step

CARD = {"type": "string", "description": "a card id"}
LINE = obj(
    "A line on a player's board",
    id=INT,
    colour=values_of(Colour),
    values=arr(INT),
    conductors=NAT,
    length=NAT,
    closed=BOOL,
    tram=nullable(values_of(TramKind)),
    extra_tour_done=BOOL,
    vp=INT,
    points=INT,
)
PLAYER = obj(
    "A seat; `hand` only in that seat's own view (null elsewhere)",
    seat=SEAT,
    hand=nullable(arr(CARD)),
    hand_count=NAT,
    money_count=NAT,
    lines=arr(LINE),
    fahrten=arr(INT),
    extra_tours=arr(INT),
    total=INT,
)


def schema() -> dict[str, Any]:
    """The schema of `view(state, viewer)` for any viewer."""
    colours = [c.value for c in Colour]
    return state_schema(
        "trambahn",
        obj(
            "What a seat (or a spectator) sees of a Trambahn table",
            turn=NAT,
            active_seat=nullable(SEAT),
            step=values_of(Step),
            start_player=SEAT,
            scorings=NAT,
            scorings_to_end=NAT,
            finished=BOOL,
            end_reason=nullable(STR),
            terminals=mapping(arr(CARD), colours),
            draw_pile_count=NAT,
            discard_pile=arr(CARD),
            tram_display=arr(values_of(TramKind)),
            tram_stack=arr(values_of(TramKind)),
            players=arr(PLAYER, 2),
            options=wire(Options),
        ),
    )
