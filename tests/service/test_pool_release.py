"""A request connection always returns to the pool (issue 13, item 12): requests cancelled at
any point between checkout and release, cancelled twice (a timeout, then a client gone), or
failing because Redis stops answering mid-flight leave the pool's in-use count at its baseline.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable

import pytest
from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.store import AppendRequest, RedisEventStore, StoreUnavailable, connect
from boardstate.service.store.pools import WaitingPool, cluster_connections_in_use, in_use
from tests.conftest import unique_prefix
from tests.redis_support import RedisClusterServers, RedisServer
from tests.service.store_contract import created, event

pytestmark = pytest.mark.redis

ROUNDS = 400


def calls(store: RedisEventStore, game_id: str) -> list[Callable[[], Awaitable[object]]]:
    return [
        lambda: store.read(game_id),
        lambda: store.version(game_id),
        lambda: store.meta(game_id),
        lambda: store.seat_token_hash(game_id, 0),
        lambda: store.append(game_id, AppendRequest(0, [event(1)])),  # a conflict
        lambda: store.index_page(None, 5, None, None),
    ]


async def storm(store: RedisEventStore, game_id: str, seed: int) -> None:
    """Starts many calls on a small pool and cancels most of them at random moments, some
    twice (the second cancel lands while the first unwinds, i.e. during the release)."""
    rnd = random.Random(seed)
    ops = calls(store, game_id)
    tasks = [asyncio.ensure_future(rnd.choice(ops)()) for _ in range(ROUNDS)]
    for task in tasks:
        if rnd.random() < 0.1:
            continue
        for _ in range(rnd.randrange(3)):
            await asyncio.sleep(0)
        task.cancel()
        if rnd.random() < 0.5:
            await asyncio.sleep(0)
            task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.sleep(0.05)  # let shielded releases finish


async def test_cancelled_requests_give_back_their_connections(redis_server: RedisServer) -> None:
    store = connect(redis_server.url, cluster=False, prefix=unique_prefix(), pool_size=4)
    try:
        game_id = await created(store, appended=2)
        assert in_use(store.client) == 0
        for seed in range(3):
            await storm(store, game_id, seed)
            assert in_use(store.client) == 0
        assert await store.version(game_id) == 3
    finally:
        await store.close()


async def test_requests_failing_mid_flight_give_back_their_connections(
    private_redis: RedisServer,
) -> None:
    store = connect(
        private_redis.url, cluster=False, prefix=unique_prefix(), pool_size=4, socket_timeout=0.3
    )
    try:
        game_id = await created(store, appended=2)
        with private_redis.client() as admin:
            admin.execute_command("CLIENT", "PAUSE", 1500, "ALL")
        ops = calls(store, game_id)
        tasks = [asyncio.ensure_future(ops[i % len(ops)]()) for i in range(40)]
        await asyncio.sleep(0.1)
        for task in tasks[::3]:
            task.cancel()  # a client gone while its request waits on Redis
        outcomes = await asyncio.gather(*tasks, return_exceptions=True)
        assert any(isinstance(o, StoreUnavailable) for o in outcomes)
        assert in_use(store.client) == 0
        await asyncio.sleep(1.5)
        assert await store.version(game_id) == 3
        assert in_use(store.client) == 0
    finally:
        await store.close()


async def test_cluster_requests_give_back_their_connections(
    redis_cluster: RedisClusterServers,
) -> None:
    store = connect(redis_cluster.url, cluster=True, prefix=unique_prefix(), pool_size=4)
    try:
        game_id = await created(store, appended=2)
        assert isinstance(store.client, RedisCluster)
        baseline = cluster_connections_in_use(store.client)
        await storm(store, game_id, 7)
        assert in_use(store.client) == 0
        assert cluster_connections_in_use(store.client) == baseline
        assert await store.version(game_id) == 3
    finally:
        await store.close()


async def test_a_release_that_must_wait_completes_though_its_request_is_cancelled(
    redis_server: RedisServer,
) -> None:
    pool = WaitingPool.from_url(redis_server.url, max_connections=2, timeout=1)
    client = Redis.from_pool(pool)
    try:
        assert await client.ping()
        assert pool.in_use() == 0
        quick = await pool.get_connection()
        await pool.release(quick)  # the lock is free: released at once, no task of its own
        assert pool.in_use() == 0
        held = await pool.get_connection()
        assert pool.in_use() == 1
        await pool._condition.acquire()  # another task holds the pool's lock: release must wait
        try:
            releasing = asyncio.ensure_future(pool.release(held))
            await asyncio.sleep(0)
            releasing.cancel()
            await asyncio.sleep(0)
            releasing.cancel()  # cancelled twice while it waits for the lock
            await asyncio.sleep(0)
            assert pool.in_use() == 1
        finally:
            pool._condition.release()
        await asyncio.gather(releasing, return_exceptions=True)
        await asyncio.sleep(0.01)
        assert pool.in_use() == 0
        assert await client.ping()
    finally:
        await client.aclose()
