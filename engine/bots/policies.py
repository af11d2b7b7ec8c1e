"""Bot policies and their registry (issue 17).

A policy is `choose(seen, rng, budget) -> move`: one of `seen.legal`, chosen only from what the
seat may know (`engine.bots.seen`), deterministically given `rng` (the service derives it
from the game and version, so a bot's move is reproducible). `budget` bounds its thinking
(`engine.bots.budget.Budget`): playouts and milliseconds (read from a clock passed in, never
the wall clock directly, so tests use playouts), and a `stop` check the caller may trip at any
time.

`POLICIES` lists the policies by their stable id (the names the API takes): `random`
(`engine.bots.budget`), `heuristic` (`engine.bots.heuristic`) and `search`
(`engine.bots.search`); the latter two use the game's resampler and evaluation
(`GameRules.bots`).
"""

from __future__ import annotations

from boardstate.engine.bots.budget import Policy, random_policy
from boardstate.engine.bots.heuristic import heuristic_policy
from boardstate.engine.bots.search import search_policy

_REGISTRY: dict[str, Policy] = {
    "random": random_policy,
    "heuristic": heuristic_policy,
    "search": search_policy,
}

POLICIES = ("heuristic", "random", "search")
"""Every policy id (the API's names); `policy(id)` is the policy (registered explicitly in
`_REGISTRY`, style rule 2)."""


def policy(policy_id: str) -> Policy:
    """The policy of `policy_id`; raises `KeyError`."""
    return _REGISTRY[policy_id]
