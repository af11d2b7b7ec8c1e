"""`RateLimiter` on a Redis server and on a Redis Cluster: windows shared by every client of the
same Redis and prefix, apart by identity and prefix."""

from __future__ import annotations

import uuid

import pytest

from boardstate.service.local.embedded_redis import free_port
from boardstate.service.store.limits.rate_limiter import RateLimiter, parse_limits, storage_uri
from tests.redis_support import RedisClusterServers, RedisServer

pytestmark = pytest.mark.redis


async def check(url: str, cluster: bool) -> None:
    prefix = f"bs-rl-{uuid.uuid4().hex[:8]}"
    limits = parse_limits("3/minute")
    one, other = RateLimiter(url, cluster, prefix), RateLimiter(url, cluster, prefix)
    try:
        assert [await one.hit(limits, "a:1.2.3.4") for _ in range(2)] == [None, None]
        assert await other.hit(limits, "a:1.2.3.4") is None  # another replica, same windows
        wait = await one.hit(limits, "a:1.2.3.4")
        assert wait is not None
        assert 1 <= wait <= 60
        assert await other.hit(limits, "a:5.6.7.8") is None
    finally:
        await one.close()
        await other.close()


async def test_windows_are_shared_through_redis(redis_server: RedisServer) -> None:
    await check(redis_server.url, cluster=False)


async def test_windows_are_shared_through_a_redis_cluster(
    redis_cluster: RedisClusterServers,
) -> None:
    await check(redis_cluster.url, cluster=True)


def test_storage_uris() -> None:
    assert storage_uri("redis://h:1/0", False) == "async+redis://h:1/0"
    assert storage_uri("rediss://u:p@h:1", False) == "async+rediss://u:p@h:1"
    assert storage_uri("redis://h:7000", True) == "async+redis+cluster://h:7000"


async def test_the_limiter_fails_open_when_redis_cannot_count() -> None:
    limiter = RateLimiter(f"redis://127.0.0.1:{free_port()}", False, "bs-rl-down")
    try:
        assert await limiter.hit(parse_limits("1/minute"), "a:1.2.3.4") is None
        assert await limiter.hit(parse_limits("1/minute"), "a:1.2.3.4") is None
    finally:
        await limiter.close()
