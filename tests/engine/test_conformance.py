"""The conformance suite: every game × every player count × many seeds (style rule 15).

Each random seeded playthrough checks: the game ends within its declared maximum length;
`legal_moves` is empty exactly when a seat may not act; every legal move sampled is accepted by
`decide`; folding the events rebuilds the live state; moves and events round-trip through their
wire form and msgpack; views hide what the rules hide and are absolute (a seat's view differs from
the spectator view only where the spectator sees `null`); redaction keeps every event and
its counts; every view matches the game's published state schema; the game's own invariants
hold.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any

import msgpack
import pytest
from jsonschema import Draft202012Validator

from boardstate.engine.core.canonical import canonical_bytes
from boardstate.engine.core.driver import Opening, Step, Strategy, finish, playthrough, uniform
from boardstate.engine.core.errors import MoveError
from boardstate.engine.core.replay import fold
from boardstate.engine.core.rng import Rng
from boardstate.engine.core.rules import GameRules
from boardstate.engine.registry import GAMES
from tests.engine.conformance_hooks import HOOKS

SEEDS = 40
CASES = [
    (game_id, players, seed)
    for game_id, rules in sorted(GAMES.items())
    for players in range(rules.info.min_players, rules.info.max_players + 1)
    for seed in range(SEEDS)
]


def _differs_only_where_spectator_sees_null(seat_view: Any, spectator: Any, path: str) -> None:
    if seat_view == spectator:
        return
    if spectator is None:
        return
    assert type(seat_view) is type(spectator), path
    if isinstance(spectator, dict):
        assert seat_view.keys() == spectator.keys(), path
        for key in spectator:
            _differs_only_where_spectator_sees_null(seat_view[key], spectator[key], f"{path}.{key}")
    elif isinstance(spectator, list):
        assert len(seat_view) == len(spectator), path
        for i, (a, b) in enumerate(zip(seat_view, spectator, strict=True)):
            _differs_only_where_spectator_sees_null(a, b, f"{path}[{i}]")
    else:
        pytest.fail(f"{path}: seat view {seat_view!r} vs spectator view {spectator!r}")


def _no_floats(text: str) -> None:
    pytest.fail(f"a state holds the float {text}: it has no canonical encoding")


def _check_wire(rules: GameRules[Any, Any, Any], codec: Any, item: Any) -> None:
    wire = codec.encode(item)
    assert codec.decode(wire) == item
    assert codec.decode(msgpack.unpackb(msgpack.packb(wire))) == item
    assert json.loads(json.dumps(wire)) == wire


@functools.cache
def _state_validator(game_id: str) -> Draft202012Validator:
    """The validator of a game's published state view schema (`GameRules.state_schema`)."""
    return Draft202012Validator(GAMES[game_id].state_schema())


def _check_views(rules: GameRules[Any, Any, Any], state: Any, players: int, rng: Rng) -> None:
    spectator = rules.view(state, None)
    json.dumps(spectator)
    if "players" in spectator:
        assert [p.get("seat", i) for i, p in enumerate(spectator["players"])] == list(
            range(players)
        )
    hooks = HOOKS[rules.info.id]
    for viewer in [None, *range(players)]:
        view = rules.view(state, viewer)
        _state_validator(rules.info.id).validate(view)
        _differs_only_where_spectator_sees_null(view, spectator, "view")
        other = hooks.perturb(state, viewer, rng)
        assert rules.view(other, viewer) == view, f"view for {viewer} leaks hidden information"


def _check_events(rules: GameRules[Any, Any, Any], events: tuple[Any, ...], players: int) -> None:
    for event in events:
        _check_wire(rules, rules.events, event)
        for viewer in [None, *range(players)]:
            redacted = rules.redact(event, viewer)
            assert type(redacted) is type(event)
            assert rules.redact(redacted, viewer) == redacted
            wire = rules.events.encode(redacted)
            assert rules.events.decode(wire) == redacted


def test_every_registered_game_has_conformance_hooks() -> None:
    assert set(HOOKS) == set(GAMES)


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_random_playthrough_obeys_the_engine_contract(
    game_id: str, players: int, seed: int
) -> None:
    rules = GAMES[game_id]
    sets = HOOKS[game_id].option_sets
    options = rules.parse_options(sets[seed % len(sets)])
    check_playthrough(rules, players, f"conformance-{seed}", options, f"check:{seed}")


def check_playthrough(
    rules: GameRules[Any, Any, Any],
    players: int,
    seed: str,
    options: Any,
    check_seed: str,
    strategy: Strategy = uniform,
) -> None:
    """Plays a seeded game with `strategy` and checks the engine contract at every step."""
    hooks = HOOKS[rules.info.id]
    check_rng = Rng.for_decision(check_seed, 0)

    def check_step(item: Step) -> None:
        for seat in range(players):
            legal = rules.legal_moves(item.before, seat)
            assert bool(legal) == (seat in rules.to_act(item.before)), (seat, item.number)
        assert item.move in item.legal
        assert len(set(item.legal)) == len(item.legal), "a legal move is listed twice"
        for move in check_rng.sample(item.legal, min(3, len(item.legal))):
            _check_wire(rules, rules.moves, move)
            try:
                rules.decide(item.before, item.seat, move, Rng.for_decision("probe", item.version))
            except MoveError as exc:  # pragma: no cover - a failure report
                pytest.fail(f"legal move {move!r} rejected: {exc!r}")
        _check_events(rules, item.events, players)
        assert hooks.invariants(item.after) == [], item.number
        if item.number % 7 == 0:
            _check_views(rules, item.after, players, check_rng)

    items = playthrough(rules, players, seed, options, strategy=strategy, observers=[check_step])
    start = next(items)
    assert isinstance(start, Opening)
    _check_events(rules, start.events, players)
    played = finish(items, start.state)
    state = played.state
    assert rules.outcome(state) is not None, "the game did not end"
    bound = rules.max_length(options)
    assert bound is not None, "the suite plays bounded option sets only"
    assert played.moves <= bound, "the reported bound is below the length of a game it played"
    assert rules.to_act(state) == frozenset()
    assert all(not rules.legal_moves(state, s) for s in range(players))
    log = start.events + played.events
    assert fold(rules, rules.initial_state(players, options), log) == state
    json.loads(canonical_bytes(state), parse_float=_no_floats)
    _check_views(rules, state, players, check_rng)
    outcome = rules.outcome(state)
    assert outcome is not None
    assert len(outcome.scores) == players
    assert outcome.winners
    assert all(outcome.scores[w] == max(outcome.scores) for w in outcome.winners)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_wire_names_follow_the_convention(game_id: str) -> None:
    # Moves are snake_case actions (DESIGN §5); events are PascalCase past-tense facts, named
    # like their class and like the service's own GameCreated / SeatJoined / GameEnded.
    rules = GAMES[game_id]
    for name in rules.moves.by_type:
        assert re.fullmatch(r"[a-z]+(_[a-z0-9]+)*", name), name
    for name, cls in rules.events.by_type.items():
        assert name == cls.__name__, name
        assert name not in ("GameCreated", "SeatJoined", "GameEnded"), name


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_reported_bound_holds_for_every_option_set_played_and_null_means_endless(
    game_id: str,
) -> None:
    rules = GAMES[game_id]
    for raw in HOOKS[game_id].option_sets:
        assert rules.max_length(rules.parse_options(raw)) == rules.info.max_game_length
    endless = [v for v in rules.variants.options if v.unbounded]
    assert (rules.max_length() is None) == bool(endless)
    for variant in endless:
        for value in variant.unbounded:
            options = rules.parse_options({variant.option: value})
            assert rules.max_length(options) is None
