"""Where the deployment's archive store is, recorded in Redis (`features.archive.place`).

One hash, `bs:{archive}:place` (`player_keys.archive_place_key`):

* `location` — the store's canonical form (`features.archive.stores.Location.encode`);
* `by` — `setting` when the process that recorded it had its store set
  (`BOARDSTATE_ARCHIVE_STORE` or `BOARDSTATE_DATA_DIR`), `default` when it used its data
  folder's default;
* `mark` — the id of the mark object the first process that archived wrote into that store.

Every write is one command or one script on that key, so two processes recording at once
agree on one location and one mark.
"""

from __future__ import annotations

import dataclasses

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.store import codec
from boardstate.service.store.players.player_keys import archive_place_key
from boardstate.service.store.redis_errors import translated

BY_SETTING = "setting"
BY_DEFAULT = "default"
RECORD_SCRIPT = """
-- KEYS: 1 the place; ARGV: 1 the location, 2 by
if redis.call('HSETNX', KEYS[1], 'location', ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'by', ARGV[2])
return 1
"""
REPLACE_SCRIPT = """
-- KEYS: 1 the place; ARGV: 1 the location recorded by default, 2 the new location
-- A location recorded by a process on its default is replaced while nothing is archived there.
if redis.call('HEXISTS', KEYS[1], 'mark') == 1 then return 0 end
if redis.call('HGET', KEYS[1], 'by') ~= 'default' then return 0 end
if redis.call('HGET', KEYS[1], 'location') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'location', ARGV[2], 'by', 'setting')
return 1
"""

MARK_SCRIPT = """
-- KEYS: 1 the place; ARGV: 1 the location marked, 2 the mark
-- Marks the store only while it is still the one recorded (no replacement raced the mark).
if redis.call('HEXISTS', KEYS[1], 'mark') == 1 then return 0 end
if redis.call('HGET', KEYS[1], 'location') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'mark', ARGV[2])
return 1
"""


@dataclasses.dataclass(frozen=True, slots=True)
class PlaceRecord:
    """The record as read (None: not written)."""

    location: bytes | None = None
    by: str | None = None
    mark: str | None = None


class ArchivePlaces:
    """The record of the archive's place, on the event store's Redis."""

    def __init__(self, client: Redis | RedisCluster, prefix: str) -> None:
        self.client = client
        self.key = archive_place_key(prefix)
        self._record = client.register_script(RECORD_SCRIPT)
        self._replace = client.register_script(REPLACE_SCRIPT)
        self._mark = client.register_script(MARK_SCRIPT)

    async def read(self) -> PlaceRecord:
        async with translated("the archive's place"):
            fields = await self.client.hgetall(self.key)
        found = {codec.as_text(k): codec.as_bytes(v) for k, v in (fields or {}).items()}
        by, mark = found.get("by"), found.get("mark")
        return PlaceRecord(
            found.get("location"),
            None if by is None else codec.as_text(by),
            None if mark is None else codec.as_text(mark),
        )

    async def record(self, location: bytes, by: str) -> bool:
        """Records `location` unless a location is recorded; tells whether it was."""
        async with translated("the archive's place"):
            return bool(await self._record(keys=[self.key], args=[location, by]))

    async def replace_default(self, recorded: bytes, location: bytes) -> bool:
        """Replaces `recorded`, recorded by default and never marked, by `location` (set)."""
        async with translated("the archive's place"):
            return bool(await self._replace(keys=[self.key], args=[recorded, location]))

    async def mark(self, location: bytes, mark: str) -> bool:
        """Records `mark` as the mark of `location` unless a mark is recorded or another
        location is; tells whether it was."""
        async with translated("the archive's place"):
            return bool(await self._mark(keys=[self.key], args=[location, mark]))

    async def overwrite(self, location: bytes, mark: str) -> None:
        """Records `location` (by setting) and `mark`, whatever was recorded (an operator's
        `boardstate archive store --record`)."""
        mapping = {"location": location, "by": BY_SETTING, "mark": mark}
        async with translated("the archive's place"):
            await self.client.hset(self.key, mapping=mapping)  # type: ignore[arg-type]
