"""Loading games: an LRU cache of folded records that catches up with one read per request.

A cached record at version v is brought up to date with one `store.read(game_id, after=v - 1)`
(which re-reads event v to check the cache still matches the log), so the cost of loading the
current version does not grow with the log. Moves skip that read (`cached`): their append checks
the version and the stateHash at it atomically (`service.features.moves.referee`). Any other version
(and a game not in the cache) is folded from the latest snapshot at or before it, verified against
the log's stateHash there (`service.features.moves.snapshot_writer`), plus at most `snapshot_every`
events: that cost does not grow with the log either. A past version with an in-memory checkpoint
below it (`service.features.moves.checkpoints`, every 8 versions, checked against the log's
stateHash when used) folds under 8 events from it instead. The loader also holds the seats' token
hashes (`seat_access.SeatTokens`) and the player tokens' verifier the seat checks use.

Folds are checked (`service.history.integrity`): every event up to the current version, the served
version's hash for a past one. A log that does not reproduce its stateHashes, or whose rules
are not available, is refused with `LOG_DIVERGED` / `RULES_UNAVAILABLE` and an error log line,
never served.
"""

from __future__ import annotations

import dataclasses
from collections import OrderedDict
from collections.abc import Sequence

import structlog

from boardstate.service.contract.codes import BAD_VERSION, ApiError
from boardstate.service.failures import StoreUnavailable
from boardstate.service.features.moves import snapshot_writer
from boardstate.service.features.moves.checkpoints import Checkpoints
from boardstate.service.features.moves.seat_access import SeatTokens
from boardstate.service.history.integrity import (
    APPLY_ERRORS,
    apply_checked,
    fold_to_checked,
    start_checked,
)
from boardstate.service.inputs import is_game_id
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import opening
from boardstate.service.metrics import Metrics
from boardstate.service.runtime.offload import INLINE_EVENTS, off_loop
from boardstate.service.runtime.player_tokens import PlayerTokens
from boardstate.service.store import (
    EventStore,
    GameSummary,
    IndexContended,
    StoredEvent,
)

log = structlog.get_logger("boardstate.loading")

SEED_FIELD = "seed"
"""The meta field holding the secret seed (never exposed before `GameEnded`)."""


def _folded(
    record: GameRecord, events: Sequence[StoredEvent], every_event: bool
) -> list[GameRecord]:
    """Returns the records after each event (checked: every one, or only the last)."""
    if not every_event:
        return fold_to_checked(record, events)
    passed = []
    for event in events:
        record = apply_checked(record, event)
        passed.append(record)
    return passed


class GameLoader:
    """Loads game records through the cache."""

    identity: PlayerTokens | None = None
    """Verifies player tokens (`moves.seat_access`)."""

    def __init__(
        self, store: EventStore, metrics: Metrics, cache_size: int, snapshot_every: int = 0
    ) -> None:
        self.store = store
        self.metrics = metrics
        self.cache_size = cache_size
        self.snapshot_every = snapshot_every
        self.snapshots = snapshot_writer.SnapshotWriter(store, snapshot_every)
        self.checkpoints = Checkpoints()
        self.seat_tokens = SeatTokens(store, cache_size)
        self._records: OrderedDict[str, GameRecord] = OrderedDict()

    async def load(self, game_id: str) -> GameRecord | None:
        """Returns the game at its current version, or None when it does not exist."""
        if not is_game_id(game_id):
            return None  # strict: the form of the ids the service makes (never sent to Redis)
        cached = self._records.get(game_id)
        if cached is not None:
            self.metrics.cache_hits.inc()
            # Read from the cached head on: if the log no longer holds that very event (a Redis
            # failover lost it after this process saw it), the cache is dropped and refolded.
            tail = await self.store.read(game_id, after=cached.version - 1)
            head = tail[0] if tail else None
            if head is None or head.version != cached.version:
                return await self._reload(game_id, cached)
            if head.state_hash != cached.state_hash():
                return await self._reload(game_id, cached)
            record = await self._fold(cached, tail[1:])
        else:
            self.metrics.cache_misses.inc()
            meta = await self.store.meta(game_id)
            if meta is None or SEED_FIELD not in meta:
                return None
            first = await self.store.read(game_id, limit=1)
            if not first:
                return None
            proto = start_checked(game_id, first[0], meta[SEED_FIELD])
            proto = dataclasses.replace(proto, imported=meta.get("imported") == "1")
            record = await self._from_snapshot(proto, None)
        self.remember(record)
        return record

    async def _from_snapshot(self, proto: GameRecord, version: int | None) -> GameRecord:
        """Folds the game (`proto`: its record at version 1) up to `version` (None: all) from
        the latest verified snapshot at or before it, else from the log's start."""
        game_id = proto.game_id
        found = await self.store.snapshot_before(game_id, version or 2**62)
        if found is not None and found[0] > 1:
            try:
                base = snapshot_writer.decode(proto, found[1])
            except APPLY_ERRORS as exc:
                log.warning("snapshot_skipped", game_id=game_id, version=found[0], reason=str(exc))
            else:
                limit = None if version is None else version - base.version + 1
                events = await self.store.read(game_id, after=base.version - 1, limit=limit)
                head = events[0] if events else None
                same = head is not None and head.version == base.version == found[0]
                if same and head is not None and head.state_hash == base.state_hash():
                    return await self._fold(base, events[1:], every_event=version is None)
                log.warning(
                    "snapshot_skipped", game_id=game_id, version=found[0], reason="not the log's"
                )
        limit = None if version is None else version - 1
        events = await self.store.read(game_id, after=1, limit=limit)
        return await self._fold(proto, events, every_event=version is None)

    async def _fold(
        self, record: GameRecord, events: Sequence[StoredEvent], every_event: bool = True
    ) -> GameRecord:
        """Folds `events` checked (each one, or the last: `service.history.integrity`); a long fold
        runs off the event loop (`service.runtime.offload`) and stores the snapshots it passed
        (backfill; they are verified when read)."""
        start = record.version
        if len(events) <= INLINE_EVENTS:
            passed = _folded(record, events, every_event)
        else:
            passed = await off_loop(_folded, record, events, every_event)
        if not passed:
            return record
        self.checkpoints.passed(passed)
        record = passed[-1]
        if len(events) > self.snapshot_every:
            await self.snapshots.save(snapshot_writer.due(start, passed, self.snapshot_every))
        return record

    async def _reload(self, game_id: str, stale: GameRecord) -> GameRecord | None:
        """Forgets a cached record the log contradicts and loads the game from the log."""
        self.forget(stale)
        return await self.load(game_id)

    def cached(self, game_id: str) -> GameRecord | None:
        """Returns the cached record of a game as it is (possibly behind the log), or None."""
        return self._records.get(game_id)

    def forget(self, stale: GameRecord) -> None:
        """Drops a cached record the log contradicts (e.g. a failover lost its last events)."""
        log.warning("cache_diverged_from_log", game_id=stale.game_id, cached_version=stale.version)
        self._records.pop(stale.game_id, None)
        self.checkpoints.forget(stale.game_id)

    async def appended(
        self, before: GameRecord, after: GameRecord, events: Sequence[StoredEvent]
    ) -> None:
        """After an accepted append of `events` (taking `before` to `after`): caches `after`,
        keeps a checkpoint and stores the snapshots when the append crossed a multiple of their
        period, and writes the index row when the status changed."""
        self.remember(after)
        every = self.checkpoints.every
        if before.version // every != after.version // every:
            self.checkpoints.keep([after])
        every = self.snapshot_every
        if every > 0 and before.version // every != after.version // every:
            await self.snapshots.after_append(before, events, after)
        if after.status != before.status:
            await self.index(after)

    def remember(self, record: GameRecord) -> None:
        """Caches `record` unless a newer one of the same game is cached."""
        if self.cache_size <= 0:
            return
        cached = self._records.get(record.game_id)
        if cached is None or cached.version <= record.version:
            self._records[record.game_id] = record
        self._records.move_to_end(record.game_id)
        while len(self._records) > self.cache_size:
            self._records.popitem(last=False)

    async def at_version(self, current: GameRecord, version: int | None) -> GameRecord:
        """Returns the game at `version` (1..current): from a snapshot plus a short fold."""
        if version is None or version == current.version:
            return current
        if not 1 <= version <= current.version:
            raise ApiError(BAD_VERSION, f"version must be 1..{current.version}, not {version}")
        proto = opening(current)  # version 1: nothing of the later table, seats or state
        if version == 1:
            return proto
        base = self.checkpoints.nearest(current.game_id, version)
        if base is not None and (found := await self._from_checkpoint(base, version)) is not None:
            return found
        return await self._from_snapshot(proto, version)

    async def _from_checkpoint(self, base: GameRecord, version: int) -> GameRecord | None:
        """Folds from a checkpoint to `version` if the log's stateHash at the checkpoint is its
        own (else drops it and returns None); the served version's hash is checked."""
        game_id = base.game_id
        events = await self.store.read(
            game_id, after=base.version - 1, limit=version - base.version + 1
        )
        head = events[0] if events else None
        if head is None or head.version != base.version or head.state_hash != base.state_hash():
            log.warning("checkpoint_skipped", game_id=game_id, version=base.version)
            self.checkpoints.drop(game_id, base.version)
            return None
        return await self._fold(base, events[1:], every_event=False)

    async def index(self, record: GameRecord) -> None:
        """Writes the game's index row; a failure is logged (the index may lag and be rebuilt)."""
        created_at = str(record.created["createdAt"])
        players = tuple(name for name in record.seats if name is not None)
        summary = GameSummary(
            record.game_id, record.rules.info.id, record.status, created_at, players
        )
        try:
            await self.store.index_put(summary)
        except (StoreUnavailable, IndexContended) as exc:
            log.warning("index_put_failed", game_id=record.game_id, error=str(exc))
