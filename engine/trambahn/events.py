"""Trambahn events: past-tense facts; every random outcome is written into one (architecture §3).

Fields that carry hidden cards are `str | None`: `redact` replaces what a viewer may not see by
`None`, keeping the count (rules/trambahn.md Part A, hidden information).
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from boardstate.engine.core.wire import WireCodec
from boardstate.engine.trambahn.components import Colour, TramKind

Cards = tuple[str | None, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class DeckShuffled:
    """The 120 cards were shuffled into the draw pile (top first). Order: hidden from all."""

    TYPE: ClassVar[str] = "DeckShuffled"
    order: Cards


@dataclasses.dataclass(frozen=True, slots=True)
class StartPlayerChosen:
    """The start player was chosen at random."""

    TYPE: ClassVar[str] = "StartPlayerChosen"
    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class MoneyDealt:
    """A player took cards from the draw pile as a face-down money pile. Faces: hidden."""

    TYPE: ClassVar[str] = "MoneyDealt"
    seat: int
    cards: Cards


@dataclasses.dataclass(frozen=True, slots=True)
class TramsLaidOut:
    """The tram stack was stacked and the display turned face up."""

    TYPE: ClassVar[str] = "TramsLaidOut"
    display: tuple[TramKind, ...]
    stack: tuple[TramKind, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class TurnStarted:
    """A seat's turn began."""

    TYPE: ClassVar[str] = "TurnStarted"
    seat: int
    turn: int


@dataclasses.dataclass(frozen=True, slots=True)
class PassengerBoarded:
    """A hand card was placed as a passenger at a terminal."""

    TYPE: ClassVar[str] = "PassengerBoarded"
    seat: int
    card: str
    terminal: Colour


@dataclasses.dataclass(frozen=True, slots=True)
class LineScore:
    """Points of one line in a scoring."""

    seat: int
    line: int
    points: int


@dataclasses.dataclass(frozen=True, slots=True)
class FahrtScored:
    """A terminal received its 4th passenger: scoring `number` of `colour` (1A.5)."""

    TYPE: ClassVar[str] = "FahrtScored"
    number: int
    colour: Colour
    points: tuple[int, ...]
    """Points written in column Fahrt `number`, by seat."""
    lines: tuple[LineScore, ...]
    discarded: tuple[str, ...]
    """The four passengers, now on the discard pile."""


@dataclasses.dataclass(frozen=True, slots=True)
class StationBuilt:
    """A hand card was added to a line (a new one when `new_line`)."""

    TYPE: ClassVar[str] = "StationBuilt"
    seat: int
    card: str
    line: int
    new_line: bool


@dataclasses.dataclass(frozen=True, slots=True)
class ExtraTourScored:
    """A line reached 8 cards: its one extra tour (1A.6)."""

    TYPE: ClassVar[str] = "ExtraTourScored"
    seat: int
    line: int
    points: int


@dataclasses.dataclass(frozen=True, slots=True)
class IncomeTaken:
    """A hand card went face down onto its owner's money pile. Face: owner only."""

    TYPE: ClassVar[str] = "IncomeTaken"
    seat: int
    card: str | None


@dataclasses.dataclass(frozen=True, slots=True)
class TramBought:
    """A tram was bought from the display for a line; `paid` went to the discard pile."""

    TYPE: ClassVar[str] = "TramBought"
    seat: int
    tram: TramKind
    line: int
    paid: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class DisplayRefilled:
    """Trams moved from the stack to the display."""

    TYPE: ClassVar[str] = "DisplayRefilled"
    trams: tuple[TramKind, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class LinesDismantled:
    """Lines without a tram went face down onto their owner's money pile (1A.4 step 5)."""

    TYPE: ClassVar[str] = "LinesDismantled"
    seat: int
    lines: tuple[int, ...]
    cards: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class MoneyHalved:
    """Draw pile exhausted: a player discarded these money cards, chosen at random (Q-T2)."""

    TYPE: ClassVar[str] = "MoneyHalved"
    seat: int
    cards: Cards


@dataclasses.dataclass(frozen=True, slots=True)
class DiscardsReshuffled:
    """The discard pile was shuffled into a new draw pile. Order: hidden from all."""

    TYPE: ClassVar[str] = "DiscardsReshuffled"
    order: Cards


@dataclasses.dataclass(frozen=True, slots=True)
class CardsDrawn:
    """A player drew cards into their hand (setup deal or refill to 6). Faces: owner only."""

    TYPE: ClassVar[str] = "CardsDrawn"
    seat: int
    cards: Cards


@dataclasses.dataclass(frozen=True, slots=True)
class GameOver:
    """The game ended: after the 10th scoring, or when a player has no card to play."""

    TYPE: ClassVar[str] = "GameOver"
    reason: str
    totals: tuple[int, ...]
    winners: tuple[int, ...]


Event = (
    DeckShuffled
    | StartPlayerChosen
    | MoneyDealt
    | TramsLaidOut
    | TurnStarted
    | PassengerBoarded
    | FahrtScored
    | StationBuilt
    | ExtraTourScored
    | IncomeTaken
    | TramBought
    | DisplayRefilled
    | LinesDismantled
    | MoneyHalved
    | DiscardsReshuffled
    | CardsDrawn
    | GameOver
)

EVENTS: WireCodec[Event] = WireCodec(
    [
        DeckShuffled,
        StartPlayerChosen,
        MoneyDealt,
        TramsLaidOut,
        TurnStarted,
        PassengerBoarded,
        FahrtScored,
        StationBuilt,
        ExtraTourScored,
        IncomeTaken,
        TramBought,
        DisplayRefilled,
        LinesDismantled,
        MoneyHalved,
        DiscardsReshuffled,
        CardsDrawn,
        GameOver,
    ]
)
