"""The types of Trekking's components (rules/trekking.md Part A, 1B.2): cards, itineraries and
the typed view of the data set; `engine.trekking.components` loads them, `engine.trekking.validate`
checks them."""

from __future__ import annotations

import dataclasses

from boardstate.engine.core.data import DataSet
from boardstate.engine.trekking.kinds import Bonus, Token


@dataclasses.dataclass(frozen=True, slots=True)
class HistoryCard:
    """A history card: a real event with its year, its cost in hours and its rewards."""

    id: str
    day: int
    title: str
    year: int
    circa: bool
    hours: int
    tokens: tuple[Token, ...]
    crystals: int


@dataclasses.dataclass(frozen=True, slots=True)
class AncestorCard:
    """An ancestor card: no year (wild in a trek), an hour cost and a small reward (Q-K3)."""

    id: str
    hours: int
    pp: int
    tokens: tuple[Token, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Group:
    """Spaces joined by a solid line: `pp` when all are covered (1B.6)."""

    spaces: tuple[tuple[int, int], ...]
    pp: int


@dataclasses.dataclass(frozen=True, slots=True)
class Itinerary:
    """A layout: per column, per row (top first) the PP and crystals of the space; groups."""

    id: str
    pp: tuple[tuple[int, ...], ...]
    crystals: tuple[tuple[int, ...], ...]
    groups: tuple[Group, ...]


Card = HistoryCard | AncestorCard


@dataclasses.dataclass(frozen=True)
class Components:
    """The typed view of the data set."""

    data: DataSet
    cards: dict[str, HistoryCard]
    day_decks: tuple[tuple[str, ...], ...]
    """The card ids of each day deck, in data order (shuffled at set-up)."""
    ancestors: dict[str, AncestorCard]
    itineraries: dict[str, Itinerary]
    display_bonuses: tuple[Bonus, ...]
    trek_table: tuple[int, ...]
    """Points of a trek of 1, 2, … cards; longer treks score as the last entry."""
    year_ranges: tuple[tuple[int, int], ...]
    days: int
    hours_per_day: int
    punctuality_bonus: int
    minimum_hours: int
    start_crystals: int
    itineraries_per_player: int
    ancestors_per_player: int
    display_spaces: int
    spaces_per_column: int
    crystal_end_value: int

    def card(self, card_id: str) -> Card:
        """Returns the history or ancestor card `card_id` (KeyError if unknown)."""
        found = self.cards.get(card_id)
        return found if found is not None else self.ancestors[card_id]

    def trek_points(self, length: int) -> int:
        """Points of a trek of `length` cards (0 for no trek; 10 or more as 10)."""
        if length <= 0:
            return 0
        return self.trek_table[min(length, len(self.trek_table)) - 1]
