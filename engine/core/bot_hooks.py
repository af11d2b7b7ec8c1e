"""What a game gives its bots (issue 17): a resampler and an evaluation.

* `resample(state, seat, rng) -> state`: a state the seat cannot tell from `state`, with
  everything hidden from the seat dealt anew at random (other hands, deck orders, other seats'
  secret choices). It must be a function of the seat's information set only: the unseen items are
  collected and **sorted** before they are shuffled and dealt into the same (public) slot sizes,
  so two states the seat cannot tell apart give the same samples for the same `rng` (like
  OpenSpiel's `ResampleFromInfostate`). A game without hidden information returns `state`.
* `evaluate(state, seat) -> float`: how well `seat` stands, in points-like units (the game's
  score so far plus what its position is worth); the heuristic and the search compare it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from boardstate.engine.core.rng import Rng

T = TypeVar("T")


@dataclasses.dataclass(frozen=True, slots=True)
class BotHooks:
    """A game's resampler and evaluation."""

    resample: Callable[[Any, int, Rng], Any]
    evaluate: Callable[[Any, int], float]


def deal(pools: Sequence[Sequence[T]], rng: Rng) -> list[tuple[T, ...]]:
    """The items of `pools`, sorted, shuffled and dealt back into slots of the same sizes."""
    items: list[Any] = sorted((x for pool in pools for x in pool), key=repr)
    shuffled = rng.shuffle(items)
    out, at = [], 0
    for pool in pools:
        out.append(tuple(shuffled[at : at + len(pool)]))
        at += len(pool)
    return out
