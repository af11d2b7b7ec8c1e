"""Retention: archived games ended more than BOARDSTATE_ARCHIVE_RETENTION_DAYS ago are deleted
(object, index entry, index row), each deletion recorded on the deletions stream first; 0 keeps
every game; the loop prunes once an hour across replicas."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

from prometheus_client import CollectorRegistry

from boardstate.service.features.archive.archive_loop import ArchiveLoop
from boardstate.service.features.archive.archive_metrics import ArchiveMetrics
from boardstate.service.features.archive.archiver import Archiver, Outcome
from boardstate.service.features.archive.retention import Retention
from boardstate.service.store import RedisEventStore
from boardstate.service.store.archive.objects import LocalObjectStore
from boardstate.service.store.index import RedisIndex
from boardstate.service.store.keys import archive_keys
from tests.archive.archive_support import after_end, golden, stored_game


async def archived(store: RedisEventStore, objects: LocalObjectStore) -> str:
    game_id = await stored_game(store)
    archiver = Archiver(store, objects, timedelta(hours=1), remove=True)
    assert await archiver.archive(game_id, after_end()) is Outcome.ARCHIVED
    return game_id


async def test_games_past_retention_are_deleted_and_recorded(
    redis_store: RedisEventStore, tmp_path: Path
) -> None:
    objects = LocalObjectStore(tmp_path / "archive")
    game_id = await archived(redis_store, objects)
    (name,) = await objects.list()
    registry = CollectorRegistry()
    retention = Retention(redis_store, objects, 30, ArchiveMetrics(registry))
    assert await retention.prune(after_end(days=29)) == []  # not old enough
    assert await retention.prune(after_end(days=31)) == [game_id]
    assert await objects.list() == []
    assert not await redis_store.client.exists(archive_keys(game_id, redis_store.prefix)[0])
    assert not await redis_store.client.hexists(
        RedisIndex(redis_store.client, redis_store.prefix).keys.rows, game_id
    )
    (record,) = await retention.deletions()
    assert record["gameId"] == game_id
    assert record["object"] == name
    assert record["endedAt"] == golden()[-1].at
    assert record["reason"] == "retention 30 days"
    assert registry.get_sample_value("boardstate_archive_deleted_games_total") == 1
    assert await retention.prune(after_end(days=31)) == []  # nothing left: nothing recorded
    assert len(await retention.deletions()) == 1


async def test_zero_days_keeps_every_game(redis_store: RedisEventStore, tmp_path: Path) -> None:
    objects = LocalObjectStore(tmp_path / "archive")
    await archived(redis_store, objects)
    assert await Retention(redis_store, objects, 0).prune(after_end(days=10_000)) == []
    assert len(await objects.list()) == 1


async def test_one_replica_an_hour_prunes(redis_store: RedisEventStore, tmp_path: Path) -> None:
    objects = LocalObjectStore(tmp_path / "archive")
    await archived(redis_store, objects)  # ended in the golden log's past, days ago
    days = (datetime.now(UTC) - after_end(days=0)).days - 1
    loops = [
        ArchiveLoop(
            Archiver(redis_store, objects, timedelta(hours=1)),
            retention=Retention(redis_store, objects, days),
        )
        for _ in range(2)
    ]
    assert sorted(await asyncio.gather(*(loop.prune() for loop in loops))) == [0, 1]
    assert await objects.list() == []
