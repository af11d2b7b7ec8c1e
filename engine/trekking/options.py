"""Trekking options: the documented choices where the rules are unclear (rules/trekking.md).

Part A settles every open question; the options below let a table pick the other reading of
the questions whose Part B recommendation asks for a flag, without changing the defaults.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Annotated

from boardstate.engine.core.errors import BadOptions
from boardstate.engine.core.wire import Bounds
from boardstate.engine.trekking.kinds import Bonus


class EqualYears(enum.Enum):
    """Q-K7: does a history card of the same year as the trek's reference year continue it?"""

    CONTINUE = "continue"
    """Equal years count as later: the trek continues (Part A)."""
    BREAK = "break"
    """Only a strictly later year continues the trek; an equal year closes it."""


class TieBreak(enum.Enum):
    """Q-K10: what decides equal totals."""

    CRYSTALS = "crystals"
    """Most crystals left wins; still equal: a shared win (Part A)."""
    SHARED = "shared"
    """Equal totals share the win."""


@dataclasses.dataclass(frozen=True, slots=True)
class Options:
    """`createGame` options for `trekking`; every field is optional."""

    equal_years: EqualYears = EqualYears.CONTINUE
    tie_break: TieBreak = TieBreak.CRYSTALS
    display_bonuses: Annotated[tuple[Bonus, ...], Bounds(5, 5)] | None = None
    """Q-K2: the bonus of display spaces 1..5 (1 next to the deck), each bonus once; `null`
    takes the data set's order (red, blue, yellow, green, crystal)."""


def check_options(options: Options) -> None:
    """Q-K2: the display bonuses, when given, must be each of the five bonuses once."""
    bonuses = options.display_bonuses
    if bonuses is not None and sorted(b.value for b in bonuses) != sorted(b.value for b in Bonus):
        raise BadOptions("options.display_bonuses: list each of the five bonuses once")
