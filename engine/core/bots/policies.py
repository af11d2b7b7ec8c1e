"""Bot policies and their registry (issue 17).

A policy is `choose(seen, rng, budget) -> move`: one of `seen.legal`, chosen only from what the
seat may know (`engine.core.bots.seen`), deterministically given `rng` (the service derives it
from the game and version, so a bot's move is reproducible). `budget` bounds its thinking:
playouts and milliseconds (read from a clock passed in, never the wall clock directly, so tests
use playouts), and a `stop` check the caller may trip at any time. A policy that thinks in steps
asks `budget.timer()` between them (cooperative cancellation: a thread cannot be killed) and,
once it says so, returns its best move so far at once.

`POLICIES` lists the policies by their stable id (the names the API takes): `random`,
`heuristic` (`engine.core.bots.heuristic`) and `search` (`engine.core.bots.search`); the latter two
use the game's resampler and evaluation (`GameRules.bots`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Protocol

from boardstate.engine.core.bots.seen import Seen
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


def _registry() -> dict[str, Policy]:
    from boardstate.engine.core.bots.heuristic import heuristic_policy
    from boardstate.engine.core.bots.search import search_policy

    return {"random": random_policy, "heuristic": heuristic_policy, "search": search_policy}


POLICIES = ("heuristic", "random", "search")
"""Every policy id (the API's names); `policy(id)` is the policy (registered explicitly in
`_registry`, style rule 2)."""


def policy(policy_id: str) -> Policy:
    """The policy of `policy_id`; raises `KeyError`."""
    return _registry()[policy_id]
