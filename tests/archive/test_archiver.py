"""Archiving one finished game: the object is written, read back and verified before the index
entry; the game's keys go only when asked, and only after; every step survives a crash; two
replicas never both archive a game."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

import pytest

from boardstate.service.features.archive import packing
from boardstate.service.features.archive.archiver import LEASE_MS, STEPS, Archiver, Outcome
from boardstate.service.features.archive.entry import MAX_BYTES, IndexEntry
from boardstate.service.store import RedisEventStore, codec
from boardstate.service.store.archive.archive_entries import Sealed
from boardstate.service.store.archive.objects import LocalObjectStore, ObjectStore
from boardstate.service.store.keys import GameKeys, archive_keys
from tests.archive.archive_support import PLAYERS, after_end, golden, stored_game

GRACE = timedelta(hours=1)


def archiver(
    store: RedisEventStore, objects: ObjectStore, remove: bool = False, lease_ms: int = LEASE_MS
) -> Archiver:
    return Archiver(store, objects, GRACE, remove=remove, lease_ms=lease_ms)


async def lease_expired(store: RedisEventStore, game_id: str) -> None:
    """Makes the game's archiving lease expire now (as the passing of `lease_ms` would)."""
    assert await store.client.delete(archive_keys(game_id, store.prefix)[1]) == 1


async def game_keys(store: RedisEventStore, game_id: str) -> list[str]:
    keys = GameKeys.of(game_id, store.prefix)
    names = [keys.log, keys.meta, keys.tokens, keys.moves, keys.snapshots, keys.outbox]
    return [name for name in names if await store.client.exists(name)]


async def entry_of(store: RedisEventStore, game_id: str) -> IndexEntry | None:
    raw = await store.client.get(archive_keys(game_id, store.prefix)[0])
    return None if raw is None else IndexEntry.decode(codec.as_bytes(raw))


async def test_a_finished_game_is_archived_verified_and_indexed(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    game_id = await stored_game(redis_store)
    outcome = await archiver(redis_store, object_store).archive(game_id, after_end())
    assert outcome is Outcome.ARCHIVED
    entry = await entry_of(redis_store, game_id)
    assert entry is not None
    events = golden()
    assert (entry.game_type, entry.status, entry.players) == ("trambahn", "FINISHED", PLAYERS)
    assert (entry.version, entry.created_at, entry.ended_at) == (
        len(events),
        events[0].at,
        events[-1].at,
    )
    assert entry.winners == tuple(events[-1].data["winners"])
    assert await object_store.list() == [entry.name]
    assert entry.name.startswith(f"trambahn/{events[-1].at[:4]}/{events[-1].at[5:7]}/{game_id}.")
    stored = await object_store.get(entry.name)
    assert stored is not None
    assert len(stored) == entry.size
    assert packing.verified(game_id, entry.name, stored) == list(events)
    assert len(entry.encode()) <= MAX_BYTES


async def test_keys_stay_unless_removal_is_asked(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    game_id = await stored_game(redis_store)
    before = await game_keys(redis_store, game_id)
    assert await archiver(redis_store, object_store).archive(game_id, after_end())
    assert await game_keys(redis_store, game_id) == before
    assert await redis_store.read(game_id) == list(golden())


async def test_with_removal_only_the_index_entry_stays(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    game_id = await stored_game(redis_store)
    run = archiver(redis_store, object_store, remove=True)
    assert await run.archive(game_id, after_end()) is Outcome.ARCHIVED
    assert await game_keys(redis_store, game_id) == []
    assert await entry_of(redis_store, game_id) is not None
    assert await run.archive(game_id, after_end()) is Outcome.GONE


async def test_a_game_within_its_grace_period_is_left_alone(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    game_id = await stored_game(redis_store)
    outcome = await archiver(redis_store, object_store).archive(game_id, after_end(days=0.01))
    assert outcome is Outcome.WAITING
    assert await object_store.list() == []
    assert await entry_of(redis_store, game_id) is None


async def test_a_game_that_has_not_ended_is_left_alone(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    game_id = await stored_game(redis_store, upto=len(golden()) - 1)
    outcome = await archiver(redis_store, object_store, remove=True).archive(game_id, after_end())
    assert outcome is Outcome.WAITING
    assert await object_store.list() == []


async def test_a_game_with_announcements_not_relayed_is_left_alone(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    game_id = await stored_game(redis_store)
    await redis_store.client.xadd(GameKeys.of(game_id, redis_store.prefix).outbox, {"a": "1"})
    outcome = await archiver(redis_store, object_store, remove=True).archive(game_id, after_end())
    assert outcome is Outcome.WAITING
    assert await entry_of(redis_store, game_id) is None


@pytest.mark.parametrize("step", STEPS[:-1])
async def test_a_crash_after_any_step_is_finished_by_the_next_run_without_loss_or_duplicate(
    redis_store: RedisEventStore, object_store: ObjectStore, step: str
) -> None:
    game_id = await stored_game(redis_store)
    crashed = archiver(redis_store, object_store, remove=True)
    assert await crashed.archive(game_id, after_end(), until=step) is Outcome.STOPPED
    assert await redis_store.read(game_id) == list(golden())
    successor = archiver(redis_store, object_store, remove=True)
    assert await successor.archive(game_id, after_end()) is Outcome.LEASED
    await lease_expired(redis_store, game_id)
    assert await successor.archive(game_id, after_end()) is Outcome.ARCHIVED
    entry = await entry_of(redis_store, game_id)
    assert entry is not None
    assert await object_store.list() == [entry.name]
    stored = await object_store.get(entry.name)
    assert stored is not None
    assert packing.verified(game_id, entry.name, stored) == list(golden())
    assert await game_keys(redis_store, game_id) == []


async def test_replicas_archiving_at_once_archive_each_game_once(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    ids = [await stored_game(redis_store) for _ in range(4)]
    replicas = [archiver(redis_store, object_store, remove=True) for _ in range(3)]
    runs = await asyncio.gather(*(replica.run(after_end()) for replica in replicas))
    assert sum(run.get(Outcome.ARCHIVED, 0) for run in runs) == len(ids)
    assert len(await object_store.list()) == len(ids)
    for game_id in ids:
        assert await entry_of(redis_store, game_id) is not None
        assert await game_keys(redis_store, game_id) == []
    assert await replicas[0].run(after_end()) == {}


async def test_removal_later_finishes_games_archived_without_it(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    game_id = await stored_game(redis_store)
    assert await archiver(redis_store, object_store).run(after_end()) == {Outcome.ARCHIVED: 1}
    assert await archiver(redis_store, object_store).run(after_end()) == {}
    removing = archiver(redis_store, object_store, remove=True)
    assert await removing.run(after_end()) == {Outcome.ARCHIVED: 1}
    assert await game_keys(redis_store, game_id) == []
    assert len(await object_store.list()) == 1


async def test_a_replica_whose_lease_was_taken_over_writes_nothing(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    game_id = await stored_game(redis_store)
    entries = archiver(redis_store, object_store).entries
    assert await entries.claim(game_id, "late", LEASE_MS)
    await lease_expired(redis_store, game_id)
    assert await entries.claim(game_id, "successor", LEASE_MS)
    sealed = await entries.seal(game_id, "late", b"entry", len(golden()), remove=True)
    assert sealed is Sealed.LEASE
    assert await entry_of(redis_store, game_id) is None
    assert await redis_store.read(game_id) == list(golden())


async def test_a_log_that_changed_since_it_was_archived_is_not_sealed(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    game_id = await stored_game(redis_store)
    entries = archiver(redis_store, object_store).entries
    assert await entries.claim(game_id, "me", LEASE_MS)
    sealed = await entries.seal(game_id, "me", b"entry", len(golden()) - 1, remove=True)
    assert sealed is Sealed.CHANGED
    assert await redis_store.read(game_id) == list(golden())


async def test_a_game_is_archived_on_a_redis_cluster(
    cluster_store: RedisEventStore, tmp_path: Path
) -> None:
    objects = LocalObjectStore(tmp_path)
    ids = [await stored_game(cluster_store) for _ in range(3)]
    assert await archiver(cluster_store, objects, remove=True).run(after_end()) == {
        Outcome.ARCHIVED: 3
    }
    for game_id in ids:
        assert await game_keys(cluster_store, game_id) == []
        assert await entry_of(cluster_store, game_id) is not None


async def test_a_run_finds_finished_and_abandoned_games_but_not_others(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    finished = await stored_game(redis_store)
    abandoned = await stored_game(redis_store, status="ABANDONED")
    playing = await stored_game(redis_store, upto=10, status="ACTIVE")
    run = archiver(redis_store, object_store)
    assert await run.entries.pending(10, removing=False) == [finished, abandoned]
    assert await run.run(after_end()) == {Outcome.ARCHIVED: 2}
    assert await entry_of(redis_store, playing) is None
