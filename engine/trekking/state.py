"""Trekking state (rules/trekking.md 1B.3–1B.9): frozen, changed only by `evolve`.

Cards, ancestors and itineraries are ids (see `components`). The clock keeps, per seat, the
hours used today (`hours`, 0..12; a watch that starts the day on the 12 has 0) and one stack
order `stack` of every seat, oldest arrival first: the last seat is the watch on top (1B.4).
Piles are tuples with the top card first; the current day's deck's index 0 is its face-up top.
"""

from __future__ import annotations

import dataclasses
import enum

from boardstate.engine.core.secret import SecretChoices
from boardstate.engine.trekking.components import COMPONENTS, Bonus
from boardstate.engine.trekking.options import Options


class Phase(enum.Enum):
    """Where the game is: before set-up, choosing itineraries, taking turns, over."""

    SETUP = "setup"
    ITINERARY = "itinerary"
    TURNS = "turns"
    OVER = "over"


@dataclasses.dataclass(frozen=True, slots=True)
class PlayerState:
    """One player's watch, crystals, PP, itineraries and treks."""

    hours: int = 0
    crystals: int = 0
    pp: int = 0
    """Prestige points on the track (everything but trek points and crystals at the end)."""
    hand: tuple[str, ...] = ()
    """Unused itineraries (owner only); a pending choice stays here until the reveal."""
    itinerary: str | None = None
    """Today's itinerary, public from the reveal to the end of the day."""
    used: tuple[str, ...] = ()
    """Itineraries of earlier days, removed from the game (public)."""
    filled: tuple[int, ...] = (0, 0, 0, 0)
    """Tokens on today's itinerary, per column: they fill the column from the top (1B.6)."""
    groups_done: tuple[int, ...] = ()
    """Indices of today's linked groups whose bonus was gained."""
    open_trek: tuple[str, ...] = ()
    closed_treks: tuple[tuple[str, ...], ...] = ()

    @property
    def reference_year(self) -> int | None:
        """The year of the most recent dated card of the open trek (1B.7); ancestors have none."""
        for card_id in reversed(self.open_trek):
            card = COMPONENTS.cards.get(card_id)
            if card is not None:
                return card.year
        return None

    @property
    def treks(self) -> tuple[tuple[str, ...], ...]:
        """Every trek, closed ones first, then the open one (if any)."""
        return (*self.closed_treks, self.open_trek) if self.open_trek else self.closed_treks


@dataclasses.dataclass(frozen=True, slots=True)
class State:
    """The whole table."""

    options: Options
    players: tuple[PlayerState, ...]
    phase: Phase = Phase.SETUP
    day: int = 0
    """1..3 once set up."""
    decks: tuple[tuple[str, ...], ...] = ((), (), ())
    """Each day's deck, top first; today's is `decks[day - 1]`, its top card is face up."""
    display: tuple[str | None, ...] = (None, None, None, None, None)
    """Display spaces 1..5 (space 1 next to the deck); `None` once the deck ran out (Q-K6)."""
    ancestors: tuple[str, ...] = ()
    """The shared ancestor pool (3 per player, not refreshed: Q-K3)."""
    stack: tuple[int, ...] = ()
    """Every seat, oldest arrival first: the last is the watch on top."""
    start_player: int = 0
    secret: SecretChoices | None = None
    """The open simultaneous itinerary choice (seat, itinerary id), during `ITINERARY`."""

    @property
    def deck(self) -> tuple[str, ...]:
        """Today's deck, face-up top card first."""
        return self.decks[self.day - 1] if self.day else ()

    @property
    def hours(self) -> tuple[int, ...]:
        """Hours used today, by seat."""
        return tuple(p.hours for p in self.players)

    def bonuses(self) -> tuple[Bonus, ...]:
        """The bonus of display spaces 1..5 (option, else the data set's order)."""
        return self.options.display_bonuses or COMPONENTS.display_bonuses

    def choices(self) -> tuple[tuple[str, int], ...]:
        """Every history card that can be chosen, with its space (0 = the deck top)."""
        out = [(card, space) for space, card in enumerate(self.display, 1) if card is not None]
        if self.deck:
            out.append((self.deck[0], 0))
        return tuple(out)

    def space_of(self, card_id: str) -> int | None:
        """The space of a choosable history card (0 = deck top), else `None`."""
        return next((space for card, space in self.choices() if card == card_id), None)
