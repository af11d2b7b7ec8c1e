"""Every object store keeps the same promises: whole objects by name, listed by prefix, atomic
puts, unsafe names refused."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from boardstate.service.features.archive.stores import object_store
from boardstate.service.settings import Settings
from boardstate.service.store.archive.objects import BadObjectName, LocalObjectStore, ObjectStore
from boardstate.service.store.archive.objects_s3 import S3Location, S3ObjectStore

NAME = "trambahn/2026/12/abc.0123.jsonl.zst"


async def test_an_object_put_is_read_back_whole(object_store: ObjectStore) -> None:
    data = bytes(range(256)) * 1000
    await object_store.put(NAME, data)
    assert await object_store.get(NAME) == data
    assert await object_store.exists(NAME)


async def test_a_missing_object_reads_as_none(object_store: ObjectStore) -> None:
    assert await object_store.get(NAME) is None
    assert not await object_store.exists(NAME)


async def test_a_second_put_replaces_the_object(object_store: ObjectStore) -> None:
    await object_store.put(NAME, b"first")
    await object_store.put(NAME, b"second")
    assert await object_store.get(NAME) == b"second"


async def test_delete_removes_an_object_and_ignores_a_missing_one(
    object_store: ObjectStore,
) -> None:
    await object_store.put(NAME, b"x")
    await object_store.delete(NAME)
    await object_store.delete(NAME)
    assert not await object_store.exists(NAME)


async def test_list_gives_the_names_under_a_prefix_sorted(object_store: ObjectStore) -> None:
    names = ["a/2026/12/g2.d.zst", "a/2026/11/g1.d.zst", "b/2026/12/g3.d.zst"]
    for name in names:
        await object_store.put(name, name.encode())
    assert await object_store.list("a/") == sorted(names[:2])
    assert await object_store.list() == sorted(names)
    assert await object_store.list("c/") == []


@pytest.mark.parametrize("name", ["", "/abs", "a//b", "a/../b", "./a", "a b", "a/{b}", "x" * 1025])
async def test_an_unsafe_name_is_refused(object_store: ObjectStore, name: str) -> None:
    with pytest.raises(BadObjectName):
        await object_store.put(name, b"x")
    with pytest.raises(BadObjectName):
        await object_store.get(name)


async def test_concurrent_puts_of_one_name_leave_one_whole_object(
    object_store: ObjectStore,
) -> None:
    payloads = [bytes([n]) * 200_000 for n in range(8)]
    await asyncio.gather(*(object_store.put(NAME, payload) for payload in payloads))
    assert await object_store.get(NAME) in payloads


async def test_the_local_store_leaves_no_temporary_file(tmp_path: Path) -> None:
    store = LocalObjectStore(tmp_path)
    await store.put(NAME, b"data")
    assert _files(tmp_path) == ["abc.0123.jsonl.zst"]


async def test_the_local_store_never_lists_a_torn_write(tmp_path: Path) -> None:
    store = LocalObjectStore(tmp_path)
    await store.put(NAME, b"data")
    await asyncio.to_thread(
        (tmp_path / "trambahn" / "2026" / "12" / ".tmp-dead-abc.jsonl.zst").write_bytes, b"da"
    )
    assert await store.list() == [NAME]


def _files(root: Path) -> list[str]:
    return [path.name for path in root.rglob("*") if path.is_file()]


def test_the_settings_name_a_directory_or_an_s3_bucket(tmp_path: Path) -> None:
    local = object_store(Settings(data_dir=tmp_path))
    assert isinstance(local, LocalObjectStore)
    assert local.root == tmp_path / "archive"
    s3 = object_store(
        Settings(archive_store="s3://games/archive", archive_s3_endpoint="http://127.0.0.1:1")
    )
    assert isinstance(s3, S3ObjectStore)
    assert s3.location == S3Location("games", "archive/", "http://127.0.0.1:1")
