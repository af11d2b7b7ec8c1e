"""TF22 Mine state (rules/mine.md Part B §2.12): frozen, changed only by `evolve`.

The grid holds one `Placement` per cell, row-major. Crews are listed in `Colour` order, one per
colour in play (no white with 3 players, §2.11). Symbol piles belong to players (two colours
merged with 2 players); index 0 is the top card. At most one decision by a seat other than the
turn owner is pending at a time: a strategic fight's commitments, the defender's free action,
or a Ranium re-spawn (Part A).
"""

from __future__ import annotations

import dataclasses
import enum

from boardstate.engine.core.secret import SecretChoices
from boardstate.engine.mine.components import Colour
from boardstate.engine.mine.geometry import Cell, Face, index
from boardstate.engine.mine.options import Options


class Phase(enum.Enum):
    """Where the game stands (§2.4 set-up steps 7–8, then play)."""

    SETUP = "setup"
    """Before the opening events."""
    SWAPS = "swaps"
    """The start player may swap ring cards (§2.4 item 7)."""
    COLOURS = "colours"
    """Colour choice, counter-clockwise from the start player's right (§2.4 item 8)."""
    PLAY = "play"
    OVER = "over"


@dataclasses.dataclass(frozen=True, slots=True)
class Placement:
    """A mine card on a cell and how it lies: face up and rot 0 / 180 (§2.2 item 3)."""

    card: str
    face: Face
    rot: int


@dataclasses.dataclass(frozen=True, slots=True)
class Crew:
    """One crew figure; `base` is its base camp on its centre card, which never moves."""

    colour: Colour
    cell: Cell
    base: Cell
    stock: int = 0
    """Ranium carried (per crew, §2.11)."""
    owner: int | None = None
    """The seat playing this colour, once chosen."""


@dataclasses.dataclass(frozen=True, slots=True)
class Player:
    """One seat: its colours, victory points and symbol-card pile and discard."""

    colours: tuple[Colour, ...] = ()
    points: int = 0
    pile: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True)
class Fight:
    """A steal being resolved (§2.8); `choices` holds strategic-mode commitments."""

    attacker: Colour
    defender: Colour
    attacker_seat: int
    defender_seat: int
    choices: SecretChoices | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class Respawn:
    """Delivered Ranium waiting to be placed by `seat`, one unit after the other (§2.7)."""

    seat: int
    remaining: int
    card: str | None = None
    """The symbol card revealed for the current unit (`None` until revealed)."""


@dataclasses.dataclass(frozen=True, slots=True)
class State:
    """The whole table."""

    options: Options
    players: tuple[Player, ...]
    grid: tuple[Placement, ...] = ()
    ranium: tuple[Cell, ...] = ()
    """Cells holding a Ranium, sorted (at most one per cell)."""
    loaders: tuple[int, ...] = ()
    """Track position (outer-ring index) of loaders 0, 1, 2."""
    crews: tuple[Crew, ...] = ()
    phase: Phase = Phase.SETUP
    start_player: int = 0
    active: int = 0
    ore: int = 0
    round: int = 0
    swaps_done: int = 0
    pickers: tuple[int, ...] = ()
    """Seats still to choose a colour, in order."""
    fight: Fight | None = None
    free_action: int | None = None
    """The seat owing its free 1-ore action after winning a defence."""
    respawn: Respawn | None = None
    winners: tuple[int, ...] = ()
    end_reason: str | None = None
    data_set: str = ""
    content_hash: str = ""

    @property
    def finished(self) -> bool:
        """Tells whether the game is over."""
        return self.phase is Phase.OVER

    def placement(self, cell: Cell) -> Placement:
        """Returns the card lying on `cell`."""
        return self.grid[index(cell)]

    def crew(self, colour: Colour) -> Crew | None:
        """Returns the crew of `colour`, or `None` if that colour is not in play."""
        return next((c for c in self.crews if c.colour is colour), None)

    def crews_of(self, seat: int) -> tuple[Crew, ...]:
        """Returns the crews `seat` plays."""
        return tuple(c for c in self.crews if c.owner == seat)

    def crews_at(self, cell: Cell) -> tuple[Crew, ...]:
        """Returns the crews standing on `cell`."""
        return tuple(c for c in self.crews if c.cell == cell)

    def right_hand(self, seat: int) -> int:
        """Returns the right-hand neighbour: the previous seat in (clockwise) turn order (Q12)."""
        return (seat - 1) % len(self.players)

    def carried(self, seat: int) -> int:
        """Returns the Ranium carried by `seat`'s crews."""
        return sum(c.stock for c in self.crews_of(seat))

    @property
    def pending(self) -> bool:
        """Tells whether a decision by some seat interrupts the turn."""
        return self.fight is not None or self.free_action is not None or self.respawn is not None
