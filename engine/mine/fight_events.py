"""TF22 Mine fight and symbol-card events (rules/mine.md §2.8, §2.10, §2.7; Part A).

A steal starts a fight; standard mode reveals symbol cards from the piles (reshuffled when
empty), strategic mode has both sides commit a card (hidden from the other until the reveal),
then the fight is resolved: a Ranium is stolen, or the defender gets a free action. Symbol
cards are also revealed for a re-spawn (`Purpose.RESPAWN`).
"""

from __future__ import annotations

import dataclasses
import enum
from typing import ClassVar

from boardstate.engine.mine.components import Colour
from boardstate.engine.mine.setup_events import Cards


class Purpose(enum.Enum):
    """What a symbol card was revealed for."""

    FIGHT = "fight"
    RESPAWN = "respawn"


class Winner(enum.Enum):
    """Who won a fight."""

    ATTACKER = "attacker"
    DEFENDER = "defender"
    TIE = "tie"


@dataclasses.dataclass(frozen=True, slots=True)
class FightStarted:
    """§2.8: a crew attacked an opposing crew holding Ranium on the same card."""

    TYPE: ClassVar[str] = "FightStarted"
    attacker: Colour
    defender: Colour
    attacker_seat: int
    defender_seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class SymbolPileReshuffled:
    """Standard mode: an empty pile was made anew from all the seat's cards. Order: hidden."""

    TYPE: ClassVar[str] = "SymbolPileReshuffled"
    seat: int
    order: Cards


@dataclasses.dataclass(frozen=True, slots=True)
class SymbolCardRevealed:
    """A seat revealed a symbol card (it counts as played)."""

    TYPE: ClassVar[str] = "SymbolCardRevealed"
    seat: int
    card: str
    purpose: Purpose


@dataclasses.dataclass(frozen=True, slots=True)
class SymbolCardCommitted:
    """Strategic mode: a fighter committed a card. Card: its owner only, until revealed."""

    TYPE: ClassVar[str] = "SymbolCardCommitted"
    seat: int
    card: str | None


@dataclasses.dataclass(frozen=True, slots=True)
class CommitmentsRevealed:
    """Strategic mode: both commitments, revealed together (seat order of `seats`)."""

    TYPE: ClassVar[str] = "CommitmentsRevealed"
    seats: tuple[int, ...]
    cards: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class FightResolved:
    """§2.8: scores are card value minus own Ranium; the higher wins."""

    TYPE: ClassVar[str] = "FightResolved"
    attacker_card: str
    defender_card: str
    attacker_score: int
    defender_score: int
    winner: Winner


@dataclasses.dataclass(frozen=True, slots=True)
class RaniumStolen:
    """The winning attacker took one Ranium from the defender."""

    TYPE: ClassVar[str] = "RaniumStolen"
    crew: Colour
    victim: Colour


@dataclasses.dataclass(frozen=True, slots=True)
class FreeActionGranted:
    """The winning defender owes one free 1-ore action."""

    TYPE: ClassVar[str] = "FreeActionGranted"
    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class FreeActionTaken:
    """The defender took the free action (its facts follow)."""

    TYPE: ClassVar[str] = "FreeActionTaken"
    seat: int
