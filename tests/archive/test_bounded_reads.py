"""Archive reads are bounded (issue 37): objects in bytes before they are read (each store),
logs in bytes as they are decompressed (whatever a frame declares, with zstd's window capped),
reads in time and in threads; a failed read holds nothing, and the index entry keeps the log's
length and the seats' token hashes (restored with the game)."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from datetime import timedelta
from pathlib import Path

import msgpack
import pytest
import zstandard
from prometheus_client import CollectorRegistry

from boardstate.service.features.archive import packing
from boardstate.service.features.archive.archive_metrics import ArchiveReadMetrics
from boardstate.service.features.archive.archived_reads import ArchivedReads
from boardstate.service.features.archive.archiver import Archiver, Outcome
from boardstate.service.features.archive.entry import MAX_BYTES, IndexEntry, entry_of
from boardstate.service.features.archive.reader import ArchiveReader, ObjectMissing
from boardstate.service.history.log_format import write_log
from boardstate.service.store import RedisEventStore
from boardstate.service.store.archive.object_reads import (
    BlockingReads,
    ObjectReadTimeout,
    ObjectTooLarge,
    ObjectUnreadable,
    ReadLimits,
)
from boardstate.service.store.archive.objects import LocalObjectStore, ObjectStore
from boardstate.service.store.archive.objects_s3 import S3ObjectStore
from boardstate.service.store.keys import archive_keys
from tests.archive.archive_support import after_end, golden, stored_game

NAME = "trambahn/2026/12/abc.0123.jsonl.zst"
MIB = 1 << 20


def with_limits(store: ObjectStore, limits: ReadLimits) -> ObjectStore:
    """The same place with other read limits."""
    if isinstance(store, LocalObjectStore):
        return LocalObjectStore(store.root, limits)
    assert isinstance(store, S3ObjectStore)
    return S3ObjectStore(store.location, store.client, limits)


async def test_an_object_over_the_limit_is_refused_and_one_at_it_is_read(
    object_store: ObjectStore,
) -> None:
    small = with_limits(object_store, ReadLimits(max_bytes=1000))
    await small.put(NAME, bytes(1000))
    assert await small.get(NAME) == bytes(1000)
    await small.put(NAME, bytes(1001))
    with pytest.raises(ObjectTooLarge) as refused:
        await small.get(NAME)
    assert (refused.value.size, refused.value.limit) == (1001, 1000)


@pytest.mark.parametrize("kind", ["fifo", "directory"])
async def test_a_name_that_is_not_a_regular_file_is_refused_without_blocking(
    tmp_path: Path, kind: str
) -> None:
    store = LocalObjectStore(tmp_path)
    path = tmp_path.joinpath(*NAME.split("/"))
    path.parent.mkdir(parents=True)
    os.mkfifo(path) if kind == "fifo" else path.mkdir()
    with pytest.raises(ObjectUnreadable):
        await asyncio.wait_for(store.get(NAME), 60)  # a FIFO with no writer: never a hang


async def test_a_read_past_its_deadline_times_out_and_frees_its_thread_later() -> None:
    reads = BlockingReads(ReadLimits(deadline_s=0.2, threads=1))
    release = threading.Event()
    with pytest.raises(ObjectReadTimeout):
        await reads.run("stuck", lambda until: release.wait(60))
    with pytest.raises(ObjectReadTimeout, match="busy"):  # its one thread is still taken
        await reads.run("next", lambda until: b"x")
    release.set()
    for _ in range(200):  # the stuck thread ends by itself; its slot is free again
        try:
            assert await reads.run("next", lambda until: b"x") == b"x"
            break
        except ObjectReadTimeout:
            await asyncio.sleep(0.05)
    else:
        raise AssertionError("the thread was never given back")


async def test_the_deadline_is_handed_to_the_read() -> None:
    reads = BlockingReads(ReadLimits(deadline_s=30))
    until = await reads.run("x", lambda until: until)
    assert time.monotonic() < until <= time.monotonic() + 30


def bomb(declared: bool, size: int = 256 * MIB) -> bytes:
    compressor = zstandard.ZstdCompressor(level=3, write_content_size=declared)
    stream = compressor.compressobj(size=size if declared else -1)
    parts = [stream.compress(bytes(MIB)) for _ in range(size // MIB)]
    return b"".join([*parts, stream.flush()])


@pytest.mark.parametrize("declared", [True, False])
def test_a_bomb_inflates_no_further_than_the_log_it_names(declared: bool) -> None:
    packed = packing.pack("g1", "trambahn", golden())
    with pytest.raises(packing.ArchiveUnverified, match="not 51453 bytes long, as recorded"):
        packing.unpack(packed.name, bomb(declared), packed.log_bytes)
    with pytest.raises(packing.ArchiveTooLarge, match="inflates past 67108864 bytes"):
        packing.unpack(packed.name, bomb(declared, packing.MAX_LOG_BYTES + MIB))
    assert packing.unpack(packed.name, packed.data, packed.log_bytes) == list(golden())
    assert packing.unpack(packed.name, packed.data) == list(golden())


def test_a_frame_asking_for_a_window_over_8_mib_is_refused() -> None:
    packed = packing.pack("g1", "trambahn", golden())
    params = zstandard.ZstdCompressionParameters.from_level(3, window_log=24, write_content_size=0)
    stream = zstandard.ZstdCompressor(compression_params=params).compressobj()  # size unknown
    wide = stream.compress(write_log(golden())) + stream.flush()
    assert zstandard.get_frame_parameters(wide).window_size == 16 * MIB
    with pytest.raises(packing.ArchiveUnverified, match="too much memory"):
        packing.unpack(packed.name, wide, packed.log_bytes)


def test_a_log_over_the_cap_is_too_large_before_anything_is_decompressed() -> None:
    packed = packing.pack("g1", "trambahn", golden())
    with pytest.raises(packing.ArchiveTooLarge):
        packing.unpack(packed.name, packed.data, packing.MAX_LOG_BYTES + 1)


def test_the_entry_keeps_the_log_length_and_the_token_hashes_of_five_seats() -> None:
    events = golden()
    packed = packing.pack("x" * 16, "trambahn", events)
    hashes = {seat: f"{seat:x}" * 64 for seat in range(5)}
    players = [f"Player number {n}" for n in range(5)]
    entry = entry_of(
        packed.name, packed.digest, len(packed.data), events, players, packed.log_bytes, hashes
    )
    assert entry.token_hashes == tuple(hashes.values())
    assert len(entry.encode()) <= MAX_BYTES
    assert IndexEntry.decode(entry.encode()) == entry
    old = {k: v for k, v in msgpack.unpackb(entry.encode()).items() if k not in ("l", "k")}
    legacy = IndexEntry.decode(msgpack.packb(old | {"f": 1}))
    assert (legacy.log_bytes, legacy.token_hashes, legacy.name) == (None, None, entry.name)


async def test_a_missing_object_is_told_apart_and_the_next_read_after_repair_serves(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    game_id = await stored_game(redis_store)
    archiver = Archiver(redis_store, object_store, timedelta(hours=1), remove=True)
    assert await archiver.archive(game_id, after_end()) is Outcome.ARCHIVED
    registry = CollectorRegistry()
    reader = ArchiveReader(redis_store, object_store, metrics=ArchiveReadMetrics(registry))
    entry = await reader.entry(game_id)
    assert entry is not None
    assert entry.log_bytes == len(write_log(golden()))
    good = await object_store.get(entry.name)
    assert good is not None
    await object_store.delete(entry.name)
    with pytest.raises(ObjectMissing):
        await reader.events(game_id)
    await object_store.put(entry.name, good)
    assert await reader.events(game_id) == list(golden())
    counted = {
        outcome: registry.get_sample_value(
            "boardstate_archive_object_reads_total", {"outcome": outcome}
        )
        for outcome in ("missing", "ok", "diverged")
    }
    assert counted == {"missing": 1, "ok": 1, "diverged": 0}


async def test_a_game_whose_object_would_be_over_the_limit_stays_in_redis(
    redis_store: RedisEventStore, tmp_path: Path
) -> None:
    game_id = await stored_game(redis_store)
    small = LocalObjectStore(tmp_path, ReadLimits(max_bytes=1024))
    archiver = Archiver(redis_store, small, timedelta(hours=1), remove=True)
    with pytest.raises(packing.ArchiveTooLarge, match="stays in Redis"):
        await archiver.archive(game_id, after_end())
    assert await small.list() == []
    assert await redis_store.read(game_id) == list(golden())
    assert not await redis_store.client.exists(archive_keys(game_id, redis_store.prefix)[0])


async def test_seat_token_hashes_outlive_the_keys_and_come_back_with_a_restore(
    redis_store: RedisEventStore, object_store: ObjectStore
) -> None:
    game_id = await stored_game(redis_store)
    hashes = {"0": "a" * 64, "1": "b" * 64}
    for seat, token_hash in hashes.items():
        await redis_store.client.hset(redis_store.keys(game_id).tokens, seat, token_hash)
    archiver = Archiver(redis_store, object_store, timedelta(hours=1), remove=True)
    assert await archiver.archive(game_id, after_end()) is Outcome.ARCHIVED
    assert not await redis_store.client.exists(redis_store.keys(game_id).tokens)
    assert await redis_store.seat_token_hash(game_id, 0) is None  # no fall-through attached
    reader = ArchiveReader(redis_store, object_store)
    redis_store.archived = ArchivedReads(reader)
    found = [await redis_store.seat_token_hash(game_id, seat) for seat in range(4)]
    assert found == ["a" * 64, "b" * 64, None, None]
    assert await reader.restore(game_id)
    assert await redis_store.client.hgetall(redis_store.keys(game_id).tokens) == {
        k.encode(): v.encode() for k, v in hashes.items()
    }
