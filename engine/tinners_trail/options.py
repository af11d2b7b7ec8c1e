"""Tinners' Trail options: the Arsenic module and the documented choices where sources disagree.

Part A decides every open question; where Part B recommends keeping a question configurable
(Q3, Q7, Q8), the alternative reading is offered here, with Part A's decision as the default.
"""

from __future__ import annotations

import dataclasses
import enum


class TrackTies(enum.Enum):
    """Q3: which row a token takes on entering a time-track column (the higher row acts first)."""

    TOPMOST_FREE_ROW = "topmost_free_row"
    """Part A Q3: the topmost free row, so the earlier arrival usually acts first."""
    LAST_ARRIVAL_FIRST = "last_arrival_first"
    """Thebes-style stacking (the track is 'à la Jenseits von Theben', [S19]): a later arrival
    goes on top of the tokens already there and acts first."""


class PriceAdjustments(enum.Enum):
    """Q7: how the round adjustment (+1 in round 1, −1 in round 4) meets the top/bottom one."""

    STACK = "stack"
    """Part A Q7: both apply, then the total is clamped to the table."""
    ROUND_REPLACES_EDGE = "round_replaces_edge"
    """In a round with a round adjustment (1 and 4) the top/bottom adjustment is not applied."""


class InvestmentPass(enum.Enum):
    """Q8: is a pass in the external-investments phase final?"""

    CIRCUIT = "circuit"
    """Part A Q8: not final; the phase ends after a full circuit of consecutive passes."""
    FINAL = "final"
    """A player who passes is out of the phase; it ends when everyone has passed."""


@dataclasses.dataclass(frozen=True, slots=True)
class Options:
    """`createGame` options for `tinners-trail`; every field is optional."""

    arsenic: bool = False
    """Play with the Arsenic module (rules/tinners_trail.md B §1.15, Part A Q13)."""
    track_ties: TrackTies = TrackTies.TOPMOST_FREE_ROW
    price_adjustments: PriceAdjustments = PriceAdjustments.STACK
    investment_pass: InvestmentPass = InvestmentPass.CIRCUIT
