"""Snapshot storage beside a game's log (architecture §4): a sorted set scored by version.

The key `bs:{<gameId>}:snapshots` shares the game's hash tag. Each member is one opaque blob
(`service.features.moves.snapshot_writer` encodes and verifies it); at most one per version.
Snapshots are an optimisation only: losing or corrupting them changes nothing but speed.
A snapshot is written only beside a log in Redis: a game read from the archive (its keys
removed) gets none, so reading an archived game leaves nothing behind in Redis.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.store import codec
from boardstate.service.store.keys import GameKeys, is_valid_game_id
from boardstate.service.store.redis_errors import translated

T = TypeVar("T")

PUT_SCRIPT = """
-- KEYS: 1 snapshots, 2 log; ARGV: 1 version, 2 blob. Replaces any snapshot of that version;
-- writes nothing when the log is not in Redis (an archived game, or none).
if redis.call('EXISTS', KEYS[2]) == 0 then return 0 end
redis.call('ZREMRANGEBYSCORE', KEYS[1], ARGV[1], ARGV[1])
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
return 1
"""


class RedisSnapshots:
    """Puts and finds snapshot blobs by version."""

    def __init__(self, client: Redis | RedisCluster) -> None:
        self.client = client
        self._put = client.register_script(PUT_SCRIPT)

    async def put(self, key: str, log: str, version: int, blob: bytes) -> None:
        """Stores `blob` as the snapshot of `version` (replacing an older one) if the log `log`
        is in Redis."""
        await self._put(keys=[key, log], args=[version, blob])

    async def at_or_before(self, key: str, version: int) -> tuple[int, bytes] | None:
        """Returns the snapshot with the highest version <= `version`, or None."""
        found: list[Any] = await self.client.zrevrangebyscore(
            key, version, "-inf", start=0, num=1, withscores=True
        )
        if not found:
            return None
        blob, score = found[0]
        return int(score), codec.as_bytes(blob)


class SnapshotStore:
    """The snapshot operations of the event store (mixed into `RedisEventStore`)."""

    _snapshots: RedisSnapshots

    def keys(self, game_id: str) -> GameKeys:
        raise NotImplementedError

    async def _read(self, what: str, call: Callable[[], Awaitable[T]]) -> T:
        raise NotImplementedError

    async def snapshot_put(self, game_id: str, version: int, blob: bytes) -> None:
        """Stores a snapshot blob of the game at `version` (replacing one of that version);
        nothing for a game whose log is not in Redis."""
        keys = self.keys(game_id)
        async with translated(f"snapshot {game_id}"):
            await self._snapshots.put(keys.snapshots, keys.log, version, blob)

    async def snapshot_before(self, game_id: str, version: int) -> tuple[int, bytes] | None:
        """Returns `(version, blob)` of the latest snapshot at or before `version`, or None."""
        if not is_valid_game_id(game_id):
            return None
        key = self.keys(game_id).snapshots
        return await self._read(
            f"snapshot {game_id}", lambda: self._snapshots.at_or_before(key, version)
        )
