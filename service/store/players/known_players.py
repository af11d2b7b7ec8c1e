"""`RedisKnownPlayers`: which playerIds are players of this service (issue 37).

A challenge names other players by playerId, and before this any string would do: each
challenge to a made-up id created a player inbox (4.8 KB kept 30 days). A player is now
**known** from the moment the service issues it a token (`createPlayer`, a refresh) or verifies
one of its tokens (a service-issued one or a JWT signed with the integrator's keys), until
`KNOWN_DAYS` days after the last such time; only a known player may be challenged. Each
player's mark is one key of its own slot (`player_keys.known_player_key`) that expires by
itself, so the marks cost nothing to keep: no list grows, no sweep is needed.
"""

from __future__ import annotations

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.store.players.player_keys import known_player_key
from boardstate.service.store.redis_errors import translated

KNOWN_DAYS = 30
"""A player stays known this long after the service last issued or verified its token."""
KNOWN_MS = KNOWN_DAYS * 86_400_000


class RedisKnownPlayers:
    """Marks players known and tells which are."""

    def __init__(self, client: Redis | RedisCluster, prefix: str, keep_ms: int = KNOWN_MS) -> None:
        self.client = client
        self.prefix = prefix
        self.keep_ms = keep_ms

    async def saw(self, player_id: str) -> None:
        """Marks `player_id` known for `keep_ms` from now."""
        async with translated("known player"):
            await self.client.set(known_player_key(player_id, self.prefix), 1, px=self.keep_ms)

    async def unknown(self, player_ids: list[str]) -> list[str]:
        """Returns the ids of `player_ids` that are not known (in their order)."""
        missing = []
        async with translated("known players"):
            for player_id in player_ids:  # each in a slot of its own
                if not await self.client.exists(known_player_key(player_id, self.prefix)):
                    missing.append(player_id)
        return missing
