"""The kinds of Trekking pieces (rules/trekking.md 1B.2): colours, tokens, display bonuses."""

from __future__ import annotations

import enum


class Colour(enum.Enum):
    """The four experience colours, in itinerary column order (Part A)."""

    RED = "red"
    """Person."""
    BLUE = "blue"
    """Event."""
    YELLOW = "yellow"
    """Innovation."""
    GREEN = "green"
    """Progress."""


COLUMNS: tuple[Colour, ...] = tuple(Colour)


class Token(enum.Enum):
    """An experience token: one of the four colours, or a wild World-experience token."""

    RED = "red"
    BLUE = "blue"
    YELLOW = "yellow"
    GREEN = "green"
    WORLD = "world"

    @property
    def colour(self) -> Colour | None:
        """The column this token must go to; `None` for a World token (the player picks)."""
        return None if self is Token.WORLD else Colour(self.value)


class Bonus(enum.Enum):
    """The bonus printed on a display space (Q-K2): a coloured token or a time crystal."""

    RED = "red"
    BLUE = "blue"
    YELLOW = "yellow"
    GREEN = "green"
    CRYSTAL = "crystal"
