"""`RedisQuotas`: the unfinished games of each creator, for the open-games quota.

One sorted set per creator identity, `<prefix>:{creator:<digest>}:games` (game id scored by
its creation time in ms; its own hash tag, so one cluster slot), reserved atomically: a script
adds the game only while the set holds fewer than the limit. Members are never removed when a
game finishes (the service would need a hook on every way a game ends); the service prunes the
finished and deleted games of a full set when it is asked for one more
(`service.features.lobby.admission`). Each set expires `IDLE_SECONDS` after the creator's last new
game.
"""

from __future__ import annotations

from collections.abc import Sequence

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.store import codec
from boardstate.service.store.keys import creator_key
from boardstate.service.store.redis_errors import translated

IDLE_SECONDS = 30 * 86_400

RESERVE_SCRIPT = """
-- KEYS: 1 the creator's set; ARGV: 1 game id, 2 score (ms), 3 limit, 4 idle seconds
local count = redis.call('ZCARD', KEYS[1])
if count >= tonumber(ARGV[3]) then return count end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return -1
"""


class RedisQuotas:
    """Reserve, list and release the unfinished games of creator identities."""

    def __init__(self, client: Redis | RedisCluster, prefix: str) -> None:
        self.client = client
        self.prefix = prefix
        self._reserve = client.register_script(RESERVE_SCRIPT)

    def key(self, identity: str) -> str:
        """Returns the sorted set of `identity` (any string; hashed into the key)."""
        return creator_key(identity, self.prefix)

    async def reserve(self, identity: str, game_id: str, now_ms: int, limit: int) -> int | None:
        """Adds `game_id` to the identity's games unless it holds `limit` already; returns
        None when added, else how many it holds."""
        async with translated(f"quota {identity}"):
            held = int(
                await self._reserve(
                    keys=[self.key(identity)], args=[game_id, now_ms, limit, IDLE_SECONDS]
                )
            )
        return None if held < 0 else held

    async def games(self, identity: str) -> list[str]:
        """Returns the game ids counted against `identity`, oldest first."""
        async with translated(f"quota {identity}"):
            raw = await self.client.zrange(self.key(identity), 0, -1)
        return [codec.as_text(m) for m in raw if isinstance(m, bytes | str)]

    async def release(self, identity: str, game_ids: Sequence[str]) -> None:
        """Stops counting `game_ids` against `identity`."""
        if not game_ids:
            return
        async with translated(f"quota {identity}"):
            await self.client.zrem(self.key(identity), *game_ids)
