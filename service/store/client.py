"""`connect()`: a `RedisEventStore` on a Redis server or a Redis Cluster, from a URL."""

from __future__ import annotations

from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from boardstate.service.store.keys import DEFAULT_PREFIX
from boardstate.service.store.pools import WaitingPool, WaitingRedisCluster
from boardstate.service.store.redis_store import Client, RedisEventStore
from boardstate.service.store.stream_reader import StreamReader

READER_CONNECTIONS = 2
"""The stream reader's pool on a single server: one blocked `XREAD`, one more while a
cancelled read's connection is being released."""

BOT_BLOCK_MS = 10_000
"""How long one blocking bot-job read waits: an idle worker sends 6 reads a minute, and a job
added meanwhile ends the wait at once (issue 32's idle budget)."""


def connect(
    url: str,
    cluster: bool,
    *,
    prefix: str = DEFAULT_PREFIX,
    socket_timeout: float = 5.0,
    connect_timeout: float = 2.0,
    wait_replicas: int = 0,
    wait_timeout_ms: int = 1000,
    pool_size: int = 100,
    pool_wait_ms: int = 2000,
    max_streams: int = 1000,
) -> RedisEventStore:
    """Returns a store on the server or cluster at `url` (`redis://` or `rediss://`).

    The client does not retry commands by itself: a lost append reply is reported as
    `AppendUncertain` instead of being sent twice. With `wait_replicas`, the socket timeout is
    raised to exceed `wait_timeout_ms` by a second. Requests share `pool_size` connections and wait
    up to `pool_wait_ms` for one (`service.store.pools`); live reads have connections of their own
    (`service.store.stream_reader`), at most `max_streams` per cluster node; the bot worker's
    blocking job reads have a connection of their own (`service.store.work.bot_jobs`).
    """
    if wait_replicas > 0:
        socket_timeout = max(socket_timeout, wait_timeout_ms / 1000 + 1.0)
    options: dict[str, Any] = {
        "decode_responses": False,
        "socket_timeout": socket_timeout,
        "socket_connect_timeout": connect_timeout,
        "retry": Retry(NoBackoff(), 0),
    }
    wait_s = pool_wait_ms / 1000
    # The bot worker's job reads block up to BOT_BLOCK_MS: their connection waits that long more.
    waiting = options | {"socket_timeout": socket_timeout + BOT_BLOCK_MS / 1000}
    client: Client
    reader: Client
    if cluster:
        client = WaitingRedisCluster.from_url(
            url, size=pool_size, wait_s=wait_s, max_connections=pool_size + 4, **options
        )
        reader = RedisCluster.from_url(url, max_connections=max_streams + 2, **options)
        blocking: Client = RedisCluster.from_url(url, max_connections=2, **waiting)
    else:
        pool = WaitingPool.from_url(url, max_connections=pool_size, timeout=wait_s, **options)
        client = Redis.from_pool(pool)
        reader_pool = WaitingPool.from_url(
            url, max_connections=READER_CONNECTIONS, timeout=wait_s, **options
        )
        reader = Redis.from_pool(reader_pool)
        blocking = Redis.from_pool(WaitingPool.from_url(url, max_connections=1, **waiting))
    max_block_ms = max(1, int(socket_timeout * 500))
    return RedisEventStore(
        client,
        prefix,
        max_block_ms=max_block_ms,
        wait_replicas=wait_replicas,
        wait_timeout_ms=wait_timeout_ms,
        streams=StreamReader(reader, prefix, max_block_ms),
        blocking=blocking,
        blocking_block_ms=BOT_BLOCK_MS,
    )
