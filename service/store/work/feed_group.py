"""A consumer group on the cross-game feed (`service.store.work.outbox`): each entry to one
consumer.

`FeedGroup(client, prefix, name, blocking)` hands each feed entry to one consumer of the group
`name` (created at the feed's start on first use, so a group made before any announcement
misses none, and again when Redis lost it: `service.store.consumer_group`); `take` waits in
`XREADGROUP BLOCK` on the `blocking` client (a connection of its own,
`service.store.dedicated`), so an idle consumer sends one command per block; `reclaim` takes
entries another consumer took and never acknowledged (it died); `done` acknowledges.
`hold(consumer, ms)` takes or keeps the group's lease (`HookKeys.lease`), for groups read by one
consumer at a time so that entries are handled in the feed's order.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.store.consumer_group import ConsumerGroup
from boardstate.service.store.keys import HookKeys
from boardstate.service.store.redis_errors import translated

Client = Redis | RedisCluster
HOLD_SCRIPT = """
-- KEYS: 1 the lease; ARGV: 1 consumer, 2 ms. Keeps it when held by the consumer, else takes it
-- when free; 1 when the consumer holds it now, else 0
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
return 0
"""
RELEASE_SCRIPT = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""
FeedEntry = tuple[str, bytes]
"""(feed entry id, the announcement's JSON)."""


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class FeedGroup:
    """One consumer group of the feed."""

    def __init__(
        self,
        client: Client,
        prefix: str,
        name: str,
        blocking: Client | None = None,
        max_block_ms: int = 2000,
    ) -> None:
        self.client = client
        self.name = name
        self.blocking = blocking
        self.max_block_ms = max_block_ms
        keys = HookKeys.of(prefix)
        self.feed = keys.feed
        self.lease = keys.lease(f"group:{name}")
        self.group = ConsumerGroup(client, self.feed, name)
        self._hold = client.register_script(HOLD_SCRIPT)
        self._release = client.register_script(RELEASE_SCRIPT)

    async def release(self, consumer: str) -> None:
        """Gives the group's lease back if `consumer` holds it (another takes it at once)."""
        async with translated(f"feed group {self.name}"):
            await self._release(keys=[self.lease], args=[consumer])

    async def hold(self, consumer: str, ms: int) -> bool:
        """Takes or renews the group's lease for `consumer` (for `ms`); whether it holds it."""
        async with translated(f"feed group {self.name}"):
            return bool(await self._hold(keys=[self.lease], args=[consumer, ms]))

    async def take(self, consumer: str, count: int, block_ms: int | None) -> list[FeedEntry]:
        """New entries for `consumer`; with `block_ms` (and a blocking client) waits up to that
        long for one."""
        streams: Any = {self.feed: ">"}
        reader, block = self.client, None
        if block_ms is not None and self.blocking is not None:
            reader, block = self.blocking, max(1, min(block_ms, self.max_block_ms))

        def read() -> Awaitable[Any]:
            return reader.xreadgroup(self.name, consumer, streams, count=count, block=block)

        async with translated(f"feed group {self.name}"):
            found: Any = await self.group.call(read)
        return [(_text(e), bytes(f[b"a"])) for _, entries in found or [] for e, f in entries if f]

    async def reclaim(self, consumer: str, idle_ms: int, count: int) -> list[FeedEntry]:
        """Entries taken more than `idle_ms` ago and never acknowledged, now `consumer`'s."""

        def claim() -> Awaitable[Any]:
            return self.client.xautoclaim(
                self.feed, self.name, consumer, idle_ms, start_id="0-0", count=count
            )

        async with translated(f"feed group {self.name}"):
            answer: Any = await self.group.call(claim)
        entries = answer[1] if answer else []
        return [(_text(e), bytes(f[b"a"])) for e, f in entries if f]

    async def done(self, entries: list[str]) -> None:
        """Acknowledges entries (the feed keeps them for its other readers)."""
        if entries:
            async with translated(f"feed group {self.name}"):
                await self.client.xack(self.feed, self.name, *entries)

    async def close(self) -> None:
        """Releases the blocking client's connections."""
        if self.blocking is not None:
            await self.blocking.aclose()
