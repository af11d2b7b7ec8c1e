"""Trekking events: past-tense facts; every random outcome is written into one (architecture §3).

Fields carrying hidden information are `X | None` so that `redact` can blank them: the order of
the shuffled day decks (nobody), a player's dealt itineraries and a pending itinerary choice
(owner only). Cards that become face up (the display, the deck's new top card) are public the
moment the event reports them. Itinerary rows are 1-based (top = 1), as in the data file.
"""

from __future__ import annotations

import dataclasses
import enum
import typing
from typing import ClassVar

from boardstate.engine.core.wire import WireCodec
from boardstate.engine.trekking.kinds import Colour, Token

Ids = tuple[str | None, ...]


class Reason(enum.Enum):
    """Why PP or crystals were gained."""

    START = "start"
    CARD = "card"
    DISPLAY_SPACE = "display_space"
    ITINERARY_SPACE = "itinerary_space"
    PUNCTUALITY = "punctuality"
    ANCESTOR = "ancestor"


class Why(enum.Enum):
    """Why a watch moved: a chosen card, or no card left to choose (Q-K6)."""

    CARD = "card"
    NO_CARD = "no_card"


@dataclasses.dataclass(frozen=True, slots=True)
class DataSetRecorded:
    """The component data set this game uses: its id and content hash."""

    TYPE: ClassVar[str] = "DataSetRecorded"
    data_set: str
    content_hash: str


@dataclasses.dataclass(frozen=True, slots=True)
class StartPlayerChosen:
    """The start player was drawn; the watches stack on the 12, start player on top (Q-K13)."""

    TYPE: ClassVar[str] = "StartPlayerChosen"
    seat: int
    stack: tuple[int, ...]
    """The watches from the top of the stack down."""


@dataclasses.dataclass(frozen=True, slots=True)
class AncestorsDrawn:
    """3 ancestors per player were drawn for the shared pool (1B.3 step 1)."""

    TYPE: ClassVar[str] = "AncestorsDrawn"
    cards: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class DeckShuffled:
    """A day deck was shuffled (top first). Order: hidden from all."""

    TYPE: ClassVar[str] = "DeckShuffled"
    day: int
    order: Ids


@dataclasses.dataclass(frozen=True, slots=True)
class ItinerariesDealt:
    """A player was dealt 4 itineraries. Ids: owner only."""

    TYPE: ClassVar[str] = "ItinerariesDealt"
    seat: int
    itineraries: Ids


@dataclasses.dataclass(frozen=True, slots=True)
class DayStarted:
    """A day began: its display was dealt and its deck's top card turned face up."""

    TYPE: ClassVar[str] = "DayStarted"
    day: int
    display: tuple[str | None, ...]
    """Display spaces 1..5."""
    top: str | None


@dataclasses.dataclass(frozen=True, slots=True)
class ItineraryCommitted:
    """A player chose today's itinerary. Id: owner only until the reveal."""

    TYPE: ClassVar[str] = "ItineraryCommitted"
    seat: int
    itinerary: str | None


@dataclasses.dataclass(frozen=True, slots=True)
class ItinerariesRevealed:
    """Everyone had chosen: today's itineraries, by seat."""

    TYPE: ClassVar[str] = "ItinerariesRevealed"
    itineraries: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class CardTaken:
    """A player took a card (space 1..5, 0 = the deck top, `null` = an ancestor) and paid
    `crystals` crystals to the supply."""

    TYPE: ClassVar[str] = "CardTaken"
    seat: int
    card: str
    space: int | None
    crystals: int


@dataclasses.dataclass(frozen=True, slots=True)
class WatchMoved:
    """A watch advanced `hours` to `position` (at most 12) and went on top there."""

    TYPE: ClassVar[str] = "WatchMoved"
    seat: int
    hours: int
    position: int
    why: Why


@dataclasses.dataclass(frozen=True, slots=True)
class PrestigeGained:
    """A player's PP marker moved forward."""

    TYPE: ClassVar[str] = "PrestigeGained"
    seat: int
    points: int
    reason: Reason


@dataclasses.dataclass(frozen=True, slots=True)
class CrystalsGained:
    """A player took crystals from the (unlimited) supply."""

    TYPE: ClassVar[str] = "CrystalsGained"
    seat: int
    count: int
    reason: Reason


@dataclasses.dataclass(frozen=True, slots=True)
class TokenPlaced:
    """A token went on the topmost empty space of `column` (`row`), or was lost (`null`)."""

    TYPE: ClassVar[str] = "TokenPlaced"
    seat: int
    token: Token
    column: Colour
    row: int | None


@dataclasses.dataclass(frozen=True, slots=True)
class GroupCompleted:
    """Every space of a linked group (index in today's itinerary) is covered: its bonus."""

    TYPE: ClassVar[str] = "GroupCompleted"
    seat: int
    group: int
    points: int


@dataclasses.dataclass(frozen=True, slots=True)
class CardAddedToTrek:
    """The card joined the open trek; `closed`: the old open trek was closed first and the
    card starts a new one."""

    TYPE: ClassVar[str] = "CardAddedToTrek"
    seat: int
    card: str
    closed: bool


@dataclasses.dataclass(frozen=True, slots=True)
class DisplayRefilled:
    """After a history card left space `space` (0 = the deck top), the cards nearer the deck
    shifted one space away and space 1 took the deck's top card; `top` is the new top card."""

    TYPE: ClassVar[str] = "DisplayRefilled"
    space: int
    top: str | None


@dataclasses.dataclass(frozen=True, slots=True)
class DayEnded:
    """The last watch reached 12: the day is over, itineraries leave the game."""

    TYPE: ClassVar[str] = "DayEnded"
    day: int
    stack: tuple[int, ...]
    """The watches on the 12 from the top down: the next day's turn order."""


@dataclasses.dataclass(frozen=True, slots=True)
class GameOver:
    """Final scoring after Day III (1B.9), by seat."""

    TYPE: ClassVar[str] = "GameOver"
    prestige: tuple[int, ...]
    trek_points: tuple[int, ...]
    crystal_points: tuple[int, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]


Event = (
    DataSetRecorded
    | StartPlayerChosen
    | AncestorsDrawn
    | DeckShuffled
    | ItinerariesDealt
    | DayStarted
    | ItineraryCommitted
    | ItinerariesRevealed
    | CardTaken
    | WatchMoved
    | PrestigeGained
    | CrystalsGained
    | TokenPlaced
    | GroupCompleted
    | CardAddedToTrek
    | DisplayRefilled
    | DayEnded
    | GameOver
)

EVENTS: WireCodec[Event] = WireCodec(typing.get_args(Event))
