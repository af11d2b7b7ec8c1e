"""Trambahn options: the documented choices where the rules are unclear (rules/trambahn.md)."""

from __future__ import annotations

import dataclasses
import enum


class Rounding(enum.Enum):
    """Q-T2: how many money cards a player keeps when the draw pile runs out."""

    FLOOR = "floor"
    """Discard floor(n/2): the player keeps the larger half (Part A)."""
    CEIL = "ceil"
    """Discard ceil(n/2)."""


class Refill(enum.Enum):
    """Q-T6: when the tram display is refilled to 3."""

    END_OF_PURCHASE = "end_of_purchase"
    """At the end of the purchase step, i.e. when the turn is ended (Part A, seed)."""
    AFTER_EACH_PURCHASE = "after_each_purchase"
    """Right after each tram bought (gamesgazette's reading)."""


class TieBreak(enum.Enum):
    """Q-T4: what decides equal totals."""

    SHARED = "shared"
    """Equal totals share the win (Part A)."""
    EXTRA_TOURS = "extra_tours"
    """More extra-tour points wins; still equal: shared."""


@dataclasses.dataclass(frozen=True, slots=True)
class Options:
    """`createGame` options for `trambahn`; every field is optional."""

    money_halving: Rounding = Rounding.FLOOR
    display_refill: Refill = Refill.END_OF_PURCHASE
    tie_break: TieBreak = TieBreak.SHARED
