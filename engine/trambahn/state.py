"""Trambahn state (rules/trambahn.md 1A.2–1A.4): frozen, changed only by `evolve`.

Piles are tuples with the top card first. Money piles hold real cards whose faces nobody sees;
only their counts are public (1A.7, 1A.10).
"""

from __future__ import annotations

import dataclasses
import enum

from boardstate.engine.trambahn.components import COMPONENTS, Colour, TramKind
from boardstate.engine.trambahn.options import Options


class Step(enum.Enum):
    """How far the active seat's turn has got (1A.4 steps 1–4; step 5 is `end_turn`)."""

    PASSENGERS = "passengers"
    STATIONS = "stations"
    INCOME = "income"
    PURCHASE = "purchase"


@dataclasses.dataclass(frozen=True, slots=True)
class Line:
    """One line (column) of station cards of one colour in a player's area (1A.4 step 2)."""

    id: int
    """Stable within the owner's area for the whole game."""
    colour: Colour
    values: tuple[int, ...]
    """Values of its coloured cards, strictly ascending."""
    conductors: int = 0
    """Conductors placed at the front; they count toward length, not value order."""
    tram: TramKind | None = None
    extra_tour_done: bool = False

    @property
    def length(self) -> int:
        """Number of cards in the line, conductors included."""
        return len(self.values) + self.conductors

    @property
    def closed(self) -> bool:
        """A line holding a 10 is closed (1A.4 step 2)."""
        return COMPONENTS.closing_value in self.values

    @property
    def top(self) -> int:
        """The highest value in the line."""
        return self.values[-1]

    def vp(self) -> int:
        """Sum of the VP figures of its station cards (conductors add 0)."""
        return sum(COMPONENTS.vp[v] for v in self.values)


@dataclasses.dataclass(frozen=True, slots=True)
class PlayerState:
    """One player's hand, money pile, lines and score sheet."""

    hand: tuple[str, ...] = ()
    money: tuple[str, ...] = ()
    lines: tuple[Line, ...] = ()
    fahrten: tuple[int, ...] = ()
    """Points written in columns Fahrt 1..k (one entry per scoring so far)."""
    extra_tours: tuple[int, ...] = ()
    """Points of each extra tour (column Sonderfahrt)."""
    next_line_id: int = 1

    def line(self, line_id: int) -> Line | None:
        """Returns the line with `line_id`, or None."""
        return next((ln for ln in self.lines if ln.id == line_id), None)

    @property
    def total(self) -> int:
        """Fahrt 1–10 plus all extra tours (1A.9)."""
        return sum(self.fahrten) + sum(self.extra_tours)


@dataclasses.dataclass(frozen=True, slots=True)
class State:
    """The whole table."""

    options: Options
    players: tuple[PlayerState, ...]
    draw_pile: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    terminals: tuple[tuple[str, ...], ...] = ((), (), (), ())
    """Passengers waiting at each terminal, in `Colour` order."""
    display: tuple[TramKind, ...] = ()
    tram_stack: tuple[TramKind, ...] = ()
    start_player: int = 0
    active: int = 0
    step: Step = Step.PASSENGERS
    turn: int = 0
    """Turns begun so far; 0 before setup."""
    scorings: int = 0
    finished: bool = False
    end_reason: str | None = None

    def terminal(self, colour: Colour) -> tuple[str, ...]:
        """Returns the passengers waiting at `colour`'s terminal."""
        return self.terminals[list(Colour).index(colour)]
