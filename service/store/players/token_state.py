"""`RedisTokenState`: which of a player's tokens are still current (issue 37, architecture §5e).

One hash per player, `bs:{player:<digest>}:tokens` (`service.store.players.player_keys`), shared by
every replica, so a token retired or revoked on one is refused on all of them:

* `gen` — the generation of the service's own tokens (each carries its `gen` claim; a token
  from before any refresh has none: generation 0). A token of the current generation is valid;
  one of the generation before it only until `prevUntil` (ms), the overlap a refresh leaves its
  client; any other is retired.
* `floor` — seconds: after a revocation, a token the integrator signed is valid only with an
  `iat` at or after it (tokens signed in or before the second of the revocation, or without
  `iat`, are refused).

A refresh is one script (`REFRESH_SCRIPT`): the token of the current generation moves the player
on to the next and opens the overlap; a token of the previous generation inside the overlap (a
client retrying a refresh whose answer it lost, or two replicas refreshing one token at once)
gets the current generation again without moving it; anything else is retired. A revocation
(`REVOKE_SCRIPT`) moves the generation on with no overlap and sets the floor. Both keep the
key at least as long as any token it rules can live (`life_ms`).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.store.players.player_keys import player_tokens_key
from boardstate.service.store.redis_errors import translated

LIFE_SCRIPT = """
local function live(key, ms)
  local left = redis.call('PTTL', key)
  if left < tonumber(ms) then redis.call('PEXPIRE', key, ms) end
end
"""

REFRESH_SCRIPT = (
    LIFE_SCRIPT
    + """
-- KEYS: 1 the player's hash; ARGV: 1 the refreshed token's generation, 2 now (ms),
--       3 overlap (ms), 4 life (ms). Returns the new token's generation, or -1: retired.
local gen = tonumber(redis.call('HGET', KEYS[1], 'gen') or '0')
local asked = tonumber(ARGV[1])
if asked == gen then
  redis.call('HSET', KEYS[1], 'gen', gen + 1, 'prevUntil', tonumber(ARGV[2]) + tonumber(ARGV[3]))
  live(KEYS[1], ARGV[4])
  return gen + 1
end
local until_ms = tonumber(redis.call('HGET', KEYS[1], 'prevUntil') or '0')
if asked == gen - 1 and tonumber(ARGV[2]) < until_ms then return gen end
return -1
"""
)

REVOKE_SCRIPT = (
    LIFE_SCRIPT
    + """
-- KEYS: 1 the player's hash; ARGV: 1 the floor (s), 2 life (ms). Returns the new generation.
local gen = tonumber(redis.call('HGET', KEYS[1], 'gen') or '0') + 1
local floor = math.max(tonumber(redis.call('HGET', KEYS[1], 'floor') or '0'), tonumber(ARGV[1]))
redis.call('HSET', KEYS[1], 'gen', gen, 'prevUntil', 0, 'floor', floor)
live(KEYS[1], ARGV[2])
return gen
"""
)


@dataclasses.dataclass(frozen=True, slots=True)
class TokenState:
    """One player's current tokens (see the module docstring)."""

    generation: int = 0
    previous_until_ms: int = 0
    floor: int = 0

    def current(self, generation: int, now_ms: int) -> bool:
        """Whether a service token of `generation` is current at `now_ms`."""
        if generation == self.generation:
            return True
        return generation == self.generation - 1 and now_ms < self.previous_until_ms

    def signed_after_revocation(self, issued_at: int | None) -> bool:
        """Whether an integrator's token with this `iat` postdates the last revocation."""
        return self.floor == 0 or (issued_at is not None and issued_at >= self.floor)


def _number(raw: Any) -> int:
    return 0 if raw is None else int(raw)


class RedisTokenState:
    """Reads and moves on the players' token states."""

    def __init__(self, client: Redis | RedisCluster, prefix: str) -> None:
        self.client = client
        self.prefix = prefix
        self._refresh = client.register_script(REFRESH_SCRIPT)
        self._revoke = client.register_script(REVOKE_SCRIPT)

    def key(self, player_id: str) -> str:
        return player_tokens_key(player_id, self.prefix)

    async def state(self, player_id: str) -> TokenState:
        """The player's state (all zero for a player that never refreshed nor revoked)."""
        async with translated("player tokens"):
            raw = await self.client.hmget(self.key(player_id), ["gen", "prevUntil", "floor"])
        return TokenState(*(_number(value) for value in raw))

    async def refresh(
        self, player_id: str, generation: int, now_ms: int, overlap_ms: int, life_ms: int
    ) -> int | None:
        """Moves the player on from a token of `generation`; returns the generation of its
        successor, None when that token is retired (see `REFRESH_SCRIPT`)."""
        args = [generation, now_ms, overlap_ms, life_ms]
        async with translated("player tokens"):
            found = int(await self._refresh(keys=[self.key(player_id)], args=args))
        return None if found < 0 else found

    async def revoke(self, player_id: str, floor: int, life_ms: int) -> int:
        """Retires every token of the player: the service's (a new generation, no overlap) and
        the integrator's signed before `floor` (s); returns the new generation."""
        async with translated("player tokens"):
            return int(await self._revoke(keys=[self.key(player_id)], args=[floor, life_ms]))
