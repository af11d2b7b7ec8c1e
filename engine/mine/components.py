"""TF22 Mine components (rules/mine.md Part B §2.1, §2.3, §2.3.1, §2.4), loaded from the
validated data file and checked for internal consistency.

Mine cards are ids `M01`..`M36`, each with two faces (colour, printed openings, symbol or none).
Symbol cards are strings `"<colour>-<value>"` (`"red-4"`); every colour uses the same
value → symbol mapping.
"""

from __future__ import annotations

import dataclasses
import enum
from collections import Counter
from functools import cached_property
from typing import Any

from boardstate.engine.core.data import DataFileError, DataSet, load_data_set
from boardstate.engine.mine.geometry import (
    ALL_OPEN,
    CELLS,
    INNER_CORNERS,
    TRACK,
    Face,
    parse_openings,
)


class Colour(enum.Enum):
    """Tunnel types, crews and player colours; the order is the colour-choice listing."""

    WHITE = "white"
    RED = "red"
    BLUE = "blue"
    YELLOW = "yellow"


class Symbol(enum.Enum):
    """Symbols on mine-card faces and symbol cards (§2.3.1; only `circle` is attested)."""

    CIRCLE = "circle"
    TRIANGLE = "triangle"
    SQUARE = "square"
    STAR = "star"
    HEXAGON = "hexagon"


@dataclasses.dataclass(frozen=True, slots=True)
class FaceSpec:
    """One printed side of a mine card: colour, printed openings (mask) and symbol."""

    colour: Colour
    openings: int
    symbol: Symbol | None


@dataclasses.dataclass(frozen=True)
class Components:
    """The typed view of the data set."""

    data: DataSet
    cards: dict[str, tuple[FaceSpec, FaceSpec]]
    centre_cards: dict[Colour, tuple[str, Face]]
    centre_arrangement: tuple[Colour, ...]
    symbol_values: tuple[int, ...]
    symbols: dict[int, Symbol]
    ranium_pieces: int
    ranium_start: tuple[tuple[int, int], ...]
    loaders: int
    loader_start: tuple[int, ...]
    ore_per_turn: int
    ore_costs: dict[str, int]
    units_per_delivery: int
    points_to_win: int

    def face(self, card: str, face: Face) -> FaceSpec:
        """Returns the printed side `face` of mine card `card`."""
        return self.cards[card][0 if face is Face.A else 1]

    @cached_property
    def ring_cards(self) -> tuple[str, ...]:
        """The 32 cards dealt into the rings, in id order (the order before the shuffle)."""
        centre = {card for card, _ in self.centre_cards.values()}
        return tuple(sorted(c for c in self.cards if c not in centre))

    def symbol_cards(self, colour: Colour) -> tuple[str, ...]:
        """The symbol cards of one colour, by value."""
        return tuple(f"{colour.value}-{v}" for v in self.symbol_values)

    def card_value(self, card: str) -> int:
        """Returns the value of a symbol card."""
        return int(card.rsplit("-", 1)[1])

    def card_symbol(self, card: str) -> Symbol:
        """Returns the symbol of a symbol card."""
        return self.symbols[self.card_value(card)]

    @cached_property
    def all_symbol_cards(self) -> frozenset[str]:
        """Every symbol-card id."""
        return frozenset(c for colour in Colour for c in self.symbol_cards(colour))


def _fail(data: DataSet, message: str) -> DataFileError:
    return DataFileError(f"{data.id}: {message}")


def _faces(data: DataSet, letters: dict[str, Colour], card: str, raw: Any) -> tuple[FaceSpec, ...]:
    if not isinstance(raw, list) or len(raw) != 2:
        raise _fail(data, f"mine card {card} needs exactly two faces")
    faces = []
    for side in raw:
        if not isinstance(side, list) or len(side) != 3:
            raise _fail(data, f"mine card {card}: a face is [colour, openings, symbol]")
        colour, openings, symbol = side
        if colour not in letters:
            raise _fail(data, f"mine card {card}: unknown colour {colour!r}")
        try:
            mask = parse_openings(openings)
        except ValueError as exc:
            raise _fail(data, f"mine card {card}: {exc}") from None
        if not mask:
            raise _fail(data, f"mine card {card}: a face needs at least one opening")
        try:
            sym = None if symbol is None else Symbol(symbol)
        except ValueError:
            raise _fail(data, f"mine card {card}: unknown symbol {symbol!r}") from None
        faces.append(FaceSpec(letters[colour], mask, sym))
    if faces[0].colour is faces[1].colour:
        raise _fail(data, f"mine card {card} shows the same colour on both faces")
    return tuple(faces)


def _check_deck(data: DataSet, comp: Components) -> None:
    if len(comp.cards) != int(data["mine_card_count"]) or len(comp.cards) != len(CELLS):
        raise _fail(data, f"the deck must hold {len(CELLS)} mine cards, one per cell")
    for colour in Colour:
        crossings = [
            c
            for c, faces in comp.cards.items()
            for f in faces
            if f.colour is colour and f.openings == ALL_OPEN
        ]
        if not crossings:
            raise _fail(data, f"{colour.value} needs at least one crossing (seed: centre)")
        symbols = Counter(
            f.symbol for faces in comp.cards.values() for f in faces if f.colour is colour
        )
        if any(symbols[s] != 1 for s in Symbol):
            raise _fail(data, f"{colour.value} must carry each symbol exactly once (§2.3)")
    if set(comp.centre_cards) != set(Colour):
        raise _fail(data, "centre_cards must name one card per colour")
    for colour, (card, face) in comp.centre_cards.items():
        spec = comp.face(card, face)
        if spec.colour is not colour or spec.openings != ALL_OPEN or spec.symbol is not None:
            raise _fail(data, f"centre card {card} must show a {colour.value} crossing, no symbol")
    if len(set(comp.centre_arrangement)) != len(Colour):
        raise _fail(data, "centre_arrangement must name every colour once")


def _check_pieces(data: DataSet, comp: Components) -> None:
    if len(comp.symbols) != len(Symbol) or set(comp.symbols.values()) != set(Symbol):
        raise _fail(data, "symbols_by_value must map values one-to-one onto the five symbols")
    if sorted(comp.symbols) != list(comp.symbol_values):
        raise _fail(data, "symbols_by_value must cover exactly symbol_card_values")
    if len(comp.symbol_values) != int(data["symbol_cards_per_colour"]):
        raise _fail(data, "each colour needs one symbol card per value")
    if sorted(comp.ranium_start) != sorted(INNER_CORNERS):
        raise _fail(data, "Ranium starts on the four inner-ring corners")
    if len(comp.ranium_start) != comp.ranium_pieces:
        raise _fail(data, "one Ranium per start cell")
    starts = comp.loader_start
    if len(starts) != comp.loaders or len(set(starts)) != len(starts):
        raise _fail(data, "loader_start_positions: one distinct position per loader")
    if any(not 0 <= p < TRACK for p in starts):
        raise _fail(data, f"loader positions are outer-ring indices 0..{TRACK - 1}")
    if comp.ore_costs.get("transporter_trap") != 2 or comp.ore_costs.get("secret_tunnel") != 3:
        raise _fail(data, "ore_costs: transporter trap 2, secret tunnel 3")


def load_components(data: DataSet) -> Components:
    """Builds and checks the components; raises `DataFileError` on inconsistent data."""
    letters_raw = data["colours"]
    if sorted(letters_raw.values()) != sorted(c.value for c in Colour):
        raise _fail(data, f"colours must be {[c.value for c in Colour]}")
    letters = {letter: Colour(name) for letter, name in letters_raw.items()}
    cards = {card: _faces(data, letters, card, raw) for card, raw in data["mine_cards"].items()}
    comp = Components(
        data=data,
        cards={card: (faces[0], faces[1]) for card, faces in cards.items()},
        centre_cards={
            Colour(colour): (str(card), Face(face))
            for colour, (card, face) in data["centre_cards"].items()
        },
        centre_arrangement=tuple(Colour(c) for c in data["centre_arrangement"]),
        symbol_values=tuple(int(v) for v in data["symbol_card_values"]),
        symbols={int(v): Symbol(s) for v, s in data["symbols_by_value"].items()},
        ranium_pieces=int(data["ranium_pieces"]),
        ranium_start=tuple((int(r), int(c)) for r, c in data["ranium_start"]),
        loaders=int(data["loaders"]),
        loader_start=tuple(int(p) for p in data["loader_start_positions"]),
        ore_per_turn=int(data["ore_per_turn"]),
        ore_costs={str(k): int(v) for k, v in data["ore_costs"].items()},
        units_per_delivery=int(data["units_per_delivery"]),
        points_to_win=int(data["victory_points_to_win"]),
    )
    _check_deck(data, comp)
    _check_pieces(data, comp)
    return comp


DATA = load_data_set("boardstate.engine.mine.data", "tf22-mine-2013.json")
COMPONENTS = load_components(DATA)
