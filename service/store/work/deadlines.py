"""Deadlines: when a game next needs the service to act on its own (architecture §5c).

A clock running out, or a stand-in's turn, makes a game *due*. The time it is due is kept in
one sorted set per store, `bs:{deadlines}:due` (member: game id, score: milliseconds since the
epoch), beside a hash `bs:{deadlines}:version` of the game version each entry was computed at.
Both keys share one hash tag, so each script below runs in one slot of a Redis Cluster.

* `schedule(game, version, due)` writes the entry computed from the game at `version`, unless
  an entry from a later version is there already (writers after concurrent appends cannot
  reorder it); `due` None removes it.
* `claim(now, limit, lease)` takes up to `limit` entries due by `now` and pushes each `lease` ms
  ahead in the same atomic step, so two replicas polling at once never take the same entry;
  the replica that took it either reschedules it (after acting) or, if it dies, the entry is
  due again when the lease ends. The actions themselves are conditional appends, so even two
  replicas acting on one game append its timeout once.

Entries live in Redis, so they survive every replica's restart.
"""

from __future__ import annotations

from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.store.keys import DeadlineKeys
from boardstate.service.store.redis_errors import translated

SCHEDULE_SCRIPT = """
-- KEYS: 1 due (zset), 2 version (hash); ARGV: 1 game id, 2 version, 3 due ms ('' = none)
local known = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '-1')
if known > tonumber(ARGV[2]) then return 0 end
if ARGV[3] == '' then
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
else
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
end
return 1
"""

CLAIM_SCRIPT = """
-- KEYS: 1 due (zset); ARGV: 1 now ms, 2 limit, 3 lease ms
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])
for _, game in ipairs(due) do
  redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[3]), game)
end
return due
"""


class RedisDeadlines:
    """Schedules and claims due games."""

    def __init__(self, client: Redis | RedisCluster, prefix: str) -> None:
        self.client = client
        self.keys = DeadlineKeys.of(prefix)
        self._schedule = client.register_script(SCHEDULE_SCRIPT)
        self._claim = client.register_script(CLAIM_SCRIPT)

    async def schedule(self, game_id: str, version: int, due_ms: int | None) -> None:
        """Sets (or with None removes) when `game_id`, as of `version`, is next due."""
        args: list[str | int] = [game_id, version, "" if due_ms is None else due_ms]
        await self._schedule(keys=self.keys.ordered(), args=args)

    async def claim(self, now_ms: int, limit: int, lease_ms: int) -> list[str]:
        """Takes up to `limit` games due by `now_ms` for `lease_ms`."""
        found: list[Any] = await self._claim(keys=[self.keys.due], args=[now_ms, limit, lease_ms])
        return [g.decode() if isinstance(g, bytes) else str(g) for g in found]

    async def due_at(self, game_id: str) -> int | None:
        """When `game_id` is due (None: not scheduled)."""
        score = await self.client.zscore(self.keys.due, game_id)
        return None if score is None else int(score)

    async def next_due(self) -> int | None:
        """When the earliest entry is due (None: none scheduled)."""
        found: Any = await self.client.zrange(self.keys.due, 0, 0, withscores=True)
        return int(found[0][1]) if found else None


class DeadlineStore:
    """The deadline operations of the event store (mixed into `RedisEventStore`)."""

    _deadlines: RedisDeadlines

    async def schedule(self, game_id: str, version: int, due_ms: int | None) -> None:
        """Sets when a game is next due; None: never."""
        async with translated(f"schedule {game_id}"):
            await self._deadlines.schedule(game_id, version, due_ms)

    async def claim_due(self, now_ms: int, limit: int, lease_ms: int) -> list[str]:
        """Takes up to `limit` games due by `now_ms`, each for `lease_ms`."""
        async with translated("claim due games"):
            return await self._deadlines.claim(now_ms, limit, lease_ms)

    async def due_at(self, game_id: str) -> int | None:
        """When a game is due, or None."""
        async with translated(f"due {game_id}"):
            return await self._deadlines.due_at(game_id)

    async def next_due(self) -> int | None:
        """When the earliest scheduled game is due, or None."""
        async with translated("next due"):
            return await self._deadlines.next_due()
