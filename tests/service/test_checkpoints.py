"""Past versions from in-memory checkpoints (`service.features.moves.checkpoints`), and the integrity
checks of the lean move path: a checkpoint is used only when the log's stateHash at its version
is its own, and a cached record the log does not hold is still caught by the conditional append
(`service.features.moves.referee`)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from structlog.testing import capture_logs

from boardstate.service.composition import Service, build_service
from boardstate.service.features.moves import snapshot_writer
from boardstate.service.features.moves.checkpoints import Checkpoints
from boardstate.service.metrics import Metrics
from boardstate.service.settings import Settings
from boardstate.service.store import RedisEventStore
from tests.service.test_fast_path import Table, after, legal, recorded_appends, table

pytestmark = pytest.mark.redis


async def played(service: Service, moves: int) -> Table:
    """A Trambahn game with `moves` seeded random moves played through `service`."""
    game = await table(service)
    for number in range(moves):
        record = game.record
        seat = record.to_act[0]
        await game.move(seat, legal(record, seat)[number % len(legal(record, seat))])
    return game


def settings_of(store: RedisEventStore, **changes: Any) -> Settings:
    return dataclasses.replace(Settings(key_prefix=store.prefix), **changes)


async def test_every_past_version_from_checkpoints_is_the_fold_of_the_log(
    redis_store: RedisEventStore,
) -> None:
    service = build_service(redis_store, settings_of(redis_store), Metrics())
    game = await played(service, 30)
    current = game.record
    kept = service.games.loader.checkpoints.nearest(game.game_id, current.version)
    assert kept is not None
    assert kept.version > 8
    # a process without checkpoints or snapshots folds every version from the log's start
    bare = build_service(redis_store, settings_of(redis_store, snapshot_every=0), Metrics())
    bare.games.loader.checkpoints = Checkpoints(limit=0)
    for version in range(1, current.version + 1):
        served = await service.games.loader.at_version(current, version)
        folded = await bare.games.loader.at_version(current, version)
        assert served.version == folded.version == version
        assert served.state_hash() == folded.state_hash()
        assert served.state == folded.state
        assert served.seats == folded.seats


async def test_a_checkpoint_the_log_contradicts_is_dropped_not_served(
    redis_store: RedisEventStore,
) -> None:
    service = build_service(redis_store, settings_of(redis_store), Metrics())
    game = await played(service, 30)
    current = game.record
    checkpoints = service.games.loader.checkpoints
    kept = checkpoints.nearest(game.game_id, current.version - 1)
    assert kept is not None
    other = await service.games.loader.at_version(current, kept.version - 1)
    forged = dataclasses.replace(other, version=kept.version)  # another state at that version
    checkpoints.keep([forged])
    with capture_logs() as logs:
        served = await service.games.loader.at_version(current, kept.version)
    assert "checkpoint_skipped" in [entry["event"] for entry in logs]
    assert served.state_hash() == kept.state_hash()
    assert checkpoints.nearest(game.game_id, kept.version) is not forged


def test_checkpoints_stay_within_their_limit_dropping_the_least_recent_game() -> None:
    checkpoints = Checkpoints(limit=3, every=2)
    kept: list[Any] = [
        dataclasses.make_dataclass("R", ["game_id", "version"])(g, v)
        for g, v in (("a", 2), ("a", 4), ("b", 2), ("b", 4))
    ]
    checkpoints.keep(kept)
    assert checkpoints.nearest("a", 10) is None  # dropped as a whole: least recently used
    assert checkpoints.nearest("b", 3) is kept[2]
    assert checkpoints.nearest("b", 9) is kept[3]
    assert checkpoints.nearest("b", 1) is None


async def test_a_cached_state_the_log_does_not_hold_is_caught_by_the_append(
    redis_store: RedisEventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = build_service(redis_store, settings_of(redis_store), Metrics())
    game = await played(service, 6)
    logged = game.record
    seat = logged.to_act[0]
    move = legal(logged, seat)[0]
    # the cache holds the log's version with another state (as after a lost write or a bug):
    # the same table with the draw pile in another order, so the move is legal on both
    pile = tuple(reversed(logged.state.draw_pile))
    assert pile != logged.state.draw_pile
    forged = dataclasses.replace(logged.state, draw_pile=pile)
    service.games.loader.remember(dataclasses.replace(logged, state=forged))
    outcomes = recorded_appends(redis_store, monkeypatch)
    with capture_logs() as logs:
        accepted = await game.move(seat, move)
    assert "cache_diverged_from_log" in [entry["event"] for entry in logs]
    refused, landed = outcomes  # on the cache: same version, other stateHash; then on the log
    assert refused.diverged
    assert not refused.appended
    assert landed.appended
    assert landed.first_version == logged.version + 1
    expected = after(logged, seat, move)
    assert accepted.version == expected.version
    assert game.record.state_hash() == expected.state_hash()


async def test_snapshots_written_as_moves_are_appended_are_the_logs_fold(
    redis_store: RedisEventStore,
) -> None:
    service = build_service(redis_store, settings_of(redis_store, snapshot_every=8), Metrics())
    game = await played(service, 30)
    current = game.record
    bare = build_service(redis_store, settings_of(redis_store, snapshot_every=0), Metrics())
    bare.games.loader.checkpoints = Checkpoints(limit=0)
    proto = await bare.games.loader.at_version(current, 1)
    log = await redis_store.read(game.game_id)
    first_move = min(event.version for event in log if event.move is not None)
    stored = 0
    for version in range(8 * (first_move // 8 + 1), current.version + 1, 8):
        found = await redis_store.snapshot_before(game.game_id, version)
        assert found is not None
        assert found[0] == version  # every snapshot point the moves passed was stored
        snapshot = snapshot_writer.decode(proto, found[1])
        folded = await bare.games.loader.at_version(current, version)
        assert snapshot.state_hash() == folded.state_hash()
        stored += 1
    assert stored >= 3
