"""Moving one finished game from Redis to the archive (architecture §5f, issue 31).

A game is closed for good when its log ends with `GameEnded` (the append script refuses every
later append: `append.lua`, 'ended'), its announcements are relayed (its outbox is empty, so no
late webhook reads it from Redis) and `grace` has passed since its end (readers that just saw it
end keep fast reads). The steps, each safe to repeat:

1. **claim**: the game's lease (`SET NX PX`), so several replicas never work on one game;
2. **read**: the whole log from Redis, checked closed as above;
3. **put**: the compressed log written under its content-addressed name (writing it again
   after a crash writes the same bytes under the same name: no duplicate);
4. **verify**: the object read back, checked against its name and verified whole;
5. **seal**: one script in the game's slot checks the lease and the log's length, writes the
   index entry and, only if `remove`, deletes the game's keys.

A crash between two steps leaves the lease to expire (`lease_ms`); the next run starts over at
step 1 and ends at the same object and entry. Removal is asked by the settings
(`BOARDSTATE_ARCHIVE_REMOVE`, on by default): the store's reads fall through to the archive once
a game's log is gone (`service.store.archive.archived_logs`); its index entry and its row of the
cross-game index stay in Redis, so lists and filters still find it.
"""

from __future__ import annotations

import asyncio
import dataclasses
import enum
import secrets
from datetime import datetime, timedelta

import structlog

from boardstate.engine import registry
from boardstate.service.features.archive import packing
from boardstate.service.features.archive.archive_metrics import ArchiveMetrics
from boardstate.service.features.archive.entry import entry_of
from boardstate.service.features.archive.place import ArchiveStoreMismatch
from boardstate.service.log.record_model import GAME_ENDED
from boardstate.service.store import RedisEventStore, StoredEvent
from boardstate.service.store.archive.archive_entries import ArchiveEntries, Sealed
from boardstate.service.store.archive.objects import ObjectStore

log = structlog.get_logger("boardstate.archiver")
STEPS = ("claim", "read", "put", "verify", "seal")
LEASE_MS = 5 * 60 * 1000


class Outcome(enum.Enum):
    """What `Archiver.archive` did with one game."""

    ARCHIVED = "archived"
    LEASED = "leased"
    """Another replica holds the game's lease."""
    WAITING = "waiting"
    """The game has not ended, its grace has not passed, its outbox is not relayed, or its
    type is served by no installed package."""
    GONE = "gone"
    """The game's log is not in Redis (already archived and removed, or no such game)."""
    ALREADY = "already"
    """The game's entry is written already (and, with `remove`, its log is gone)."""
    STOPPED = "stopped"
    """Stopped after the step asked (`until`), as a crash there would."""
    FAILED = "failed"
    """A step failed (the store, Redis, or the object did not verify): the next run retries."""


@dataclasses.dataclass(frozen=True, slots=True)
class Archiver:
    """Archives games of `events` (Redis) into `objects`."""

    events: RedisEventStore
    objects: ObjectStore
    grace: timedelta
    remove: bool = False
    lease_ms: int = LEASE_MS
    metrics: ArchiveMetrics = dataclasses.field(default_factory=ArchiveMetrics)

    @property
    def entries(self) -> ArchiveEntries:
        return ArchiveEntries(self.events.client, self.events.prefix)

    async def archive(self, game_id: str, now: datetime, until: str | None = None) -> Outcome:
        """Archives one game (see the module docstring); `until` (a name of `STEPS`) stops
        after that step without releasing the lease, as a crash would."""
        entries, token = self.entries, secrets.token_hex(16)
        if not await entries.claim(game_id, token, self.lease_ms):
            return Outcome.LEASED
        if until == "claim":
            return Outcome.STOPPED
        try:
            return await self._steps(entries, game_id, token, now, until)
        finally:
            if until is None:
                await entries.release(game_id, token)

    async def _steps(
        self, entries: ArchiveEntries, game_id: str, token: str, now: datetime, until: str | None
    ) -> Outcome:
        if await entries.entry(game_id) is not None and not self.remove:
            return Outcome.ALREADY  # another replica sealed it since this one listed it
        events = await self.events.read(game_id)
        if not events:
            return Outcome.GONE
        if not self._closed(events, now) or not await self._relayed(game_id):
            return Outcome.WAITING
        if until == "read":
            return Outcome.STOPPED
        game_type = str(events[0].data.get("gameType", "?"))
        if game_type not in registry.GAMES:  # its package is gone: archived once it is back
            log.warning("archive_waits_for_package", game_id=game_id, game_type=game_type)
            return Outcome.WAITING
        summary = await entries.summary(game_id)
        packed = await asyncio.to_thread(packing.pack, game_id, game_type, events)
        self._check_size(packed)
        await self.objects.put(packed.name, packed.data)
        if until == "put":
            return Outcome.STOPPED
        stored = await self.objects.get(packed.name)
        if stored is None:
            raise packing.ArchiveUnverified(f"{packed.name}: missing right after it was written")
        archived = await asyncio.to_thread(
            packing.verified, game_id, packed.name, stored, packed.log_bytes
        )
        if archived != events:
            raise packing.ArchiveUnverified(f"{packed.name}: differs from the log in Redis")
        if until == "verify":
            return Outcome.STOPPED
        players = summary.players if summary is not None else ()
        tokens = await entries.token_hashes(game_id)
        entry = entry_of(
            packed.name, packed.digest, len(stored), events, players, packed.log_bytes, tokens
        )
        sealed = await entries.seal(game_id, token, entry.encode(), len(events), self.remove)
        if sealed is not Sealed.SEALED:
            log.warning("archive_not_sealed", game_id=game_id, reason=sealed.value)
            return Outcome.LEASED if sealed is Sealed.LEASE else Outcome.WAITING
        log.info("archived", game_id=game_id, name=packed.name, bytes=len(stored))
        self.metrics.archived.inc()
        self.metrics.bytes.inc(len(stored))
        return Outcome.ARCHIVED

    def _check_size(self, packed: packing.Packed) -> None:
        """Refuses a game whose object readers would refuse (it stays in Redis, readable)."""
        limit = self.objects.limits.max_bytes
        if len(packed.data) > limit or packed.log_bytes > packing.MAX_LOG_BYTES:
            raise packing.ArchiveTooLarge(
                f"{packed.name}: {len(packed.data)} bytes ({packed.log_bytes} uncompressed), "
                f"over the limits of {limit} (BOARDSTATE_ARCHIVE_MAX_OBJECT_BYTES) and "
                f"{packing.MAX_LOG_BYTES}: the game stays in Redis"
            )

    def _closed(self, events: list[StoredEvent], now: datetime) -> bool:
        if events[-1].type != GAME_ENDED:
            return False
        return datetime.fromisoformat(events[-1].at) + self.grace <= now

    async def _relayed(self, game_id: str) -> bool:
        outbox = self.events.keys(game_id).outbox
        return not await self.events.client.xlen(outbox)

    async def run(self, now: datetime, limit: int = 1000) -> dict[Outcome, int]:
        """Archives up to `limit` games waiting for it, one after the other; returns how many
        ended how."""
        counts: dict[Outcome, int] = {}
        for game_id in await self.entries.pending(limit, self.remove):
            try:
                outcome = await self.archive(game_id, now)
            except ArchiveStoreMismatch:
                raise  # not this game's failure: no game can be archived into this store
            except Exception as exc:  # one game's failure must not stop the run
                log.error("archive_failed", game_id=game_id, error=repr(exc))
                self.metrics.failures.inc()
                outcome = Outcome.FAILED
            counts[outcome] = counts.get(outcome, 0) + 1
        return counts
