"""Seeded random playthroughs for conformance tests, golden files and benchmarks.

Moves are chosen with `Rng.for_decision("pick:" + seed, version)`, so a playthrough is the same
on every Python version. The game's own randomness uses `Rng.for_decision(seed, version)`, the
same derivation the service uses, with `version` counting the events before the decision.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from boardstate.engine.core.replay import fold
from boardstate.engine.core.rng import Rng
from boardstate.engine.core.rules import GameRules


@dataclasses.dataclass(frozen=True, slots=True)
class Step:
    """One accepted move of a playthrough and what it did."""

    number: int
    """1-based move number."""
    version: int
    """Events in the log before this move."""
    seat: int
    legal: tuple[Any, ...]
    move: Any
    events: tuple[Any, ...]
    before: Any
    after: Any


@dataclasses.dataclass(frozen=True, slots=True)
class Opening:
    """The set-up state and its events."""

    state: Any
    events: tuple[Any, ...]


def opening(rules: GameRules[Any, Any, Any], players: int, seed: str, options: Any) -> Opening:
    """Returns the state after setup with the game's RNG for version 0."""
    state = rules.initial_state(players, options)
    events = tuple(rules.setup(state, Rng.for_decision(seed, 0)))
    return Opening(fold(rules, state, events), events)


def playthrough(
    rules: GameRules[Any, Any, Any],
    players: int,
    seed: str,
    options: Any = None,
    max_moves: int | None = None,
) -> Iterator[Opening | Step]:
    """Yields the opening, then every step of a random game until it ends (or `max_moves`)."""
    options = rules.parse_options(None) if options is None else options
    start = opening(rules, players, seed, options)
    yield start
    state, version = start.state, len(start.events)
    limit = rules.info.max_game_length if max_moves is None else max_moves
    for number in range(1, limit + 1):
        seats = sorted(rules.to_act(state))
        if not seats:
            return
        pick = Rng.for_decision("pick:" + seed, version)
        seat = pick.choice(seats)
        legal = tuple(rules.legal_moves(state, seat))
        move = pick.choice(legal)
        events = tuple(rules.decide(state, seat, move, Rng.for_decision(seed, version)))
        after = fold(rules, state, events)
        yield Step(number, version, seat, legal, move, events, state, after)
        state, version = after, version + len(events)
