"""`OpenGameSweeper`: removes the index rows of unstarted games that expired.

An OPEN game's keys expire together `open_game_ttl_seconds` after its creation (the create
script sets the deadline, the append that starts the game removes it: `store/append.lua`), so
Redis deletes the game itself. Its row in the cross-game index lives in another slot and is
removed here: every `interval` seconds each replica pages through the index's OPEN games
created before the deadline and drops the rows of those whose metadata is gone. Replicas may
sweep at once: a row is dropped only as it was read.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import structlog

from boardstate.service.failures import StoreUnavailable
from boardstate.service.store import EventStore
from boardstate.service.store.index import RedisIndex
from boardstate.service.store.redis_errors import translated

log = structlog.get_logger("boardstate.expiry")

PAGE = 200
PAGES_PER_SWEEP = 10


def iso(moment: datetime) -> str:
    """Returns `moment` in the index's createdAt form (`...T13:47:58.123Z`)."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class OpenGameSweeper:
    """Drops index rows of OPEN games whose keys expired."""

    def __init__(self, store: EventStore, index: RedisIndex, ttl_seconds: int) -> None:
        self.store = store
        self.index = index
        self.ttl = timedelta(seconds=ttl_seconds)
        self.interval = min(60.0, max(0.5, ttl_seconds / 4))

    async def sweep(self) -> int:
        """Drops the rows of expired games; returns how many."""
        cutoff = iso(datetime.now(UTC) - self.ttl)
        dropped = 0
        after: str | None = None
        for _ in range(PAGES_PER_SWEEP):
            async with translated("sweep"):
                members = await self.index.open_before(after, cutoff, PAGE)
            for member in members:
                game_id = member.partition("|")[2]
                if await self.store.meta(game_id) is None:
                    async with translated("sweep"):
                        dropped += await self.index.drop(game_id)
            if len(members) < PAGE:
                break
            after = members[-1]
        if dropped:
            log.info("expired_games_unindexed", count=dropped)
        return dropped

    async def run(self) -> None:
        """Sweeps every `interval` seconds until cancelled."""
        while True:
            await asyncio.sleep(self.interval)
            try:
                await self.sweep()
            except StoreUnavailable as exc:
                log.warning("sweep_failed", error=str(exc))
