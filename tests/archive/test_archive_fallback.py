"""The event store's reads fall through to the archive once a game's keys are gone
(`service.store.archive.archived_logs`), on a real Redis and each real object store: the same events,
version and metadata, Redis first while it holds the log, typed failures for a broken object or
an object store that cannot answer, one fetch for readers of one game at once."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

import pytest
from prometheus_client import CollectorRegistry

from boardstate.service.features.archive.archive_metrics import ArchiveReadMetrics
from boardstate.service.features.archive.archived_reads import ArchivedReads
from boardstate.service.features.archive.archiver import Archiver, Outcome
from boardstate.service.features.archive.reader import ArchiveReader
from boardstate.service.store import CorruptEntry, RedisEventStore, StoreUnavailable
from boardstate.service.store.archive.archived_logs import ArchivedLogMissing
from boardstate.service.store.archive.objects import LocalObjectStore, ObjectStore
from tests.archive.archive_support import after_end, golden, stored_game


async def archived(store: RedisEventStore, objects: ObjectStore, remove: bool = True) -> str:
    game_id = await stored_game(store)
    archiver = Archiver(store, objects, timedelta(hours=1), remove=remove)
    assert await archiver.archive(game_id, after_end()) is Outcome.ARCHIVED
    return game_id


def falling_through(store: RedisEventStore, objects: ObjectStore) -> ArchiveReader:
    reader = ArchiveReader(store, objects)
    store.archived = ArchivedReads(reader)
    return reader


async def test_an_archived_game_reads_as_it_did_in_redis(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    game_id = await stored_game(redis_store)
    before = (await redis_store.read(game_id), await redis_store.version(game_id))
    archiver = Archiver(redis_store, object_store, timedelta(hours=1), remove=True)
    assert await archiver.archive(game_id, after_end()) is Outcome.ARCHIVED
    assert await redis_store.read(game_id) == []  # nothing falls through until attached
    falling_through(redis_store, object_store)
    assert (await redis_store.read(game_id), await redis_store.version(game_id)) == before
    assert await redis_store.read(game_id, after=10, limit=5) == list(golden()[10:15])
    assert await redis_store.read(game_id, after=len(golden())) == []
    meta = await redis_store.meta(game_id)
    assert meta is not None
    assert (meta["gameType"], meta["status"]) == ("trambahn", "FINISHED")
    assert (meta["seed"], meta["ended"]) == (golden()[-1].data["seed"], str(len(golden())))
    assert "imported" not in meta
    assert await redis_store.read("nosuchgame") == []
    assert await redis_store.version("nosuchgame") == 0
    assert await redis_store.meta("nosuchgame") is None


async def test_redis_answers_while_it_holds_the_log(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    game_id = await archived(redis_store, object_store, remove=False)
    reader = falling_through(redis_store, object_store)
    entry = await reader.entry(game_id)
    assert entry is not None
    await object_store.delete(entry.name)  # never read: the log is still in Redis
    assert await redis_store.read(game_id) == list(golden())
    assert await redis_store.read(game_id, after=len(golden())) == []
    assert reader.fetched == 0


async def test_a_broken_object_is_a_corrupt_entry_never_a_wrong_answer(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    tampered = await archived(redis_store, object_store)
    missing = await archived(redis_store, object_store)
    reader = falling_through(redis_store, object_store)
    reader.metrics = ArchiveReadMetrics(registry := CollectorRegistry())
    broken: tuple[tuple[str, bytes | None, type[Exception]], ...] = (
        (tampered, b"not zstd", CorruptEntry),
        (missing, None, ArchivedLogMissing),  # elsewhere, not corrupt (issue 37)
    )
    for game_id, content, failure in broken:
        entry = await reader.entry(game_id)
        assert entry is not None
        if content is None:
            await object_store.delete(entry.name)
        else:
            await object_store.put(entry.name, content)
        with pytest.raises(failure):
            await redis_store.read(game_id)
        with pytest.raises(failure):
            await redis_store.meta(game_id)
        assert await redis_store.version(game_id) == len(golden())  # from the index entry
    counted = {
        outcome: registry.get_sample_value(
            "boardstate_archive_object_reads_total", {"outcome": outcome}
        )
        for outcome in ("diverged", "missing", "ok")
    }
    assert counted == {"diverged": 2, "missing": 2, "ok": 0}


async def test_an_object_store_that_cannot_answer_is_unavailable(
    redis_store: RedisEventStore, tmp_path: Path
) -> None:
    game_id = await archived(redis_store, LocalObjectStore(tmp_path / "archive"))
    (tmp_path / "not-a-folder").write_bytes(b"")
    falling_through(redis_store, LocalObjectStore(tmp_path / "not-a-folder"))
    with pytest.raises(StoreUnavailable):
        await redis_store.read(game_id)


async def test_readers_of_one_game_at_once_share_one_fetch(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    game_id = await archived(redis_store, object_store)
    reader = falling_through(redis_store, object_store)
    reads = await asyncio.gather(*(redis_store.read(game_id) for _ in range(8)))
    assert all(events == list(golden()) for events in reads)
    assert reader.fetched == 1
    await redis_store.read(game_id, after=5)
    assert reader.fetched == 1  # from the cache


async def test_waiting_on_an_archived_game_answers_at_once(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    game_id = await archived(redis_store, object_store)
    falling_through(redis_store, object_store)
    waited = await asyncio.wait_for(redis_store.wait(game_id, 100, 60_000), 30)
    assert waited == list(golden()[100:])
    assert waited
    assert await asyncio.wait_for(redis_store.wait(game_id, len(golden()), 60_000), 30) == []
