"""Tinners' Trail events: past-tense facts; every die face and the random order are fields.

Nothing is hidden between players (Part A A.6), so no field is ever redacted. This module holds
the facts of set-up and of the phases around the action phase; the action-phase facts live in
`action_events` and are re-exported here. `Event` is the union of all, `EVENTS` their codec.
"""

from __future__ import annotations

import dataclasses
import enum
import typing
from typing import ClassVar, Literal

from boardstate.engine.core.wire import WireCodec
from boardstate.engine.tinners_trail import action_events
from boardstate.engine.tinners_trail.action_events import *  # noqa: F403 (re-exports the action-phase facts)
from boardstate.engine.tinners_trail.state import Display


class SeedReason(enum.Enum):
    """Why an area received cubes from the dice."""

    SETUP = "setup"
    AUCTION = "auction"
    OPENED = "opened"


@dataclasses.dataclass(frozen=True, slots=True)
class GameSetUp:
    """The table was laid out: data set, a random Order of Play, start money (B §1.4)."""

    TYPE: ClassVar[str] = "GameSetUp"
    data_set: str
    content_hash: str
    order: tuple[int, ...]
    money: int


@dataclasses.dataclass(frozen=True, slots=True)
class AreaSeeded:
    """An area received its printed cubes and the three dice's worth of water, copper, tin."""

    TYPE: ClassVar[str] = "AreaSeeded"
    area: int
    dice: tuple[int, int, int]
    """Faces of the water, copper and tin dice."""
    printed_tin: int
    printed_copper: int
    reason: SeedReason
    seat: int | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class RoundStarted:
    """A round began with this Order of Play; every token is back on it (B §1.5)."""

    TYPE: ClassVar[str] = "RoundStarted"
    round: int
    order: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class PriceSet:
    """Phase 1: a metal's price marker was placed from three dice and the adjustments (B §1.6)."""

    TYPE: ClassVar[str] = "PriceSet"
    metal: Literal["tin", "copper"]
    dice: tuple[int, int, int]
    adjustment: int
    row: int
    price: int


@dataclasses.dataclass(frozen=True, slots=True)
class DisplayRefreshed:
    """Phase 2: leftovers were removed and the round's developments placed (B §1.7)."""

    TYPE: ClassVar[str] = "DisplayRefreshed"
    removed: Display
    placed: Display


@dataclasses.dataclass(frozen=True, slots=True)
class ActionPhaseEnded:
    """Everyone passed; the pass order is the new Order of Play (B §1.8)."""

    TYPE: ClassVar[str] = "ActionPhaseEnded"
    order: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class OreSold:
    """Phase 4: all extracted ore sold at this round's prices (B §1.11)."""

    TYPE: ClassVar[str] = "OreSold"
    seat: int
    tin: int
    copper: int
    income: int


@dataclasses.dataclass(frozen=True, slots=True)
class InvestmentsStarted:
    """Phase 5 began (B §1.12)."""

    TYPE: ClassVar[str] = "InvestmentsStarted"
    round: int


@dataclasses.dataclass(frozen=True, slots=True)
class Invested:
    """A cube went onto a space of this round's row."""

    TYPE: ClassVar[str] = "Invested"
    seat: int
    round: int
    column: int
    cost: int
    vp: int


@dataclasses.dataclass(frozen=True, slots=True)
class InvestmentPassed:
    """A seat invested nothing this turn (`automatic` when it had no legal investment)."""

    TYPE: ClassVar[str] = "InvestmentPassed"
    seat: int
    automatic: bool


@dataclasses.dataclass(frozen=True, slots=True)
class InvestmentsEnded:
    """Phase 5 ended."""

    TYPE: ClassVar[str] = "InvestmentsEnded"


@dataclasses.dataclass(frozen=True, slots=True)
class OpeningStarted:
    """Phase 6: these seats, in order, each open a new area (B §1.13)."""

    TYPE: ClassVar[str] = "OpeningStarted"
    seats: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class OpeningDiceRolled:
    """Phase 6 (rules 2.0.0): the seat about to open a new area rolled the three dice first; it
    chooses the area knowing these faces (B §1.13)."""

    TYPE: ClassVar[str] = "OpeningDiceRolled"
    seat: int
    dice: tuple[int, int, int]
    """Faces of the water, copper and tin dice."""


@dataclasses.dataclass(frozen=True, slots=True)
class RoundEnded:
    """Phase 7: pumps back to the supply; the highest open arsenic section closes."""

    TYPE: ClassVar[str] = "RoundEnded"
    round: int


@dataclasses.dataclass(frozen=True, slots=True)
class GameOver:
    """After round 4: VP of investment cubes; ties go to the earlier seat in the Order of Play."""

    TYPE: ClassVar[str] = "GameOver"
    scores: tuple[int, ...]
    order: tuple[int, ...]
    winners: tuple[int, ...]


Event = (
    GameSetUp
    | AreaSeeded
    | RoundStarted
    | PriceSet
    | DisplayRefreshed
    | action_events.ActionEvent
    | ActionPhaseEnded
    | OreSold
    | InvestmentsStarted
    | Invested
    | InvestmentPassed
    | InvestmentsEnded
    | OpeningStarted
    | OpeningDiceRolled
    | RoundEnded
    | GameOver
)

EVENTS: WireCodec[Event] = WireCodec(typing.get_args(Event))
