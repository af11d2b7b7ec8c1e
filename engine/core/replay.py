"""Folding logs and applying moves: the decide/evolve split in two functions (style rule 3)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from boardstate.engine.core.emitter import Emitter
from boardstate.engine.core.rng import Rng
from boardstate.engine.core.rules import GameRules

__all__ = ["Emitter", "apply", "fold", "start"]


def fold(rules: GameRules[Any, Any, Any], state: Any, events: Iterable[Any]) -> Any:
    """Returns `state` with every event of `events` applied in order."""
    for event in events:
        state = rules.evolve(state, event)
    return state


def start(rules: GameRules[Any, Any, Any], players: int, options: Any, rng: Rng) -> Any:
    """Returns a set-up state and its opening events: `(state, events)`."""
    state = rules.initial_state(players, options)
    events = list(rules.setup(state, rng))
    return fold(rules, state, events), events


def apply(
    rules: GameRules[Any, Any, Any], state: Any, seat: int, move: Any, rng: Rng
) -> tuple[Any, list[Any]]:
    """Decides `move` for `seat` and folds its events: returns `(new_state, events)` (the
    state the decision's emitter folded as it emitted them: each event is evolved once)."""
    after, events = rules.decide_to(state, seat, move, rng)
    return after, list(events)
