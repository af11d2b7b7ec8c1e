"""Clients of their own for blocking reads, made from the request client's settings.

A blocking `XREAD`/`XREADGROUP` must not hold a request connection (architecture §4). The player
streams (`service.store.players.inbox_store`) block on connections of their own: `dedicated(client,
n)` opens a client on the same server (or cluster) with the same socket settings and at most `n`
connections (per node in a cluster), closed with `aclose()`; `socket_timeout` replaces the
request client's, so a read of its own can block longer than a request may take.
"""

from __future__ import annotations

from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from boardstate.service.store.pools import WaitingPool

Client = Redis | RedisCluster


def dedicated(client: Client, connections: int, socket_timeout: float | None = None) -> Client:
    """A new client on `client`'s server or cluster, with at most `connections` connections."""
    if isinstance(client, RedisCluster):
        kwargs: dict[str, Any] = client.connection_kwargs
        nodes = [ClusterNode(node.host, node.port) for node in client.get_nodes()]
        return RedisCluster(
            startup_nodes=nodes or client.startup_nodes,
            max_connections=connections,
            decode_responses=False,
            socket_timeout=socket_timeout or kwargs.get("socket_timeout"),
            socket_connect_timeout=kwargs.get("socket_connect_timeout"),
            retry=Retry(NoBackoff(), 0),
        )
    pool = client.connection_pool
    options = dict(pool.connection_kwargs)
    if socket_timeout is not None:
        options["socket_timeout"] = socket_timeout
    return Redis.from_pool(
        WaitingPool(connection_class=pool.connection_class, max_connections=connections, **options)
    )
