"""The playthrough driver: plays a game through its rules, move by move (standard library only).

One loop serves the conformance suite, the golden files, the benchmarks, the scenario tests and
the service's offline recorder. What differs between them is passed in:

* a *strategy* chooses the move: `strategy(state, seat, legal, rng) -> move`, where `legal` is
  the seat's legal moves and `rng` the pick RNG of the decision (`uniform` picks any of them);
  or the moves are scripted as `(seat, move)` turns (`play_moves`);
* `draws(version)` returns the game's own RNG for the decision taken after `version` events;
* observers see every `Step` as it is played (invariant checks, transcripts).

`playthrough` plays a seeded game from its setup. The seat, then the move, are chosen with
`Rng.for_decision("pick:" + seed, version)`, so a playthrough is the same on every Python
version; the game's own randomness uses `Rng.for_decision(seed, version)`, the derivation the
service uses, with `version` counting the events before the decision.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from boardstate.engine.core.replay import apply, fold
from boardstate.engine.core.rng import Rng
from boardstate.engine.core.rules import GameRules

Rules = GameRules[Any, Any, Any]

Strategy = Callable[[Any, int, tuple[Any, ...], Rng], Any]
"""`(state, seat, legal moves, pick rng) -> move`: one of `legal`."""

Draws = Callable[[int], Rng]
"""The RNG of the decision taken after `version` events."""


@dataclasses.dataclass(frozen=True, slots=True)
class Step:
    """One accepted move of a playthrough and what it did."""

    number: int
    """1-based move number."""
    version: int
    """Events in the log before this move."""
    seat: int
    legal: tuple[Any, ...]
    """The seat's legal moves the strategy chose from (empty for a scripted move)."""
    move: Any
    events: tuple[Any, ...]
    before: Any
    after: Any


@dataclasses.dataclass(frozen=True, slots=True)
class Opening:
    """The set-up state and its events."""

    state: Any
    events: tuple[Any, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Played:
    """Where a playthrough ended: the last state, every event in order, the moves played."""

    state: Any
    events: tuple[Any, ...]
    moves: int


Observer = Callable[[Step], None]
"""Called with every step once it is played, before the next move is chosen."""

Turn = tuple[int, tuple[Any, ...], Any]
"""A chosen `(seat, legal moves, move)`."""


def uniform(state: Any, seat: int, legal: tuple[Any, ...], rng: Rng) -> Any:
    """The strategy that picks any legal move, uniformly."""
    return rng.choice(legal)


def seeded(seed: str) -> Draws:
    """`Rng.for_decision(seed, version)` for every version."""
    return functools.partial(Rng.for_decision, seed)


def opening(rules: Rules, players: int, seed: str, options: Any) -> Opening:
    """Returns the state after setup with the game's RNG for version 0."""
    state = rules.initial_state(players, options)
    events = tuple(rules.setup(state, Rng.for_decision(seed, 0)))
    return Opening(fold(rules, state, events), events)


def _drive(
    rules: Rules,
    state: Any,
    choose: Callable[[Any, int], Turn | None],
    draws: Draws,
    version: int,
    limit: int | None,
    observers: Iterable[Observer],
) -> Iterator[Step]:
    """The one loop: `choose(state, version)` names the next turn (None: stop)."""
    watchers = tuple(observers)
    number = 0
    while limit is None or number < limit:
        turn = choose(state, version)
        if turn is None:
            return
        seat, legal, move = turn
        number += 1
        after, events = apply(rules, state, seat, move, draws(version))
        step = Step(number, version, seat, legal, move, tuple(events), state, after)
        for observe in watchers:
            observe(step)
        yield step
        state, version = after, version + len(events)


def play(
    rules: Rules,
    state: Any,
    strategy: Strategy = uniform,
    *,
    draws: Draws,
    picks: Draws,
    version: int = 0,
    max_moves: int | None = None,
    observers: Iterable[Observer] = (),
) -> Iterator[Step]:
    """Yields every step from `state` until no seat may act (or `max_moves`, by default the
    game's `max_game_length`): the seat is picked among `to_act` with `picks(version)`, then
    `strategy` chooses its move with the same RNG."""

    def choose(now: Any, at: int) -> Turn | None:
        seats = sorted(rules.to_act(now))
        if not seats:
            return None
        pick = picks(at)
        seat = pick.choice(seats)
        legal = tuple(rules.legal_moves(now, seat))
        return seat, legal, strategy(now, seat, legal, pick)

    limit = rules.info.max_game_length if max_moves is None else max_moves
    return _drive(rules, state, choose, draws, version, limit, observers)


def playthrough(
    rules: Rules,
    players: int,
    seed: str,
    options: Any = None,
    max_moves: int | None = None,
    strategy: Strategy = uniform,
    observers: Iterable[Observer] = (),
) -> Iterator[Opening | Step]:
    """Yields the opening, then every step of a seeded game until it ends (or `max_moves`)."""
    options = rules.parse_options(None) if options is None else options
    start = opening(rules, players, seed, options)
    yield start
    yield from play(
        rules,
        start.state,
        strategy,
        draws=seeded(seed),
        picks=seeded("pick:" + seed),
        version=len(start.events),
        max_moves=max_moves,
        observers=observers,
    )


def play_moves(
    rules: Rules,
    state: Any,
    turns: Iterable[tuple[int, Any]],
    draws: Draws,
    *,
    version: int = 0,
    observers: Iterable[Observer] = (),
) -> Played:
    """Plays scripted `(seat, move)` turns in order; a rejected move raises its `MoveError`."""
    script = iter(turns)

    def choose(now: Any, at: int) -> Turn | None:
        turn = next(script, None)
        return None if turn is None else (turn[0], (), turn[1])

    return finish(_drive(rules, state, choose, draws, version, None, observers), state)


def finish(items: Iterable[Opening | Step], state: Any = None) -> Played:
    """Plays `items` (a `playthrough` or `play`) to the end; `state` is where they start."""
    events: list[Any] = []
    moves = 0
    for item in items:
        events += item.events
        if isinstance(item, Opening):
            state = item.state
        else:
            moves += 1
            state = item.after
    return Played(state, tuple(events), moves)
