"""Trambahn components (rules/trambahn.md 1A.2), loaded from the validated data file.

Cards are strings: `"<colour>-<value>"` for station cards (e.g. `"red-7"`) and `"conductor"`.
Every card serves as station, passenger or money (1A.2.4). Trams are kinds with a multiplier and
a price in money cards (1A.2.5).
"""

from __future__ import annotations

import dataclasses
import enum
from functools import cached_property

from boardstate.engine.core.data import DataFileError, DataSet, load_data_set

CONDUCTOR = "conductor"


class Colour(enum.Enum):
    """The four colours; each has one terminal (I–IV)."""

    BLUE = "blue"
    RED = "red"
    GREEN = "green"
    YELLOW = "yellow"


class TramKind(enum.Enum):
    """Horse, steam and electric trams."""

    HORSE = "horse"
    STEAM = "steam"
    ELECTRIC = "electric"


@dataclasses.dataclass(frozen=True, slots=True)
class TramType:
    """One kind of tram: how many exist, its multiplier and its price in money cards."""

    kind: TramKind
    count: int
    multiplier: int
    price: int


@dataclasses.dataclass(frozen=True)
class Components:
    """The typed view of the data set, checked for internal consistency."""

    data: DataSet
    copies: dict[int, int]
    vp: dict[int, int]
    conductors: int
    trams: tuple[TramType, ...]
    display_size: int
    start_money_first: int
    start_money_other: int
    hand_size: int
    passengers_per_scoring: int
    extra_tour_length: int
    closing_value: int
    scorings_to_end: int

    @cached_property
    def deck(self) -> tuple[str, ...]:
        """All 120 cards in a fixed, documented order (colour, value, copy; conductors last)."""
        cards = [
            card_code(colour, value)
            for colour in Colour
            for value, copies in sorted(self.copies.items())
            for _ in range(copies)
        ]
        return (*cards, *([CONDUCTOR] * self.conductors))

    @cached_property
    def tram_stack(self) -> tuple[TramKind, ...]:
        """All trams, top of the stack first: horse, then steam, then electric (1A.3.2)."""
        return tuple(t.kind for t in self.trams for _ in range(t.count))

    def tram(self, kind: TramKind) -> TramType:
        """Returns the tram type of `kind`."""
        return next(t for t in self.trams if t.kind is kind)

    @cached_property
    def card_universe(self) -> frozenset[str]:
        """Every valid card code."""
        return frozenset(self.deck)


def card_code(colour: Colour, value: int) -> str:
    """Returns the code of a station card, e.g. `red-7`."""
    return f"{colour.value}-{value}"


def card_colour(card: str) -> Colour | None:
    """Returns the colour of a station card, `None` for a conductor."""
    if card == CONDUCTOR:
        return None
    return Colour(card.split("-", 1)[0])


def card_value(card: str) -> int:
    """Returns the value of a station card (conductors have none: 0)."""
    return 0 if card == CONDUCTOR else int(card.split("-", 1)[1])


def load_components(data: DataSet) -> Components:
    """Builds and checks the components; raises `DataFileError` on inconsistent data."""
    colours = data["colours"]
    if colours != [c.value for c in Colour]:
        raise DataFileError(f"{data.id}: colours must be {[c.value for c in Colour]}")
    copies = {int(k): int(v) for k, v in data["station_copies_per_colour"].items()}
    vp = {int(k): int(v) for k, v in data["vp_by_value"].items()}
    if sorted(copies) != list(range(1, 11)) or sorted(vp) != list(range(1, 11)):
        raise DataFileError(f"{data.id}: station values must be exactly 1..10")
    if sum(copies.values()) != 28:
        raise DataFileError(f"{data.id}: a colour must have 28 station cards")
    ordered = [vp[v] for v in range(1, 11)]
    if any(not 1 <= x <= 3 for x in ordered) or ordered != sorted(ordered):
        raise DataFileError(f"{data.id}: VP figures must be 1..3 and never fall as value rises")
    trams = tuple(
        TramType(TramKind(t["kind"]), int(t["count"]), int(t["multiplier"]), int(t["price"]))
        for t in data["trams"]
    )
    if sorted(t.kind.value for t in trams) != sorted(k.value for k in TramKind):
        raise DataFileError(f"{data.id}: trams must list each kind once")
    return Components(
        data=data,
        copies=copies,
        vp=vp,
        conductors=int(data["conductors"]),
        trams=trams,
        display_size=int(data["tram_display_size"]),
        start_money_first=int(data["start_money"]["start_player"]),
        start_money_other=int(data["start_money"]["other"]),
        hand_size=int(data["hand_size"]),
        passengers_per_scoring=int(data["passengers_per_scoring"]),
        extra_tour_length=int(data["extra_tour_line_length"]),
        closing_value=int(data["closing_value"]),
        scorings_to_end=int(data["scorings_to_end"]),
    )


DATA = load_data_set("boardstate.engine.trambahn.data", "trambahn-lookout-2015.json")
COMPONENTS = load_components(DATA)
