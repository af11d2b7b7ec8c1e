"""A waiting bot worker blocks in `XREADGROUP BLOCK` on a connection of its own and gets a job
as it is added (issue 32, "idle is quiet"), on one server and on a Redis Cluster. The store has
no polling fallback: it cannot be built without its blocking client."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from redis.asyncio.cluster import RedisCluster

from boardstate.service.store import connect
from boardstate.service.store.redis_store import RedisEventStore
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis


async def blocked_clients(store: RedisEventStore) -> int:
    """How many clients Redis holds in a blocking command (over every master of a cluster)."""
    client = store.client
    if isinstance(client, RedisCluster):
        answers = await client.info("clients", target_nodes=RedisCluster.PRIMARIES)
        return sum(int(answer["blocked_clients"]) for answer in answers.values())
    return int((await client.info("clients"))["blocked_clients"])


async def blocking_take(store: RedisEventStore) -> None:
    assert await store.take_bot_jobs("w1", 10) == []  # creates the group
    before = await blocked_clients(store)
    waiting = asyncio.create_task(store.take_bot_jobs("w1", 10, block_ms=10_000))
    for _ in range(400):  # until Redis holds the read (bounded: 20 s)
        if waiting.done() or await blocked_clients(store) > before:
            break
        await asyncio.sleep(0.05)
    assert not waiting.done(), f"the take returned without blocking: {waiting.result()}"
    assert await blocked_clients(store) > before, "Redis never held the take's read"
    await store.add_bot_job("g1", 3, 1)
    jobs = await waiting  # the job wakes the held read (its 10 s wait is not over)
    assert [(j.game_id, j.version, j.seat) for j in jobs] == [("g1", 3, 1)]
    await store.finish_bot_job(jobs[0])
    assert await store.take_bot_jobs("w1", 10, block_ms=100) == []


async def test_a_blocking_take_gets_the_job_added_while_it_waits(
    private_redis: RedisServer,
) -> None:
    # A server of its own: no other test's blocked reads are counted.

    store = connect(private_redis.url, cluster=False, prefix="wake")
    try:
        await blocking_take(store)
    finally:
        await store.close()


async def test_a_blocking_take_works_on_a_cluster(cluster_store: RedisEventStore) -> None:
    await blocking_take(cluster_store)


def test_the_store_cannot_be_built_without_its_blocking_client() -> None:
    client: Any = object()  # never used: the call is refused before the store is built
    with pytest.raises(TypeError, match="blocking"):
        RedisEventStore(client)  # type: ignore[call-arg]
