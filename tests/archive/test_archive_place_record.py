"""The record of the deployment's archive store in Redis (`features.archive.place`), process by
process on a real Redis: the first process records its store, processes on the defaults use the
recorded one, a process set to another store (or a store without the deployment's mark) is
refused and writes nothing, racing first writers agree on one store and one mark, and every
write follows the record when an operator moves it."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
from pathlib import Path

import pytest
from structlog.testing import capture_logs

from boardstate.service.features.archive.archive_loop import keep_place
from boardstate.service.features.archive.place import (
    ArchivePlace,
    ArchiveStoreMismatch,
    mark_name,
)
from boardstate.service.features.archive.placed_objects import PlacedObjects
from boardstate.service.features.archive.stores import Location
from boardstate.service.local.embedded_redis import free_port
from boardstate.service.store import RedisEventStore, connect
from boardstate.service.store.archive.archive_place import ArchivePlaces
from boardstate.service.store.archive.objects import LocalObjectStore

pytestmark = pytest.mark.redis
NAME = "trambahn/2026/12/g1.abc.jsonl.zst"


def place(store: RedisEventStore, folder: Path, given: bool = False) -> PlacedObjects:
    """A process whose store is `folder` (`given`: set by its settings, else its default)."""
    places = ArchivePlaces(store.client, store.prefix)
    return PlacedObjects(ArchivePlace(places, Location.directory(folder), given))


async def root_of(objects: PlacedObjects, write: bool = False) -> Path:
    found = await objects.place.objects(write=write)
    assert isinstance(found, LocalObjectStore)
    return found.root


def marks(folder: Path) -> list[Path]:
    return sorted(folder.glob(".boardstate/mark-*"))


def entries(folder: Path) -> list[Path]:
    return sorted(folder.iterdir())


async def test_processes_on_the_defaults_use_the_store_the_first_one_recorded(
    redis_store: RedisEventStore, tmp_path: Path
) -> None:
    first, second = place(redis_store, tmp_path / "a"), place(redis_store, tmp_path / "b")
    await first.put(NAME, b"data")
    assert await root_of(second) == tmp_path / "a"
    await second.put(NAME + "2", b"more")
    names = sorted(p.name for p in (tmp_path / "a").rglob("*.zst*"))
    assert names == ["g1.abc.jsonl.zst", "g1.abc.jsonl.zst2"]
    assert not (tmp_path / "b").exists()
    assert len(marks(tmp_path / "a")) == 1
    assert await second.list() == [NAME, NAME + "2"]  # the mark is no game


async def test_a_store_set_elsewhere_is_refused_and_gets_nothing(
    redis_store: RedisEventStore, tmp_path: Path
) -> None:
    recorded = place(redis_store, tmp_path / "a", given=True)
    await recorded.put(NAME, b"data")
    other = place(redis_store, tmp_path / "b", given=True)
    await other.place.settle(10.0)  # a service starting: logged, never raised
    with pytest.raises(ArchiveStoreMismatch, match=str(tmp_path / "a")):
        await other.put(NAME, b"data")
    with pytest.raises(ArchiveStoreMismatch):
        await other.get(NAME)
    assert not (tmp_path / "b").exists()


async def test_a_default_store_where_nothing_was_archived_gives_way_to_a_set_one(
    redis_store: RedisEventStore, tmp_path: Path
) -> None:
    default = place(redis_store, tmp_path / "a")
    await default.place.settle(10.0)  # a service on the defaults started: recorded, unmarked
    assert await root_of(default) == tmp_path / "a"
    configured = place(redis_store, tmp_path / "s3-like", given=True)
    await configured.place.settle(10.0)  # a service set to its store started
    assert await root_of(configured) == tmp_path / "s3-like"
    await default.put(NAME, b"data")  # a write reads the record again: the set store
    assert (tmp_path / "s3-like" / NAME).exists()
    assert not (tmp_path / "a").exists()
    late = place(redis_store, tmp_path / "c", given=True)  # now marked: no more giving way
    with pytest.raises(ArchiveStoreMismatch):
        await late.put(NAME, b"data")


async def test_a_default_store_where_games_were_archived_does_not_give_way(
    redis_store: RedisEventStore, tmp_path: Path
) -> None:
    await place(redis_store, tmp_path / "a").put(NAME, b"data")
    configured = place(redis_store, tmp_path / "b", given=True)
    await configured.place.settle(10.0)
    with pytest.raises(ArchiveStoreMismatch):
        await configured.put(NAME, b"data")
    assert not (tmp_path / "b").exists()


async def test_a_store_that_lost_the_mark_is_refused_by_every_process(
    redis_store: RedisEventStore, tmp_path: Path
) -> None:
    writer = place(redis_store, tmp_path / "a")
    await writer.put(NAME, b"data")
    assert await writer.get(NAME) == b"data"
    shutil.move(tmp_path / "a", tmp_path / "moved")  # emptied, or another machine's folder
    (tmp_path / "a").mkdir()
    with pytest.raises(ArchiveStoreMismatch, match="mark"):
        await place(redis_store, tmp_path / "a").get(NAME)
    with pytest.raises(ArchiveStoreMismatch, match="mark"):
        await writer.get(NAME)  # a missing object: found again, and the mark is gone
    with pytest.raises(ArchiveStoreMismatch, match="mark"):
        await writer.put(NAME, b"data")
    assert entries(tmp_path / "a") == []


async def test_racing_first_writers_agree_on_one_store_and_one_mark(
    redis_store: RedisEventStore, tmp_path: Path
) -> None:
    writers = [place(redis_store, tmp_path / f"w{n}") for n in range(8)]
    roots = await asyncio.gather(*(root_of(w, write=True) for w in writers))
    assert len(set(roots)) == 1
    assert len(marks(roots[0])) == 1
    record = await ArchivePlaces(redis_store.client, redis_store.prefix).read()
    assert record.mark is not None
    assert (roots[0] / mark_name(record.mark)).exists()
    assert entries(tmp_path) == [roots[0]]  # the losers removed their marks


async def test_an_operator_moves_the_archive_and_every_process_follows(
    redis_store: RedisEventStore, tmp_path: Path
) -> None:
    old = place(redis_store, tmp_path / "old")
    await old.put(NAME, b"data")
    shutil.copytree(tmp_path / "old", tmp_path / "new")
    empty = place(redis_store, tmp_path / "empty", given=True)
    with pytest.raises(ArchiveStoreMismatch, match="--force"):
        await empty.place.record_here()
    moved = place(redis_store, tmp_path / "new", given=True)
    assert (
        await moved.place.record_here()
        == marks(tmp_path / "new")[0].relative_to(tmp_path / "new").as_posix()
    )
    shutil.rmtree(tmp_path / "old")
    assert await old.get(NAME) == b"data"  # missing where it was found: the record moved
    await old.put(NAME + "2", b"more")
    assert (tmp_path / "new" / (NAME + "2")).exists()
    forced = await empty.place.record_here(force=True)
    assert (tmp_path / "empty" / forced).exists()
    assert await root_of(old, write=True) == tmp_path / "empty"


async def test_a_mark_is_recorded_only_for_the_store_still_recorded(
    redis_store: RedisEventStore, tmp_path: Path
) -> None:
    places = ArchivePlaces(redis_store.client, redis_store.prefix)
    first, second = Location.directory(tmp_path / "a"), Location.directory(tmp_path / "b")
    assert await places.record(first.encode(), "default")
    assert await places.replace_default(first.encode(), second.encode())  # a set store came
    assert not await places.mark(first.encode(), "late")  # the mark of the store replaced
    assert await places.mark(second.encode(), "m1")
    assert not await places.mark(second.encode(), "m2")  # one mark, the first
    assert not await places.replace_default(second.encode(), first.encode())  # set and marked
    record = await places.read()
    assert (record.location, record.by, record.mark) == (second.encode(), "setting", "m1")


async def test_refusals_are_logged_once_a_minute_and_a_start_never_fails_on_the_place(
    redis_store: RedisEventStore, tmp_path: Path
) -> None:
    await place(redis_store, tmp_path / "a", given=True).put(NAME, b"data")
    other = place(redis_store, tmp_path / "b", given=True)
    with capture_logs() as logs:
        for _ in range(5):
            with pytest.raises(ArchiveStoreMismatch):
                await other.put(NAME, b"data")
    assert [e["code"] for e in logs if e["event"] == "archive_store_mismatch"] == [
        "ARCHIVE_STORE_MISMATCH"
    ]
    down = connect(f"redis://127.0.0.1:{free_port()}/0", cluster=False)
    try:
        with capture_logs() as logs:
            await place(down, tmp_path / "c").place.settle(5.0)  # Redis down: logged, not raised
        assert [e["event"] for e in logs] == ["archive_place_unchecked"]
    finally:
        await down.close()


async def test_a_service_records_the_place_again_when_redis_lost_it(
    redis_store: RedisEventStore, tmp_path: Path
) -> None:
    service = place(redis_store, tmp_path / "service")
    await service.put(NAME, b"data")  # recorded and marked
    watcher = asyncio.create_task(keep_place(service.place, every_s=0.05))
    try:
        await redis_store.client.delete(service.place.places.key)  # Redis restarted empty
        for _ in range(400):
            if (await service.place.places.read()).location is not None:
                break
            await asyncio.sleep(0.05)
        recorded = await service.place.places.read()
        assert recorded.location == Location.directory(tmp_path / "service").encode()
        # a process on its defaults elsewhere now follows the service, not a folder of its own
        elsewhere = place(redis_store, tmp_path / "cli")
        assert await root_of(elsewhere) == tmp_path / "service"
    finally:
        watcher.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await watcher
