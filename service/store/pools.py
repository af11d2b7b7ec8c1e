"""Request connection pools that wait briefly when full and never lose a connection.

redis-py's default pools fail at once when every connection is in use (`MaxConnectionsError`),
so a burst (or connections held elsewhere) turned every other request into `STORE_UNAVAILABLE`.
Here a request waits up to `wait_s` for a connection, then fails with a `ConnectionError`
(`StoreUnavailable` after `redis_errors.translated`):

* single server: `WaitingPool`, a `BlockingConnectionPool` whose `release` is shielded from
  cancellation. redis-py releases in a `finally` that awaits the pool's lock; a request cancelled
  a second time while waiting for that lock (a client gone, a timeout) would keep its connection
  checked out for ever. The shielded release always completes. A release that does not wait
  (the lock is free: the usual case) completes at once, where nothing can interrupt it; only one
  that waits is finished in a task of its own (a task per call cost about 10 µs of CPU per
  command).
* single server, per command: `WaitingPool.get_connection` hands out an idle connection at once
  when nobody waits for one (redis-py's blocking pool takes a condition, a timeout and a lock
  for every command), and `DirectConnection` writes a command without `asyncio.wait_for` (a task
  per command on Python 3.11) when the socket's buffer is empty: the write cannot block then, and
  the reply is still awaited under the socket timeout, so a stuck server is still a
  `TimeoutError` (`StoreUnavailable`). Anything else takes redis-py's own path.
* Redis Cluster: redis-py's cluster nodes have no waiting pool, so `WaitingRedisCluster` admits at
  most `size` commands at once per process (a semaphore, waited for at most `wait_s`); each node's
  own pool is larger than that, so it is never exhausted. A node's release is synchronous.
"""

from __future__ import annotations

import asyncio
import types
from collections.abc import Coroutine, Generator
from typing import Any

from redis.asyncio import BlockingConnectionPool, Connection, Redis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.connection import AbstractConnection
from redis.exceptions import ConnectionError as RedisConnectionError


class DirectConnection(Connection):
    """A plain TCP connection that writes a command in place when nothing is buffered."""

    async def send_packed_command(self, command: Any, check_health: bool = True) -> None:
        writer = self._writer
        if (
            not isinstance(command, list)
            or writer is None
            or self._reader is None
            or self.health_check_interval
            or writer.transport.is_closing()
            or writer.transport.get_write_buffer_size()
        ):
            await super().send_packed_command(command, check_health)
            return
        try:
            writer.writelines(command)
        except BaseException as exc:
            await self.disconnect(nowait=True)
            raise RedisConnectionError(f"Error while writing to socket: {exc!r}") from exc


class WaitingPool(BlockingConnectionPool):
    """A blocking pool whose connections always come back, even from cancelled requests."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.connection_class is Connection:  # not TLS or a Unix socket
            self.connection_class = DirectConnection

    async def get_connection(self, *args: Any, **kwargs: Any) -> AbstractConnection:
        free = self._available_connections
        if not free or self._condition.locked() or self._condition._waiters or self._lock.locked():
            found: AbstractConnection = await super().get_connection(*args, **kwargs)  # type: ignore[no-untyped-call]
            return found
        connection = free.pop()  # an idle connection and nobody waiting: no lock, no timer
        self._in_use_connections.add(connection)
        try:
            await self.ensure_connection(connection)
        except BaseException:
            await self.release(connection)
            raise
        return connection

    async def release(self, connection: AbstractConnection) -> None:
        steps = super().release(connection)
        try:
            pending = steps.send(None)
        except StopIteration:  # released without waiting: nothing could interrupt it
            return
        task = asyncio.ensure_future(_resumed(steps, pending))  # it waits: finish it shielded
        try:
            await asyncio.shield(task)
        except asyncio.CancelledError:
            await _finish(task)
            raise

    def in_use(self) -> int:
        """Connections checked out now."""
        return len(self._in_use_connections)


@types.coroutine
def _resumed(steps: Coroutine[Any, Any, None], pending: Any) -> Generator[Any, Any, None]:
    """Runs the rest of a coroutine that has just yielded `pending` to the event loop, as
    `await` would have (a task of its own runs it, so the caller's cancellation cannot stop it)."""
    while True:
        try:
            sent = yield pending
        except BaseException as exc:
            try:
                pending = steps.throw(exc)
            except StopIteration:
                return
        else:
            try:
                pending = steps.send(sent)
            except StopIteration:
                return


async def _finish(task: asyncio.Future[None]) -> None:
    """Waits for a release that must complete, even while this task is being cancelled."""
    while not task.done():
        try:
            await asyncio.shield(task)
        except asyncio.CancelledError:
            continue


class WaitingRedisCluster(RedisCluster):
    """A cluster client on which at most `size` commands run at once; others wait briefly."""

    def __init__(self, *args: Any, size: int, wait_s: float, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.size = size
        self.wait_s = wait_s
        self._gate = asyncio.Semaphore(size)

    async def execute_command(self, *args: Any, **kwargs: Any) -> Any:
        try:
            async with asyncio.timeout(self.wait_s):
                await self._gate.acquire()
        except TimeoutError:
            raise RedisConnectionError("No connection available.") from None
        try:
            return await super().execute_command(*args, **kwargs)
        finally:
            self._gate.release()

    def in_use(self) -> int:
        """Commands in flight now (each holds one node connection)."""
        return self.size - self._gate._value


def in_use(client: Redis | RedisCluster) -> int:
    """Request connections checked out now (0 for a client not built by `store.connect`)."""
    if isinstance(client, WaitingRedisCluster):
        return client.in_use()
    pool = getattr(client, "connection_pool", None)
    return pool.in_use() if isinstance(pool, WaitingPool) else 0


def cluster_connections_in_use(client: RedisCluster) -> int:
    """Node connections checked out now, over every node of a cluster client."""
    total = 0
    for node in client.get_nodes():
        free = set(map(id, node._free))
        total += sum(1 for conn in node._connections if id(conn) not in free)
    return total
