"""TF22 Mine events: past-tense facts; every random outcome is a field (architecture §3).

Hidden fields are typed `X | None` so `redact` can blank them: the order of standard-mode
symbol piles (nobody knows it, Part A) and a strategic commitment (its owner only, until the
reveal). Fight and symbol-card events are in `fight_events`.
"""

from __future__ import annotations

import dataclasses
import enum
import typing
from typing import ClassVar

from boardstate.engine.core.wire import WireCodec
from boardstate.engine.mine.components import Colour
from boardstate.engine.mine.fight_events import (
    CommitmentsRevealed,
    FightResolved,
    FightStarted,
    FreeActionGranted,
    FreeActionTaken,
    RaniumStolen,
    SymbolCardCommitted,
    SymbolCardRevealed,
    SymbolPileReshuffled,
)
from boardstate.engine.mine.geometry import Face
from boardstate.engine.mine.moves import Cell
from boardstate.engine.mine.setup_events import (
    CardsSwapped,
    ColourChoiceStarted,
    ColourChosen,
    MineLaidOut,
    StartPlayerChosen,
    SymbolPilesShuffled,
    TurnStarted,
)


class Manipulation(enum.Enum):
    """The three card manipulations (§2.2 item 3)."""

    ROTATE = "rotate"
    FLIP_LONG = "flip_long"
    FLIP_SHORT = "flip_short"


class Reason(enum.Enum):
    """Why a crew changed cells."""

    MOVE = "move"
    CHANGE_TYPE = "change_type"
    SECRET_TUNNEL = "secret_tunnel"  # noqa: S105 - an action name, not a password
    TRANSPORTER_TRAP = "transporter_trap"
    TO_LOADER = "to_loader"
    BACK_TO_BASE = "back_to_base"


@dataclasses.dataclass(frozen=True, slots=True)
class OreSpent:
    """The active seat paid ore for an action."""

    TYPE: ClassVar[str] = "OreSpent"
    seat: int
    ore: int


@dataclasses.dataclass(frozen=True, slots=True)
class OreForfeited:
    """House rule: the active seat gave up its remaining ore."""

    TYPE: ClassVar[str] = "OreForfeited"
    seat: int
    ore: int


@dataclasses.dataclass(frozen=True, slots=True)
class CardTurned:
    """A mine card was rotated or flipped; pieces stay on the cell (seed)."""

    TYPE: ClassVar[str] = "CardTurned"
    seat: int
    cell: Cell
    manipulation: Manipulation
    face: Face
    rot: int


@dataclasses.dataclass(frozen=True, slots=True)
class CrewMoved:
    """A crew now stands on `to`."""

    TYPE: ClassVar[str] = "CrewMoved"
    crew: Colour
    to: Cell
    reason: Reason


@dataclasses.dataclass(frozen=True, slots=True)
class RaniumCollected:
    """A crew picked up the Ranium on its cell."""

    TYPE: ClassVar[str] = "RaniumCollected"
    crew: Colour
    cell: Cell


@dataclasses.dataclass(frozen=True, slots=True)
class LoaderMoved:
    """A loader moved to a neighbouring track position."""

    TYPE: ClassVar[str] = "LoaderMoved"
    loader: int
    position: int


@dataclasses.dataclass(frozen=True, slots=True)
class RaniumDelivered:
    """A crew handed Ranium to a loader; `points` is the seat's new victory-point total."""

    TYPE: ClassVar[str] = "RaniumDelivered"
    seat: int
    crew: Colour
    loader: int
    units: int
    points: int


@dataclasses.dataclass(frozen=True, slots=True)
class RespawnStarted:
    """§2.7: the delivered units return to the mine, placed by `seat` one after the other."""

    TYPE: ClassVar[str] = "RespawnStarted"
    seat: int
    units: int


@dataclasses.dataclass(frozen=True, slots=True)
class RaniumPlaced:
    """A re-spawned Ranium was put on `cell`."""

    TYPE: ClassVar[str] = "RaniumPlaced"
    seat: int
    cell: Cell


@dataclasses.dataclass(frozen=True, slots=True)
class GameOver:
    """The game ended: 3 victory points, or the last of `max_rounds` rounds was played."""

    TYPE: ClassVar[str] = "GameOver"
    reason: str
    points: tuple[int, ...]
    ranium: tuple[int, ...]
    winners: tuple[int, ...]


Event = (
    MineLaidOut
    | StartPlayerChosen
    | CardsSwapped
    | ColourChoiceStarted
    | ColourChosen
    | SymbolPilesShuffled
    | TurnStarted
    | OreSpent
    | OreForfeited
    | CardTurned
    | CrewMoved
    | RaniumCollected
    | LoaderMoved
    | FightStarted
    | SymbolPileReshuffled
    | SymbolCardRevealed
    | SymbolCardCommitted
    | CommitmentsRevealed
    | FightResolved
    | RaniumStolen
    | FreeActionGranted
    | FreeActionTaken
    | RaniumDelivered
    | RespawnStarted
    | RaniumPlaced
    | GameOver
)

EVENTS: WireCodec[Event] = WireCodec(typing.get_args(Event))
