"""`RedisDisplayNames`: the players' display names (issue 39; the rule they obey is
`service.features.players.display_names`).

One key per player (`player_keys.display_name_key`, in the player's own slot), holding the
checked name as UTF-8. Reading many at once (a leaderboard page, a lobby's games) is one
pipeline, split by Redis Cluster across the slots it touches.
"""

from __future__ import annotations

from collections.abc import Sequence

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.store.players.player_keys import display_name_key
from boardstate.service.store.redis_errors import translated


class RedisDisplayNames:
    """Writes and reads display names."""

    def __init__(self, client: Redis | RedisCluster, prefix: str) -> None:
        self.client = client
        self.prefix = prefix

    async def set(self, player_id: str, name: str) -> None:
        """Records `name` (already checked) as `player_id`'s display name."""
        async with translated("display name"):
            await self.client.set(display_name_key(player_id, self.prefix), name.encode())

    async def get_many(self, player_ids: Sequence[str]) -> dict[str, str]:
        """The display names of those of `player_ids` that chose one."""
        ids = list(dict.fromkeys(player_ids))
        if not ids:
            return {}
        async with translated("display names"):
            pipe = self.client.pipeline(transaction=False)
            for player_id in ids:
                pipe.get(display_name_key(player_id, self.prefix))
            values = await pipe.execute()
        return {
            player_id: bytes(value).decode()
            for player_id, value in zip(ids, values, strict=True)
            if value is not None
        }
