"""Emitting the facts of one decision while folding them (style rule 3: decide, then evolve)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class Evolves(Protocol):
    """Anything with the protocol's `evolve(state, event) -> state` (a game's `GameRules`)."""

    @property
    def evolve(self) -> Callable[[Any, Any], Any]:
        """Returns the state after one fact."""
        ...  # pragma: no cover


class Emitter:
    """Collects the events of one decision while folding them, so later checks see their effect.

    `decide` functions that emit several dependent facts (a scoring after a passenger, a
    reshuffle in the middle of a draw) call `emit` and read `state`. `states` holds the state
    after each event, so a caller that needs them (the service hashes each one) does not
    evolve the events a second time.
    """

    __slots__ = ("_evolve", "events", "state", "states")

    def __init__(self, rules: Evolves, state: Any) -> None:
        self._evolve = rules.evolve
        self.state = state
        self.events: list[Any] = []
        self.states: list[Any] = []

    def emit(self, event: Any) -> None:
        """Records `event` and applies it to `state`."""
        self.events.append(event)
        self.state = state = self._evolve(self.state, event)
        self.states.append(state)
