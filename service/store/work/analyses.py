"""Finished games' analyses (issue 42): one blob per game at `bs:{<gameId>}:analysis`.

The blob is the analysis as JSON (`service.features.bots.analysis`), written once it is
computed and never changed: an analysis is a function of the finished log and the analysis
budget, so writing it twice writes the same bytes. It sits in the game's slot beside its log and
stays when the archive removes the log (the seal deletes only the log's own keys), as the
archive's index entry does: an archived game keeps its analysis.
"""

from __future__ import annotations

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.store.keys import DEFAULT_PREFIX, GameKeys, is_valid_game_id
from boardstate.service.store.redis_errors import translated


class RedisAnalyses:
    """Gets and puts analysis blobs."""

    def __init__(self, client: Redis | RedisCluster, prefix: str = DEFAULT_PREFIX) -> None:
        self.client = client
        self.prefix = prefix

    async def get(self, game_id: str) -> bytes | None:
        """The analysis of `game_id`, or None."""
        if not is_valid_game_id(game_id):
            return None
        async with translated("analysis read"):
            blob = await self.client.get(GameKeys.of(game_id, self.prefix).analysis)
        if blob is None:
            return None
        return blob.encode() if isinstance(blob, str) else bytes(blob)

    async def put(self, game_id: str, blob: bytes) -> None:
        """Keeps the analysis of `game_id`."""
        async with translated("analysis write"):
            await self.client.set(GameKeys.of(game_id, self.prefix).analysis, blob)
