"""Scripted moves for the scenario tests, played by `engine.core.driver.play_moves`.

The games' `fixtures.play` / `play_all` / `refused` are thin wrappers over these: moves are in
wire form (parsed here, so a malformed move is refused like any other), and every move draws
from a fresh `rng()` (by default `Rng.for_decision("0", 1)`), so a scene does not depend on how
many moves came before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from boardstate.engine.core.driver import Observer, play_moves
from boardstate.engine.core.errors import MoveError
from boardstate.engine.core.rng import Rng
from boardstate.engine.core.rules import GameRules

S = TypeVar("S")
E = TypeVar("E")


def seeded(seed: int | str = 0) -> Callable[[], Rng]:
    """A fresh `Rng.for_decision(str(seed), 1)` per move."""
    return lambda: Rng.for_decision(str(seed), 1)


_ZERO = seeded()


def play(
    rules: GameRules[S, Any, E],
    state: S,
    turns: Iterable[tuple[int, Any]],
    rng: Callable[[], Rng] = _ZERO,
    observers: Iterable[Observer] = (),
) -> tuple[S, list[E]]:
    """Plays wire `(seat, move)` turns in order: returns the last state and all events."""
    moves = ((seat, rules.parse_move(move)) for seat, move in turns)
    played = play_moves(rules, state, moves, lambda _version: rng(), observers=observers)
    return played.state, list(played.events)


def refused(rules: GameRules[S, Any, E], state: S, seat: int, move: Any) -> MoveError:
    """Returns the error a wire move is rejected with; fails if it is accepted."""
    try:
        play(rules, state, [(seat, move)])
    except MoveError as exc:
        return exc
    raise AssertionError(f"{move!r} was accepted")
