"""Trambahn moves: one per step of a turn (rules/trambahn.md 1A.4, Part A).

A turn is `board_passengers` (step 1), any number of `build_station` (step 2), `take_income`
(step 3) and `buy_tram` (step 4) in that order, then `end_turn` (step 5: clean-up and draw).
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, ClassVar

from boardstate.engine.core.wire import Bounds, WireCodec
from boardstate.engine.trambahn.components import Colour, TramKind


@dataclasses.dataclass(frozen=True, slots=True)
class Passenger:
    """One hand card played to a terminal."""

    card: str
    terminal: Colour


@dataclasses.dataclass(frozen=True, slots=True)
class BoardPassengers:
    """Step 1: play 1 or 2 hand cards as passengers, resolved in the listed order."""

    TYPE: ClassVar[str] = "board_passengers"
    passengers: Annotated[tuple[Passenger, ...], Bounds(1, 2)]


@dataclasses.dataclass(frozen=True, slots=True)
class BuildStation:
    """Step 2: add a hand card to one of your lines, or start a new line (`line` null)."""

    TYPE: ClassVar[str] = "build_station"
    card: str
    line: Annotated[int, Bounds(1, 10_000)] | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class TakeIncome:
    """Step 3: put a hand card face down on your money pile."""

    TYPE: ClassVar[str] = "take_income"
    card: str


@dataclasses.dataclass(frozen=True, slots=True)
class BuyTram:
    """Step 4: buy a tram from the display for one of your lines that has none."""

    TYPE: ClassVar[str] = "buy_tram"
    tram: TramKind
    line: Annotated[int, Bounds(1, 10_000)]


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn:
    """Step 5: dismantle lines without a tram, draw up to 6, pass the turn."""

    TYPE: ClassVar[str] = "end_turn"


Move = BoardPassengers | BuildStation | TakeIncome | BuyTram | EndTurn

MOVES: WireCodec[Move] = WireCodec([BoardPassengers, BuildStation, TakeIncome, BuyTram, EndTurn])
