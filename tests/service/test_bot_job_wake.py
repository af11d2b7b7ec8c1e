"""A waiting bot worker blocks in `XREADGROUP BLOCK` on a connection of its own and gets a job
as it is added (issue 32, "idle is quiet"), on one server and on a Redis Cluster."""

from __future__ import annotations

import asyncio

import pytest

from boardstate.service.store.redis_store import RedisEventStore

pytestmark = pytest.mark.redis


async def blocking_take(store: RedisEventStore) -> None:
    assert await store.take_bot_jobs("w1", 10) == []  # creates the group
    waiting = asyncio.create_task(store.take_bot_jobs("w1", 10, block_ms=2000))
    await asyncio.sleep(0.2)
    await store.add_bot_job("g1", 3, 1)
    jobs = await waiting
    if not jobs:  # the read timed out before the job (a slow machine): it waits for the next
        jobs = await store.take_bot_jobs("w1", 10, block_ms=2000)
    assert [(j.game_id, j.version, j.seat) for j in jobs] == [("g1", 3, 1)]
    await store.finish_bot_job(jobs[0])
    assert await store.take_bot_jobs("w1", 10, block_ms=100) == []


async def test_a_blocking_take_gets_the_job_added_while_it_waits(
    redis_store: RedisEventStore,
) -> None:
    await blocking_take(redis_store)


async def test_a_blocking_take_works_on_a_cluster(cluster_store: RedisEventStore) -> None:
    await blocking_take(cluster_store)
