"""TF22 Mine options (rules/mine.md Part A; Part B §4 Q1–Q20): every flag and configurable item
of Part B is an option with the recommended default.

| option | default | rules question |
|---|---|---|
| `require_open_edges` | on | Q3: movement needs openings that meet |
| `change_type_needs_open_edges` | on | Q4: changing tunnel type needs openings that meet |
| `loader_needs_opening` | on | Q7: the delivery cell must open towards the loader |
| `allow_forfeit_ore` | off | §2.5: house rule, give up the remaining ore (`forfeit_ore`) |
| `setup_swaps` | 2 | Q8: swaps of ring cards by the start player (1 = strict seed reading) |
| `symbol_cards` | `standard` | Q19, §2.10: `standard`, `chance` or `strategic` |
| `centre` | white, red, blue, yellow | Q13: colours of centre cells (2,2), (2,3), (3,3), (3,2) |
| `loaders` | 2, 9, 16 | Q6: loader start positions (outer-ring indices) |
| `max_rounds` | 50 | Part A: rounds before the game ends on points (0 = no limit) |

`centre` must name four different colours and `loaders` three different positions;
`RULES.parse_options` rejects anything else with `BAD_OPTIONS`.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Annotated

from boardstate.engine.core.errors import BadOptions
from boardstate.engine.core.wire import Bounds
from boardstate.engine.mine.components import COMPONENTS, Colour
from boardstate.engine.mine.geometry import TRACK

Position = Annotated[int, Bounds(0, TRACK - 1)]

MAX_ROUNDS_LIMIT = 200
"""The largest finite `max_rounds`; `INFO.max_game_length` is computed from it."""


class SymbolMode(enum.Enum):
    """§2.10: how symbol cards are revealed (the review names three ways)."""

    STANDARD = "standard"
    """Own face-down pile; reveal the top card; reshuffle all when it is empty (seed's rule)."""
    CHANCE = "chance"
    """Every reveal is a uniformly random card out of all of the owner's cards."""
    STRATEGIC = "strategic"
    """The owner chooses among unused cards; fighters commit secretly and simultaneously."""


@dataclasses.dataclass(frozen=True, slots=True)
class Options:
    """`createGame` options for `tf22-mine`; every field is optional."""

    require_open_edges: bool = True
    change_type_needs_open_edges: bool = True
    loader_needs_opening: bool = True
    allow_forfeit_ore: bool = False
    setup_swaps: Annotated[int, Bounds(0, 2)] = 2
    symbol_cards: SymbolMode = SymbolMode.STANDARD
    centre: tuple[Colour, Colour, Colour, Colour] = (
        COMPONENTS.centre_arrangement[0],
        COMPONENTS.centre_arrangement[1],
        COMPONENTS.centre_arrangement[2],
        COMPONENTS.centre_arrangement[3],
    )
    loaders: tuple[Position, Position, Position] = (
        COMPONENTS.loader_start[0],
        COMPONENTS.loader_start[1],
        COMPONENTS.loader_start[2],
    )
    max_rounds: Annotated[int, Bounds(0, MAX_ROUNDS_LIMIT)] = 50


def option_problems(options: Options) -> list[str]:
    """Returns what is wrong with options the wire types cannot check."""
    problems = []
    if len(set(options.centre)) != len(options.centre):
        problems.append("options.centre: name each of the four colours once")
    if len(set(options.loaders)) != len(options.loaders):
        problems.append("options.loaders: three different outer-ring positions")
    return problems


def check_options(options: Options) -> None:
    """Refuses repeated centre colours or loader positions (`option_problems`)."""
    problems = option_problems(options)
    if problems:
        raise BadOptions("; ".join(problems), {"problems": problems})
