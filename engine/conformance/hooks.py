"""What a game may add to the conformance suite; every field has a default that suits a game
without hidden information."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from boardstate.engine.core.rng import Rng


def _nothing_hidden(state: Any, viewer: int | None, rng: Rng) -> Any:
    return state


def _no_invariants(state: Any) -> list[str]:
    return []


def _nothing_more(value: Any) -> None:
    """No further check."""


@dataclasses.dataclass(frozen=True)
class Hooks:
    """`perturb(state, viewer, rng)` returns a state that differs from `state` only in what
    `viewer` may not know (the suite checks the view does not change); `invariants(state)`
    returns the game's invariants that `state` violates; `option_sets` are cycled through over
    the seeds (the defaults first); `check_view` and `check_wire` take every view and every wire
    form checked (e.g. a JSON Schema validation, a msgpack round trip)."""

    perturb: Callable[[Any, int | None, Rng], Any] = _nothing_hidden
    invariants: Callable[[Any], list[str]] = _no_invariants
    option_sets: tuple[dict[str, Any], ...] = ({},)
    check_view: Callable[[dict[str, Any]], None] = _nothing_more
    check_wire: Callable[[dict[str, Any]], None] = _nothing_more
