"""`connect()`: a `RedisEventStore` on a Redis server or a Redis Cluster, from a URL."""

from __future__ import annotations

from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from boardstate.service.store.keys import DEFAULT_PREFIX
from boardstate.service.store.redis_store import Client, RedisEventStore


def connect(
    url: str,
    cluster: bool,
    *,
    prefix: str = DEFAULT_PREFIX,
    socket_timeout: float = 5.0,
    connect_timeout: float = 2.0,
    wait_replicas: int = 0,
    wait_timeout_ms: int = 1000,
) -> RedisEventStore:
    """Returns a store on the server or cluster at `url` (`redis://` or `rediss://`).

    The client does not retry commands by itself: a lost append reply is reported as
    `AppendUncertain` instead of being sent twice. With `wait_replicas`, the socket timeout
    is raised to exceed `wait_timeout_ms` by a second.
    """
    if wait_replicas > 0:
        socket_timeout = max(socket_timeout, wait_timeout_ms / 1000 + 1.0)
    options: dict[str, Any] = {
        "decode_responses": False,
        "socket_timeout": socket_timeout,
        "socket_connect_timeout": connect_timeout,
        "retry": Retry(NoBackoff(), 0),
    }
    client: Client = (RedisCluster if cluster else Redis).from_url(url, **options)
    return RedisEventStore(
        client,
        prefix,
        max_block_ms=max(1, int(socket_timeout * 500)),
        wait_replicas=wait_replicas,
        wait_timeout_ms=wait_timeout_ms,
    )
