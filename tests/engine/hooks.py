"""The per-game hook record of the conformance suite."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from boardstate.engine.core.rng import Rng


@dataclasses.dataclass(frozen=True)
class Hooks:
    """`perturb(state, viewer, rng)` returns a state that differs from `state` only in what
    `viewer` may not know; `invariants(state)` returns a list of violated invariants."""

    perturb: Callable[[Any, int | None, Rng], Any]
    invariants: Callable[[Any], list[str]]
    option_sets: tuple[dict[str, Any], ...] = ({},)
    """Options to cycle through over the seeds (the defaults first)."""
