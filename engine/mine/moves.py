"""TF22 Mine moves; `type` names as rules/mine.md Part A fixes them.

Set-up: `swap_cards` (start player, §2.4 item 7), `choose_colour` (§2.4 item 8: Part A says
colours are chosen but names no move; this is the one type added). Turn: the 1-ore actions
`rotate`, `flip_long`, `flip_short`, `move`, `change_type`, `collect`, `steal`, `move_loader`,
`deliver` (§2.6), `transporter_trap` (2 ore) and `secret_tunnel` (3 ore) (§2.9), and
`forfeit_ore` when that option is on. Decisions of other seats: `commit_symbol_card`
(strategic fights), `free_action` (the defender's free 1-ore action, §2.8) and `place_ranium`
(re-spawn, §2.7). Cells are `[row, col]`; crews are named by colour.
"""

from __future__ import annotations

import dataclasses
import enum
import typing
from typing import Annotated, ClassVar

from boardstate.engine.core.wire import Bounds, WireCodec
from boardstate.engine.mine.components import Colour

Coord = Annotated[int, Bounds(0, 5)]
Cell = tuple[Coord, Coord]
LoaderId = Annotated[int, Bounds(0, 2)]


class Way(enum.Enum):
    """Which way a loader moves on the outer track."""

    FORWARD = "forward"
    """Clockwise: outer-ring index + 1."""
    BACK = "back"
    """Counter-clockwise: outer-ring index − 1."""


@dataclasses.dataclass(frozen=True, slots=True)
class SwapCards:
    """Set-up: swap the ring cards on cells `a` and `b`; both `null` stops swapping."""

    TYPE: ClassVar[str] = "swap_cards"
    a: Cell | None = None
    b: Cell | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class ChooseColour:
    """Set-up: take a colour that is still free."""

    TYPE: ClassVar[str] = "choose_colour"
    colour: Colour


@dataclasses.dataclass(frozen=True, slots=True)
class Rotate:
    """1 ore: turn any mine card by 180°."""

    TYPE: ClassVar[str] = "rotate"
    cell: Cell


@dataclasses.dataclass(frozen=True, slots=True)
class FlipLong:
    """1 ore: flip any mine card over its long side."""

    TYPE: ClassVar[str] = "flip_long"
    cell: Cell


@dataclasses.dataclass(frozen=True, slots=True)
class FlipShort:
    """1 ore: flip any mine card over its short side."""

    TYPE: ClassVar[str] = "flip_short"
    cell: Cell


@dataclasses.dataclass(frozen=True, slots=True)
class MoveCrew:
    """1 ore: move a crew to another cell of its tunnel network."""

    TYPE: ClassVar[str] = "move"
    crew: Colour
    to: Cell


@dataclasses.dataclass(frozen=True, slots=True)
class ChangeType:
    """1 ore: step onto an adjacent card of another tunnel type."""

    TYPE: ClassVar[str] = "change_type"
    crew: Colour
    to: Cell


@dataclasses.dataclass(frozen=True, slots=True)
class Collect:
    """1 ore: pick up the Ranium on the crew's card."""

    TYPE: ClassVar[str] = "collect"
    crew: Colour


@dataclasses.dataclass(frozen=True, slots=True)
class Steal:
    """1 ore: attack the opposing crew `target` on the same card for one Ranium."""

    TYPE: ClassVar[str] = "steal"
    crew: Colour
    target: Colour


@dataclasses.dataclass(frozen=True, slots=True)
class MoveLoader:
    """1 ore: move a loader one position along the outer track."""

    TYPE: ClassVar[str] = "move_loader"
    loader: LoaderId
    way: Way


@dataclasses.dataclass(frozen=True, slots=True)
class Deliver:
    """1 ore: go through the tunnel network to a loader and hand over 1 or 2 Ranium."""

    TYPE: ClassVar[str] = "deliver"
    crew: Colour
    loader: LoaderId
    units: Annotated[int, Bounds(1, 2)]


@dataclasses.dataclass(frozen=True, slots=True)
class TransporterTrap:
    """2 ore: send every opposing crew on the crew's card to one card of the same type."""

    TYPE: ClassVar[str] = "transporter_trap"
    crew: Colour
    to: Cell


@dataclasses.dataclass(frozen=True, slots=True)
class SecretTunnel:
    """3 ore: put the crew on any card of its current type without Ranium."""

    TYPE: ClassVar[str] = "secret_tunnel"
    crew: Colour
    to: Cell


@dataclasses.dataclass(frozen=True, slots=True)
class ForfeitOre:
    """House rule (`allow_forfeit_ore`): give up the remaining ore; the turn ends."""

    TYPE: ClassVar[str] = "forfeit_ore"


@dataclasses.dataclass(frozen=True, slots=True)
class CommitSymbolCard:
    """Strategic mode: a fighter's secret choice of one of their unused symbol cards."""

    TYPE: ClassVar[str] = "commit_symbol_card"
    card: str


@dataclasses.dataclass(frozen=True, slots=True)
class PlaceRanium:
    """Re-spawn: the right-hand neighbour places a delivered Ranium (strategic: with `card`)."""

    TYPE: ClassVar[str] = "place_ranium"
    cell: Cell
    card: str | None = None


FreeKind = Rotate | FlipLong | FlipShort | MoveCrew | ChangeType | Collect | MoveLoader | Deliver


@dataclasses.dataclass(frozen=True, slots=True)
class FreeAction:
    """The defender's free 1-ore action after winning a fight: exactly one field set."""

    TYPE: ClassVar[str] = "free_action"
    rotate: Rotate | None = None
    flip_long: FlipLong | None = None
    flip_short: FlipShort | None = None
    move: MoveCrew | None = None
    change_type: ChangeType | None = None
    collect: Collect | None = None
    move_loader: MoveLoader | None = None
    deliver: Deliver | None = None

    def actions(self) -> tuple[FreeKind, ...]:
        """Returns the actions named (one, if well formed)."""
        fields = (
            self.rotate,
            self.flip_long,
            self.flip_short,
            self.move,
            self.change_type,
            self.collect,
            self.move_loader,
            self.deliver,
        )
        return tuple(f for f in fields if f is not None)


FREE_KINDS = (Rotate, FlipLong, FlipShort, MoveCrew, ChangeType, Collect, MoveLoader, Deliver)


def free(action: FreeKind) -> FreeAction:
    """Returns `action` wrapped as the defender's free action."""
    match action:
        case Rotate():
            return FreeAction(rotate=action)
        case FlipLong():
            return FreeAction(flip_long=action)
        case FlipShort():
            return FreeAction(flip_short=action)
        case MoveCrew():
            return FreeAction(move=action)
        case ChangeType():
            return FreeAction(change_type=action)
        case Collect():
            return FreeAction(collect=action)
        case MoveLoader():
            return FreeAction(move_loader=action)
        case Deliver():
            return FreeAction(deliver=action)


Action = (
    Rotate
    | FlipLong
    | FlipShort
    | MoveCrew
    | ChangeType
    | Collect
    | Steal
    | MoveLoader
    | Deliver
    | TransporterTrap
    | SecretTunnel
)

Move = SwapCards | ChooseColour | Action | ForfeitOre | CommitSymbolCard | PlaceRanium | FreeAction

MOVES: WireCodec[Move] = WireCodec(typing.get_args(Move))
