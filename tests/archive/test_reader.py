"""Archived games read back: verified on every read from the store, cached by size, and
restored into Redis as they were."""

from __future__ import annotations

from datetime import timedelta

import pytest

from boardstate.service.features.archive import packing
from boardstate.service.features.archive.archiver import Archiver, Outcome
from boardstate.service.features.archive.reader import ArchiveReader, NotArchived
from boardstate.service.store import RedisEventStore
from boardstate.service.store.archive.objects import ObjectStore
from tests.archive.archive_support import after_end, golden, stored_game


async def archived(store: RedisEventStore, objects: ObjectStore) -> str:
    game_id = await stored_game(store)
    archiver = Archiver(store, objects, timedelta(hours=1), remove=True)
    assert await archiver.archive(game_id, after_end()) is Outcome.ARCHIVED
    return game_id


async def test_an_archived_game_reads_back_as_its_log(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    game_id = await archived(redis_store, object_store)
    reader = ArchiveReader(redis_store, object_store)
    assert await reader.events(game_id) == list(golden())
    assert await redis_store.read(game_id) == []


async def test_a_game_not_archived_is_not_found(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    with pytest.raises(NotArchived):
        await ArchiveReader(redis_store, object_store).events("nope")


async def test_a_tampered_object_is_refused(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    game_id = await archived(redis_store, object_store)
    reader = ArchiveReader(redis_store, object_store)
    entry = await reader.entry(game_id)
    assert entry is not None
    other = packing.pack(game_id, "trambahn", golden("tinners-trail"))
    await object_store.put(entry.name, other.data)
    with pytest.raises(packing.ArchiveUnverified):
        await reader.events(game_id)


async def test_the_cache_serves_repeated_reads_and_stays_within_its_bytes(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    first = await archived(redis_store, object_store)
    second = await archived(redis_store, object_store)
    entry = await ArchiveReader(redis_store, object_store).entry(first)
    assert entry is not None
    reader = ArchiveReader(redis_store, object_store, cache_bytes=entry.size * 40 + 1)
    events = await reader.events(first)
    assert await reader.events(first) is events
    await reader.events(second)
    assert await reader.events(first) is not events  # the second pushed the first out
    assert await reader.events(first) == events


async def test_a_restored_game_is_back_in_redis_as_it_was(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    game_id = await archived(redis_store, object_store)
    reader = ArchiveReader(redis_store, object_store)
    assert await reader.restore(game_id)
    assert await redis_store.read(game_id) == list(golden())
    meta = await redis_store.meta(game_id)
    assert meta is not None
    assert (meta["gameType"], meta["status"]) == ("trambahn", "FINISHED")
    assert meta["seed"] == golden()[-1].data["seed"]
    assert not await reader.restore(game_id)
