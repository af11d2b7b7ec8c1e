"""A verdict on one decision (issue 42): the search bot's view of a move a seat played.

`judge(seen, played, rng, playouts, stop)` searches the decision as the `search` policy does
(`engine.bots.search.root_search`: the heuristic's shortlist, here with the played move added so
that it is measured too) and answers with what the bot would have played and the mover's
estimated chance of winning with that move (`before`: the position's value to the mover under
the bot's play) and with the move played (`after`), each the mean outcome of the playouts that
began with the move (1 for a win, a shared win split, a cut-off playout its squashed margin).

The label names the big swings in plain words, as a chess server's analysis does (Lichess marks
inaccuracies, mistakes and blunders by the winning chances a move gives away): the bot's own
move is "the best move"; a move that gives away at least `COSTLY` of the chance of winning is
"a costly move", `MISTAKE` "a mistake", `INACCURACY` "an inaccuracy"; any other move none. A
seat with one legal move gets "the only move" and no estimates. The judge is as deterministic as
the search: the same seat's knowledge, RNG and playouts give the same verdict.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from boardstate.engine.bots.budget import Budget
from boardstate.engine.bots.search import Node, most_visited, root_search
from boardstate.engine.bots.seen import Seen
from boardstate.engine.core.rng import Rng

COSTLY = 0.15
MISTAKE = 0.10
INACCURACY = 0.05
BEST = "the best move"
ONLY = "the only move"


@dataclasses.dataclass(frozen=True, slots=True)
class Verdict:
    """The bot's view of one decision."""

    seat: int
    played: Any
    best: Any
    before: float | None
    """The mover's estimated chance of winning with the bot's move (None: not searched)."""
    after: float | None
    """The same with the move played."""
    label: str | None
    playouts: int


def chance(root: Node, move: Any, seat: int) -> float | None:
    """The mean outcome for `seat` of the playouts that began with `move` (None: none did)."""
    child = root.children.get(move)
    if child is None or child.visits == 0:
        return None
    return child.total[seat] / child.visits


def label_of(played: Any, best: Any, before: float | None, after: float | None) -> str | None:
    """The plain-words label of a decision (see the module's docstring)."""
    if played == best:
        return BEST
    if before is None or after is None:
        return None
    loss = before - after
    if loss >= COSTLY:
        return "a costly move"
    if loss >= MISTAKE:
        return "a mistake"
    if loss >= INACCURACY:
        return "an inaccuracy"
    return None


def judge(
    seen: Seen, played: Any, rng: Rng, playouts: int, stop: Callable[[], bool] | None = None
) -> Verdict:
    """The verdict on `played` (one of `seen.legal`) after at most `playouts` playouts;
    `stop` ends the search early (its estimates then rest on fewer playouts)."""
    if len(seen.legal) <= 1 or seen.rules.bots is None or played not in seen.legal:
        return Verdict(seen.seat, played, played, None, None, ONLY, 0)
    budget = Budget(playouts=max(1, playouts), clock=None, stop=stop)
    shortlist, root, used = root_search(seen, rng, budget, include=(played,))
    best = most_visited(shortlist, root)
    before, after = chance(root, best, seen.seat), chance(root, played, seen.seat)
    if played == best:
        after = before
    return Verdict(
        seen.seat, played, best, before, after, label_of(played, best, before, after), used
    )
