"""TF22 Mine set-up events (rules/mine.md Part B §2.4): the layout, the start player, the
swaps, the colour choice, the shuffled symbol piles and the start of each turn.

The order of standard-mode piles is hidden from everybody (`Cards` fields are blanked by
`redact`).
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from boardstate.engine.mine.components import Colour
from boardstate.engine.mine.moves import Cell
from boardstate.engine.mine.state import Placement

Cards = tuple[str | None, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class CrewPlaced:
    """A crew and its base camp on its centre card."""

    colour: Colour
    cell: Cell


@dataclasses.dataclass(frozen=True, slots=True)
class MineLaidOut:
    """§2.4 items 1–5: the 36 cards row-major (ring cards shuffled, faces and rots drawn),
    crews on their base camps, Ranium on the inner corners, loaders docked; with the data set."""

    TYPE: ClassVar[str] = "MineLaidOut"
    data_set: str
    content_hash: str
    grid: tuple[Placement, ...]
    crews: tuple[CrewPlaced, ...]
    ranium: tuple[Cell, ...]
    loaders: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class StartPlayerChosen:
    """§2.4 item 6: the start player was drawn at random."""

    TYPE: ClassVar[str] = "StartPlayerChosen"
    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class CardsSwapped:
    """§2.4 item 7: the start player swapped two ring cards (faces, rots kept)."""

    TYPE: ClassVar[str] = "CardsSwapped"
    seat: int
    a: Cell
    b: Cell


@dataclasses.dataclass(frozen=True, slots=True)
class ColourChoiceStarted:
    """§2.4 item 8: colours are chosen by these seats in this order."""

    TYPE: ClassVar[str] = "ColourChoiceStarted"
    order: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class ColourChosen:
    """A seat took a colour (the last one is left to the start player)."""

    TYPE: ClassVar[str] = "ColourChosen"
    seat: int
    colour: Colour


@dataclasses.dataclass(frozen=True, slots=True)
class SymbolPilesShuffled:
    """§2.4 item 9 (standard mode): every seat's pile, top first. Order: hidden from all."""

    TYPE: ClassVar[str] = "SymbolPilesShuffled"
    piles: tuple[Cards, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class TurnStarted:
    """A seat's turn began with 4 ore."""

    TYPE: ClassVar[str] = "TurnStarted"
    seat: int
    round: int
