"""What every policy shares: its thinking budget (with the caller's `stop`), the policy protocol,
and `random`, the policy that needs nothing but the legal moves (`engine.bots.policies` lists
them all).

A policy that thinks in steps asks `budget.timer()` between them (cooperative cancellation: a
thread cannot be killed) and, once it says so, returns its best move so far at once.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Protocol

from boardstate.engine.bots.seen import Seen
from boardstate.engine.core.rng import Rng


@dataclasses.dataclass(frozen=True, slots=True)
class Budget:
    """How long a policy may think: at most `playouts` simulations and `millis` ms (by
    `clock`, seconds; None: no time limit)."""

    playouts: int = 200
    millis: int = 1000
    clock: Callable[[], float] | None = None
    stop: Callable[[], bool] | None = None
    """Says when the caller wants the answer now (a timed-out request, a shutdown)."""

    def timer(self) -> Callable[[], bool]:
        """A check, started now, that says when thinking must end: `millis` later by `clock`,
        or as soon as `stop` says so; once it has said so it says so without asking again."""
        clock, stop = self.clock, self.stop
        ends = None if clock is None else clock() + self.millis / 1000
        said: list[bool] = []

        def over() -> bool:
            if not said and (
                (stop is not None and stop())
                or (ends is not None and clock is not None and clock() >= ends)
            ):
                said.append(True)
            return bool(said)

        return over


class Policy(Protocol):
    """Chooses a move from a seat's knowledge."""

    def __call__(self, seen: Seen, rng: Rng, budget: Budget) -> Any: ...


def random_policy(seen: Seen, rng: Rng, budget: Budget) -> Any:
    """`random`: any legal move, uniformly."""
    if not seen.legal:
        raise ValueError("no legal move to choose from")
    return rng.choice(seen.legal)
