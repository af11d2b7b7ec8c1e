"""`ConsumerGroup` on a real Redis (issue 37): a group Redis lost (its stream deleted, as a
Redis restarted empty loses every one) is made again by the next command, also under a read
blocked at that moment, from the stream's start; other refusals are not taken for a loss."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from redis import exceptions as rex
from redis.asyncio import Redis

from boardstate.service.store.consumer_group import ConsumerGroup, group_lost
from tests.conftest import unique_prefix
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis


@pytest.fixture
async def client(redis_server: RedisServer) -> AsyncIterator[Redis]:
    connection = Redis(host="127.0.0.1", port=redis_server.port)
    yield connection
    await connection.aclose()


def ids(found: Any) -> list[bytes]:
    return [entry for _, entries in found or [] for entry, _ in entries]


async def test_a_lost_group_is_made_again_and_reads_from_the_streams_start(
    client: Redis,
) -> None:
    stream = f"{unique_prefix()}:jobs"
    group = ConsumerGroup(client, stream, "workers")

    def read() -> Any:
        return client.xreadgroup("workers", "w1", {stream: ">"}, count=10)

    assert ids(await group.call(read)) == []
    first = await client.xadd(stream, {"n": 1})
    assert ids(await group.call(read)) == [first]
    await client.delete(stream)  # the group goes with its stream
    second = await client.xadd(stream, {"n": 2})  # written before any reader noticed
    assert ids(await group.call(read)) == [second]
    assert group.recreated == 1


async def test_a_read_blocked_when_the_group_is_lost_makes_it_again(
    client: Redis, redis_server: RedisServer
) -> None:
    stream = f"{unique_prefix()}:jobs"
    blocking = Redis(host="127.0.0.1", port=redis_server.port)
    group = ConsumerGroup(client, stream, "workers")
    try:

        def read() -> Any:
            return blocking.xreadgroup("workers", "w1", {stream: ">"}, count=10, block=20_000)

        await group.ensure()
        reading = asyncio.create_task(group.call(read))
        await asyncio.sleep(0.3)  # blocked now (if not yet, the read below finds it anyway)
        await client.delete(stream)
        entry = await client.xadd(stream, {"n": 1})
        assert ids(await asyncio.wait_for(reading, 30)) == [entry]
    finally:
        await blocking.aclose()


async def test_other_refusals_are_not_a_lost_group(client: Redis) -> None:
    key = f"{unique_prefix()}:jobs"
    await client.set(key, "not a stream")
    group = ConsumerGroup(client, key, "workers")
    with pytest.raises(rex.ResponseError, match="WRONGTYPE"):
        await group.call(lambda: client.xreadgroup("workers", "w1", {key: ">"}))
    assert not group_lost(rex.ResponseError("WRONGTYPE Operation against a key"))
    assert group_lost(rex.ResponseError("NOGROUP No such key 'k' or consumer group 'g'"))
    assert group_lost(rex.ResponseError("UNBLOCKED the stream key no longer exists"))
