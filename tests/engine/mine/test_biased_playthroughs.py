"""The shared conformance checks (tests/engine/test_conformance.py) over `tf22-mine`, for every
player count × option set × seeds, with uniform random play (the shared suite's `playthrough`)
and with play biased towards fights and deliveries (`driver`), which uniform play rarely reaches.

Each playthrough checks: the game ends within `max_game_length`; `legal_moves` is empty exactly
when a seat may not act; sampled legal moves are accepted by `decide`; folding the log rebuilds
the state; moves and events round-trip through wire and msgpack; views are absolute and leak
nothing (`HOOKS.perturb`); redaction keeps every event; the invariants of Part B §2.12 hold.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from boardstate.engine.core.errors import MoveError
from boardstate.engine.core.replay import fold
from boardstate.engine.core.rng import Rng
from boardstate.engine.core.simulate import Opening, Step, playthrough
from boardstate.engine.mine import RULES
from tests.engine.mine.driver import biased_playthrough
from tests.engine.mine.hooks import HOOKS
from tests.engine.test_conformance import (
    _check_wire,
    _differs_only_where_spectator_sees_null,
)

SEEDS = 4
CASES = [
    (players, seed, biased)
    for players in range(RULES.info.min_players, RULES.info.max_players + 1)
    for seed in range(SEEDS)
    for biased in (False, True)
]


def _check_views(state: Any, players: int, rng: Rng) -> None:
    spectator = RULES.view(state, None)
    assert [p["seat"] for p in spectator["players"]] == list(range(players))
    for viewer in [None, *range(players)]:
        seen = RULES.view(state, viewer)
        _differs_only_where_spectator_sees_null(seen, spectator, "view")
        other = HOOKS.perturb(state, viewer, rng)
        assert RULES.view(other, viewer) == seen, f"view for {viewer} leaks hidden information"


def _check_events(events: tuple[Any, ...], players: int) -> None:
    for event in events:
        _check_wire(RULES, RULES.events, event)
        for viewer in [None, *range(players)]:
            redacted = RULES.redact(event, viewer)
            assert type(redacted) is type(event)
            assert RULES.redact(redacted, viewer) == redacted
            assert RULES.events.decode(RULES.events.encode(redacted)) == redacted


def _steps(players: int, seed: int, biased: bool, options: Any) -> Iterator[Opening | Step]:
    name = f"mine-conformance-{seed}"
    if biased:
        return biased_playthrough(players, name, options)
    return playthrough(RULES, players, name, options)


@pytest.mark.parametrize(("players", "seed", "biased"), CASES)
def test_random_playthrough_obeys_the_engine_contract(
    players: int, seed: int, biased: bool
) -> None:
    log: list[Any] = []
    state: Any = None
    moves = 0
    check_rng = Rng.for_decision(f"check:{seed}", 0)
    sets = HOOKS.option_sets
    options = RULES.parse_options(sets[(seed + players) % len(sets)])
    for item in _steps(players, seed, biased, options):
        if isinstance(item, Opening):
            log += item.events
            state = item.state
            _check_events(item.events, players)
            continue
        moves += 1
        for seat in range(players):
            legal = RULES.legal_moves(item.before, seat)
            assert bool(legal) == (seat in RULES.to_act(item.before)), (seat, item.number)
        assert item.move in item.legal
        assert len(set(item.legal)) == len(item.legal), "a legal move is listed twice"
        for move in check_rng.sample(item.legal, min(3, len(item.legal))):
            _check_wire(RULES, RULES.moves, move)
            try:
                RULES.decide(item.before, item.seat, move, Rng.for_decision("probe", item.version))
            except MoveError as exc:  # pragma: no cover - a failure report
                pytest.fail(f"legal move {move!r} rejected: {exc!r}")
        _check_events(item.events, players)
        log += item.events
        state = item.after
        assert HOOKS.invariants(state) == [], item.number
        if item.number % 7 == 0:
            _check_views(state, players, check_rng)
    assert RULES.outcome(state) is not None, "the game did not end"
    assert moves <= RULES.info.max_game_length
    assert RULES.to_act(state) == frozenset()
    assert all(not RULES.legal_moves(state, s) for s in range(players))
    assert fold(RULES, RULES.initial_state(players, options), log) == state
    _check_views(state, players, check_rng)
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert len(outcome.scores) == players
    assert outcome.winners
    assert all(outcome.scores[w] == max(outcome.scores) for w in outcome.winners)
