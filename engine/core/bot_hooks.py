"""What a game gives its bots (issue 17): a resampler and an evaluation.

* `resample(state, seat, rng) -> state`: a state the seat cannot tell from `state`, with
  everything hidden from the seat dealt anew at random (other hands, deck orders, other seats'
  secret choices). It must be a function of the seat's information set only: the unseen items are
  collected and **sorted** before they are shuffled and dealt into the same (public) slot sizes,
  so two states the seat cannot tell apart give the same samples for the same `rng` (like
  OpenSpiel's `ResampleFromInfostate`). A game without hidden information returns `state`.
* `evaluate(state, seat) -> float`: how well `seat` stands, in points-like units (the game's
  score so far plus what its position is worth); the heuristic and the search compare it.
* `search`: how the `search` policy plays this game (`SearchTuning`): its root width, its
  rollouts, and the evaluation it cuts rollouts off with and shortlists by (by default
  `evaluate`, the heuristic's). A game's `bots.py` says what differs for it, not the search.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from boardstate.engine.core.rng import Rng

T = TypeVar("T")


@dataclasses.dataclass(frozen=True, slots=True)
class SearchTuning:
    """What the `search` policy does in one game (the defaults: what it does in every game that
    says nothing)."""

    root_width: int = 2
    """The moves searched at the root: the best of the one-ply ranking by `evaluate`."""
    rank_width: int = 48
    """The legal moves the one-ply ranking scores (a seeded sample of them when there are more;
    the heuristic's `WIDTH`)."""
    rollout_depth: int = 6
    """Moves a rollout plays before it is cut off and judged by `evaluate`."""
    rollout_sample: int = 3
    """A rollout's move is the best, by its mover's margin, of this many random legal moves."""
    evaluate: Callable[[Any, int], float] | None = None
    """The search's evaluation (the root's ranking, the rollouts' moves and cut-offs); None:
    the game's `BotHooks.evaluate`."""


@dataclasses.dataclass(frozen=True, slots=True)
class BotHooks:
    """A game's resampler and evaluation, and how the search plays it."""

    resample: Callable[[Any, int, Rng], Any]
    evaluate: Callable[[Any, int], float]
    search: SearchTuning = SearchTuning()

    @property
    def search_evaluate(self) -> Callable[[Any, int], float]:
        """The evaluation the search uses (`search.evaluate`, else `evaluate`)."""
        return self.search.evaluate or self.evaluate


def deal(pools: Sequence[Sequence[T]], rng: Rng) -> list[tuple[T, ...]]:
    """The items of `pools`, sorted, shuffled and dealt back into slots of the same sizes."""
    items: list[Any] = sorted((x for pool in pools for x in pool), key=repr)
    shuffled = rng.shuffle(items)
    out, at = [], 0
    for pool in pools:
        out.append(tuple(shuffled[at : at + len(pool)]))
        at += len(pool)
    return out
