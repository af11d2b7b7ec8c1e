"""Tinners' Trail action-phase events (B §1.8–§1.10, §1.15): past-tense facts, none hidden."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

Removals = tuple[tuple[int, int], ...]
"""(area, count) pairs."""


@dataclasses.dataclass(frozen=True, slots=True)
class TimeSpent:
    """A token moved right on the time track into `column`, taking `row` (B §1.8, Q3)."""

    TYPE: ClassVar[str] = "TimeSpent"
    seat: int
    steps: int
    column: int
    row: int


@dataclasses.dataclass(frozen=True, slots=True)
class AuctionOpened:
    """A1: a seat started an auction for a mine in an area."""

    TYPE: ClassVar[str] = "AuctionOpened"
    seat: int
    area: int


@dataclasses.dataclass(frozen=True, slots=True)
class BidMade:
    """A bid in the auction (the opening bid or a raise)."""

    TYPE: ClassVar[str] = "BidMade"
    seat: int
    amount: int


@dataclasses.dataclass(frozen=True, slots=True)
class BidPassed:
    """A bidder dropped out of the auction."""

    TYPE: ClassVar[str] = "BidPassed"
    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class AuctionWon:
    """The last bidder paid the bid and placed a mine (B §1.10 step 3)."""

    TYPE: ClassVar[str] = "AuctionWon"
    seat: int
    area: int
    price: int


@dataclasses.dataclass(frozen=True, slots=True)
class CalcinerBuilt:
    """Arsenic: the auction winner built its calciner; arsenic went into these areas."""

    TYPE: ClassVar[str] = "CalcinerBuilt"
    seat: int
    area: int
    arsenic: Removals


@dataclasses.dataclass(frozen=True, slots=True)
class CalcinerSkipped:
    """Arsenic: the auction winner did not build its calciner."""

    TYPE: ClassVar[str] = "CalcinerSkipped"
    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class OreMined:
    """A2: ore taken from a mine at `cost`; then water was added to the area."""

    TYPE: ClassVar[str] = "OreMined"
    seat: int
    area: int
    tin: int
    copper: int
    cost: int
    water_added: int


@dataclasses.dataclass(frozen=True, slots=True)
class PortBuilt:
    """A3."""

    TYPE: ClassVar[str] = "PortBuilt"
    seat: int
    area: int


@dataclasses.dataclass(frozen=True, slots=True)
class MinerHired:
    """A4."""

    TYPE: ClassVar[str] = "MinerHired"
    seat: int
    area: int


@dataclasses.dataclass(frozen=True, slots=True)
class AditBuilt:
    """A5: an adit on a border; water removed on both sides (as far as there was any)."""

    TYPE: ClassVar[str] = "AditBuilt"
    seat: int
    areas: tuple[int, int]
    water_removed: Removals


@dataclasses.dataclass(frozen=True, slots=True)
class RailwayBuilt:
    """A6: a railway; water removed in its area and each neighbour (as far as available)."""

    TYPE: ClassVar[str] = "RailwayBuilt"
    seat: int
    area: int
    water_removed: Removals


@dataclasses.dataclass(frozen=True, slots=True)
class SteamPumpsTaken:
    """A7: a pump stack was taken from a display space."""

    TYPE: ClassVar[str] = "SteamPumpsTaken"
    seat: int
    space: int
    tokens: int


@dataclasses.dataclass(frozen=True, slots=True)
class WaterPumped:
    """A pump token removed one water cube from an area."""

    TYPE: ClassVar[str] = "WaterPumped"
    seat: int
    area: int


@dataclasses.dataclass(frozen=True, slots=True)
class PumpingEnded:
    """The stack was used up or abandoned; `removals` is the whole effect, `unused` were lost."""

    TYPE: ClassVar[str] = "PumpingEnded"
    seat: int
    removals: Removals
    unused: int


@dataclasses.dataclass(frozen=True, slots=True)
class PastiesSold:
    """A8."""

    TYPE: ClassVar[str] = "PastiesSold"
    seat: int
    income: int


@dataclasses.dataclass(frozen=True, slots=True)
class Passed:
    """A9: a token went to the next free place (`place`, 1-based) of the Order of Play."""

    TYPE: ClassVar[str] = "Passed"
    seat: int
    place: int


@dataclasses.dataclass(frozen=True, slots=True)
class ArsenicProcessed:
    """Arsenic: a cube taken from a mine; the limiter now sits above `limiter`."""

    TYPE: ClassVar[str] = "ArsenicProcessed"
    seat: int
    area: int
    limiter: int


@dataclasses.dataclass(frozen=True, slots=True)
class ArsenicSold:
    """Arsenic: every held cube went onto these market spaces (indexes, best first)."""

    TYPE: ClassVar[str] = "ArsenicSold"
    seat: int
    spaces: tuple[int, ...]
    income: int


ActionEvent = (
    TimeSpent
    | AuctionOpened
    | BidMade
    | BidPassed
    | AuctionWon
    | CalcinerBuilt
    | CalcinerSkipped
    | OreMined
    | PortBuilt
    | MinerHired
    | AditBuilt
    | RailwayBuilt
    | SteamPumpsTaken
    | WaterPumped
    | PumpingEnded
    | PastiesSold
    | Passed
    | ArsenicProcessed
    | ArsenicSold
)

__all__ = [
    "ActionEvent",
    "AditBuilt",
    "ArsenicProcessed",
    "ArsenicSold",
    "AuctionOpened",
    "AuctionWon",
    "BidMade",
    "BidPassed",
    "CalcinerBuilt",
    "CalcinerSkipped",
    "MinerHired",
    "OreMined",
    "Passed",
    "PastiesSold",
    "PortBuilt",
    "PumpingEnded",
    "RailwayBuilt",
    "Removals",
    "SteamPumpsTaken",
    "TimeSpent",
    "WaterPumped",
]
