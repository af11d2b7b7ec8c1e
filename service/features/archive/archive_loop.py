"""The archiver as a background loop of the service (issue 31), on when
`BOARDSTATE_ARCHIVE_AFTER` > 0.

Ended games are queued in one sorted set (`player_keys.archive_due_key`, score: the time the
index saw the game end), written by `RedisIndex.put`. Each round reads the games due
(`ZRANGEBYSCORE -inf now-after`), archives them one by one (`Archiver.archive`, whose lease lets
several replicas run the loop at once), unqueues each one archived or gone, sets
`boardstate_archive_lag_seconds` from the oldest game left, then sleeps until the next game
falls due (at most `idle_s`). Idle, a round is two commands (the due games, the oldest one).
With a `retention`, one replica an hour (`SET NX PX` on `archive_pruning_key`) also prunes.
The first replica ever to start the loop (`SET NX` on `archive_backfilled_key`) also queues the
ended games already in the index (`ArchiveEntries.pending`): games that ended before the queue
existed; it reads every ended game once, so no other replica or restart does it again.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from datetime import UTC, datetime

import structlog

from boardstate.service.failures import StoreUnavailable
from boardstate.service.features.archive.archiver import Archiver, Outcome
from boardstate.service.features.archive.place import ArchivePlace, ArchiveStoreMismatch
from boardstate.service.features.archive.retention import Retention
from boardstate.service.runtime import stopping
from boardstate.service.store import codec
from boardstate.service.store.players.player_keys import (
    archive_backfilled_key,
    archive_due_key,
    archive_pruning_key,
)

log = structlog.get_logger("boardstate.archive_loop")
IDLE_S = 60.0
"""The longest sleep between rounds (a game queued by another replica is seen this late)."""
RETRY_S = 15.0
"""The sleep when the oldest game due could not be archived this round."""
BATCH = 100
PRUNE_S = 3600.0
"""How often one replica (the lease's holder) deletes games past their retention."""
DONE = (Outcome.ARCHIVED, Outcome.ALREADY, Outcome.GONE)
PLACE_EVERY_S = 60.0
"""How often a service checks that the archive's place is still recorded (one `HGETALL`)."""
PLACE_SETTLE_S = 5.0
"""How long a service waits to record or check the archive's place, at its start and when it
records it again (then it goes on; the place is found when the archive is first used)."""


async def keep_place(place: ArchivePlace, every_s: float = PLACE_EVERY_S) -> None:
    """Records the archive's place again whenever Redis lost its record (a Redis restarted
    empty): without it, the next process on its defaults would record a folder of its own, and
    every process on the defaults would follow it there (docs/archive.md)."""
    while True:
        await asyncio.sleep(every_s)
        try:
            lost = (await place.places.read()).location is None
        except StoreUnavailable:
            continue  # Redis away: checked again next time
        if lost:
            log.warning("archive_place_lost")
            await place.settle(PLACE_SETTLE_S)


@dataclasses.dataclass(frozen=True, slots=True)
class ArchiveLoop:
    """Runs `archiver` for ever, quietly when no game is due."""

    archiver: Archiver
    idle_s: float = IDLE_S
    retention: Retention | None = None

    @property
    def due_key(self) -> str:
        return archive_due_key(self.archiver.events.prefix)

    async def backfill(self, limit: int = 10_000) -> int:
        """Queues the index's ended games not archived yet; returns how many."""
        pending = await self.archiver.entries.pending(limit, self.archiver.remove)
        if pending:
            now = time.time()
            since = now - self.archiver.grace.total_seconds()
            await self.archiver.events.client.zadd(
                self.due_key, dict.fromkeys(pending, since), nx=True
            )
        return len(pending)

    async def round(self) -> float:
        """Archives the games due; returns the seconds until the next one falls due."""
        client, after = self.archiver.events.client, self.archiver.grace.total_seconds()
        now = time.time()
        due = await client.zrangebyscore(self.due_key, "-inf", now - after, start=0, num=BATCH)
        for game_id in (codec.as_text(raw) for raw in due if isinstance(raw, bytes | str)):
            if stopping.cancelled():
                return 0.0
            try:
                outcome = await self.archiver.archive(game_id, datetime.now(UTC))
            except ArchiveStoreMismatch:  # logged by the place; no game can be archived now
                self.archiver.metrics.failures.inc()
                return RETRY_S
            except Exception as exc:  # one game's failure must not stop the loop
                log.error("archive_failed", game_id=game_id, error=repr(exc))
                self.archiver.metrics.failures.inc()
                continue
            if outcome in DONE:
                await client.zrem(self.due_key, game_id)
        oldest = await client.zrange(self.due_key, 0, 0, withscores=True)
        if not oldest:
            self.archiver.metrics.lag.set(0)
            return self.idle_s
        due_at = float(oldest[0][1]) + after
        self.archiver.metrics.lag.set(max(0.0, time.time() - due_at))
        if len(due) >= BATCH:
            return 0.0
        wait = due_at - time.time()
        # a game still due (outbox not relayed, lease held elsewhere, failure): retried later
        return min(self.idle_s, wait if wait > 0 else RETRY_S)

    async def prune(self) -> int:
        """Prunes if this replica wins this hour's lease; returns how many games it deleted."""
        if self.retention is None or self.retention.days <= 0:
            return 0
        key = archive_pruning_key(self.archiver.events.prefix)
        if not await self.archiver.events.client.set(key, "1", nx=True, px=int(PRUNE_S * 1000)):
            return 0
        try:
            return len(await self.retention.prune(datetime.now(UTC)))
        except ArchiveStoreMismatch:  # logged by the place: nothing is deleted elsewhere
            return 0

    async def run(self) -> None:
        """Backfills (the first replica ever), then runs rounds until the process stops."""
        marker = archive_backfilled_key(self.archiver.events.prefix)
        first = await self.archiver.events.client.set(marker, "1", nx=True)
        queued = await self.backfill() if first else 0
        log.info("archive_loop_started", backfilled=queued)
        pruned_at = 0.0
        while True:
            if time.monotonic() - pruned_at >= PRUNE_S:
                pruned_at = time.monotonic()
                await self.prune()
            wait = await self.round()
            if stopping.cancelled():
                return
            await asyncio.sleep(wait)
