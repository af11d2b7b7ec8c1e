"""The checks of one seeded playthrough (architecture §3): the game ends within its declared
bound; `legal_moves` is empty exactly when a seat may not act; every legal move sampled is
accepted and nothing is listed twice; folding the events rebuilds the state; moves and events
round-trip through their wire form and JSON; views are JSON, absolute (a seat's view differs
from the spectator's only where the spectator sees `null`) and hide what `Hooks.perturb`
changes; redaction keeps every event and is idempotent; the game's invariants hold.
"""

from __future__ import annotations

import json
from typing import Any

from boardstate.engine.conformance.hooks import Hooks
from boardstate.engine.core.canonical import canonical_bytes
from boardstate.engine.core.driver import Opening, Step, Strategy, finish, playthrough, uniform
from boardstate.engine.core.errors import MoveError
from boardstate.engine.core.replay import fold
from boardstate.engine.core.rng import Rng
from boardstate.engine.core.rules import GameRules

Rules = GameRules[Any, Any, Any]


class ConformanceFailure(AssertionError):
    """A game broke the engine contract; the message says where and how to reproduce it."""


def _ensure(condition: object, message: str) -> None:
    if not condition:
        raise ConformanceFailure(message)


def _absolute(seat_view: Any, spectator: Any, path: str) -> None:
    if seat_view == spectator or spectator is None:
        return
    _ensure(type(seat_view) is type(spectator), f"{path}: the seat view changes a type")
    if isinstance(spectator, dict):
        _ensure(seat_view.keys() == spectator.keys(), f"{path}: the seat view has other keys")
        for key in spectator:
            _absolute(seat_view[key], spectator[key], f"{path}.{key}")
    elif isinstance(spectator, list):
        _ensure(len(seat_view) == len(spectator), f"{path}: the seat view has another length")
        for i, (a, b) in enumerate(zip(seat_view, spectator, strict=True)):
            _absolute(a, b, f"{path}[{i}]")
    else:
        raise ConformanceFailure(f"{path}: seat view {seat_view!r} vs spectator {spectator!r}")


def check_wire(codec: Any, item: Any, hooks: Hooks) -> None:
    wire = codec.encode(item)
    _ensure(codec.decode(wire) == item, f"{item!r} does not decode from its wire form")
    _ensure(json.loads(json.dumps(wire)) == wire, f"the wire form of {item!r} is not JSON")
    hooks.check_wire(wire)


def check_views(rules: Rules, state: Any, players: int, rng: Rng, hooks: Hooks) -> None:
    spectator = rules.view(state, None)
    json.dumps(spectator)
    for viewer in [None, *range(players)]:
        view = rules.view(state, viewer)
        hooks.check_view(view)
        _absolute(view, spectator, "view")
        other = hooks.perturb(state, viewer, rng)
        _ensure(rules.view(other, viewer) == view, f"the view of {viewer} leaks hidden values")


def check_events(rules: Rules, events: tuple[Any, ...], players: int, hooks: Hooks) -> None:
    for event in events:
        check_wire(rules.events, event, hooks)
        for viewer in [None, *range(players)]:
            redacted = rules.redact(event, viewer)
            _ensure(type(redacted) is type(event), f"redacting {event!r} changes its type")
            _ensure(rules.redact(redacted, viewer) == redacted, "redaction is not idempotent")
            _ensure(rules.events.decode(rules.events.encode(redacted)) == redacted, "redacted wire")


def _check_step(rules: Rules, players: int, item: Step, rng: Rng, hooks: Hooks) -> None:
    at = f"move {item.number}"
    for seat in range(players):
        legal = rules.legal_moves(item.before, seat)
        _ensure(bool(legal) == (seat in rules.to_act(item.before)), f"{at}: seat {seat} legal")
    _ensure(not item.legal or item.move in item.legal, f"{at}: the move played is not legal")
    _ensure(len(set(item.legal)) == len(item.legal), f"{at}: a legal move is listed twice")
    for move in rng.sample(item.legal, min(3, len(item.legal))):
        check_wire(rules.moves, move, hooks)
        try:
            rules.decide(item.before, item.seat, move, Rng.for_decision("probe", item.version))
        except MoveError as exc:
            raise ConformanceFailure(f"{at}: legal move {move!r} rejected: {exc!r}") from exc
    check_events(rules, item.events, players, hooks)
    broken = hooks.invariants(item.after)
    _ensure(not broken, f"{at}: invariants broken: {broken}")
    if item.number % 7 == 0:
        check_views(rules, item.after, players, rng, hooks)


def check_playthrough(
    rules: Rules,
    players: int,
    seed: str,
    options: Any,
    check_seed: str,
    strategy: Strategy = uniform,
    hooks: Hooks | None = None,
) -> int:
    """Plays a seeded game with `strategy`, checks the contract at every step; returns its
    number of moves. Raises `ConformanceFailure`."""
    hooks = hooks or Hooks()
    rng = Rng.for_decision(check_seed, 0)
    observers = [lambda item: _check_step(rules, players, item, rng, hooks)]
    items = playthrough(rules, players, seed, options, strategy=strategy, observers=observers)
    start = next(items)
    if not isinstance(start, Opening):
        raise ConformanceFailure("the playthrough has no opening")
    check_events(rules, start.events, players, hooks)
    played = finish(items, start.state)
    state = played.state
    _ensure(rules.outcome(state) is not None, "the game did not end")
    bound = rules.max_length(options)
    _ensure(bound is not None and played.moves <= bound, f"{played.moves} moves > bound {bound}")
    _ensure(rules.to_act(state) == frozenset(), "a seat owes a move after the end")
    _ensure(not any(rules.legal_moves(state, s) for s in range(players)), "moves after the end")
    log = start.events + played.events
    folded = fold(rules, rules.initial_state(players, options), log)
    _ensure(folded == state, "folding the log does not rebuild the state")
    encoded = canonical_bytes(state)
    _ensure(canonical_bytes(folded) == encoded, "the state's canonical bytes (stateHash) differ")
    json.loads(encoded, parse_float=_no_floats)
    check_views(rules, state, players, rng, hooks)
    outcome = rules.outcome(state)
    assert outcome is not None
    _ensure(len(outcome.scores) == players, "the outcome needs one score per seat")
    _ensure(outcome.winners, "the outcome names no winner")
    best = max(outcome.scores)
    _ensure(all(outcome.scores[w] == best for w in outcome.winners), "a winner without top score")
    return played.moves


def _no_floats(text: str) -> None:
    raise ConformanceFailure(f"a state holds the float {text}: it has no canonical encoding")
