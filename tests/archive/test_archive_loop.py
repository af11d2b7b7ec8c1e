"""The archiver loop: ended games are queued when the index sees them end, archived once due,
by several replicas at once without duplicates; idle, a round is two Redis commands."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

from prometheus_client import CollectorRegistry

from boardstate.service.features.archive.archive_loop import RETRY_S, ArchiveLoop
from boardstate.service.features.archive.archive_metrics import ArchiveMetrics
from boardstate.service.features.archive.archiver import Archiver
from boardstate.service.store import RedisEventStore
from boardstate.service.store.archive.objects import LocalObjectStore
from boardstate.service.store.keys import GameKeys, archive_keys
from boardstate.service.store.players.player_keys import archive_due_key
from tests.archive.archive_support import stored_game

GRACE = timedelta(seconds=1)


def replica(store: RedisEventStore, root: Path) -> tuple[ArchiveLoop, CollectorRegistry]:
    registry = CollectorRegistry()
    archiver = Archiver(store, LocalObjectStore(root), GRACE, metrics=ArchiveMetrics(registry))
    return ArchiveLoop(archiver, idle_s=30.0), registry


async def test_ended_games_are_queued_and_archived_once_by_racing_replicas(
    redis_store: RedisEventStore, tmp_path: Path
) -> None:
    games = [await stored_game(redis_store) for _ in range(4)]
    due = archive_due_key(redis_store.prefix)
    assert await redis_store.client.zcard(due) == 4
    (one, metrics_one), (two, metrics_two) = (replica(redis_store, tmp_path) for _ in range(2))
    waits = await asyncio.gather(one.round(), two.round())
    assert all(0 < wait <= 1.5 for wait in waits)  # nothing due yet: sleep until the first is
    await asyncio.sleep(1.2)
    await asyncio.gather(one.round(), two.round())
    archived = sum(
        (reg.get_sample_value("boardstate_archived_games_total") or 0)
        for reg in (metrics_one, metrics_two)
    )
    assert archived == 4
    assert await redis_store.client.zcard(due) == 0
    assert len(await asyncio.to_thread(lambda: list(tmp_path.rglob("*.*")))) == 4
    for game_id in games:
        assert await redis_store.client.exists(archive_keys(game_id, redis_store.prefix)[0])
    assert await one.round() == 30.0  # idle: sleeps its longest
    assert metrics_one.get_sample_value("boardstate_archive_lag_seconds") == 0


async def test_backfill_queues_ended_games_the_queue_missed(
    redis_store: RedisEventStore, tmp_path: Path
) -> None:
    game_id = await stored_game(redis_store)
    await redis_store.client.delete(archive_due_key(redis_store.prefix))
    loop, registry = replica(redis_store, tmp_path)
    assert await loop.backfill() == 1
    await loop.round()  # queued as already due
    assert registry.get_sample_value("boardstate_archived_games_total") == 1
    assert await redis_store.client.exists(archive_keys(game_id, redis_store.prefix)[0])


async def test_a_game_not_relayed_stays_due_and_shows_in_the_lag(
    redis_store: RedisEventStore, tmp_path: Path
) -> None:
    game_id = await stored_game(redis_store)
    outbox = GameKeys.of(game_id, redis_store.prefix).outbox
    await redis_store.client.xadd(outbox, {"a": "1"})  # an announcement not relayed yet
    loop, registry = replica(redis_store, tmp_path)
    await asyncio.sleep(1.2)
    assert await loop.round() == RETRY_S
    assert (registry.get_sample_value("boardstate_archive_lag_seconds") or 0) > 0
    assert await redis_store.client.zscore(archive_due_key(redis_store.prefix), game_id)
    await redis_store.client.delete(outbox)  # relayed
    assert await loop.round() == 30.0
    assert registry.get_sample_value("boardstate_archived_games_total") == 1
    assert registry.get_sample_value("boardstate_archive_lag_seconds") == 0
