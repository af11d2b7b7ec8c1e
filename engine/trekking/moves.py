"""Trekking moves (rules/trekking.md Part A, 1B.3 step 4, 1B.5).

* `choose_itinerary` — the simultaneous secret choice of the day's itinerary from the hand.
* `choose_card` — a whole turn: one of the six display choices (a display space or the deck's
  face-up top card) or an ancestor from the pool, with the crystals spent on its hours
  (`crystals`, Part A) and the column of each World-experience token the card brings
  (`world_columns`, in placement order; Part A).
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, ClassVar

from boardstate.engine.core.wire import Bounds, WireCodec
from boardstate.engine.trekking.kinds import Colour


@dataclasses.dataclass(frozen=True, slots=True)
class ChooseItinerary:
    """Choose today's itinerary from your hand, secretly; revealed when everyone has chosen."""

    TYPE: ClassVar[str] = "choose_itinerary"
    itinerary: str


@dataclasses.dataclass(frozen=True, slots=True)
class ChooseCard:
    """Take a display card, the deck's top card or an ancestor: pay, collect, trek, refill."""

    TYPE: ClassVar[str] = "choose_card"
    card: str
    crystals: Annotated[int, Bounds(0, 99)] = 0
    world_columns: Annotated[tuple[Colour, ...], Bounds(0, 8)] = ()


Move = ChooseItinerary | ChooseCard

MOVES: WireCodec[Move] = WireCodec([ChooseItinerary, ChooseCard])
