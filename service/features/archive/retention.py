"""Deleting archived games older than `BOARDSTATE_ARCHIVE_RETENTION_DAYS` (issue 31).

`prune` goes through the store's objects; an object whose game's index entry says it ended
more than `days` ago is deleted, in this order, each step safe to repeat:

1. **record**: an entry on the Redis stream `player_keys.archive_deletions_key` (game id,
   object name, digest, size, end, deletion time, reason) — before anything goes, so no
   deletion is ever unrecorded (a crash after it records the game again on the next run);
2. **object**: the archived log is deleted from the object store;
3. **entry**: the game's index entry (and its analysis, if it has one) and its row of the
   cross-game index are deleted, so the service answers `GAME_NOT_FOUND` for it.

The record is kept in Redis, not in the object store: the audit trail is read with one
`XRANGE` (`boardstate archive deletions`), it is not a game object (`verify` and the readers
list only games) and a bucket lifecycle rule or an operator emptying a prefix cannot remove it
along with the data it accounts for. It is never trimmed (about 300 bytes a deleted game).
Objects with no entry (a run that crashed before its seal) are left to the archiver.
"""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import unquote

import structlog

from boardstate.service.features.archive.archive_metrics import ArchiveMetrics
from boardstate.service.features.archive.entry import IndexEntry
from boardstate.service.store import RedisEventStore, codec
from boardstate.service.store.archive.archive_entries import ArchiveEntries
from boardstate.service.store.archive.objects import ObjectStore
from boardstate.service.store.index import RedisIndex
from boardstate.service.store.keys import GameKeys
from boardstate.service.store.players.player_keys import archive_deletions_key

log = structlog.get_logger("boardstate.retention")


def game_of(name: str) -> str:
    """Returns the game id an object name holds (`packing.object_name`)."""
    return unquote(name.rsplit("/", 1)[-1].split(".", 1)[0])


@dataclasses.dataclass(frozen=True, slots=True)
class Retention:
    """Deletes the archived games of `events`' index from `objects` after `days`."""

    events: RedisEventStore
    objects: ObjectStore
    days: int
    metrics: ArchiveMetrics = dataclasses.field(default_factory=ArchiveMetrics)

    @property
    def stream(self) -> str:
        return archive_deletions_key(self.events.prefix)

    async def prune(self, now: datetime) -> list[str]:
        """Deletes every archived game ended more than `days` before `now`; returns their ids."""
        if self.days <= 0:
            return []
        entries = ArchiveEntries(self.events.client, self.events.prefix)
        cutoff, deleted = now - timedelta(days=self.days), []
        for name in await self.objects.list():
            game_id = game_of(name)
            raw = await entries.entry(game_id)
            if raw is None:
                continue
            entry = IndexEntry.decode(raw)
            if entry.name != name or datetime.fromisoformat(entry.ended_at) > cutoff:
                continue
            await self._delete(entries, game_id, entry, now)
            deleted.append(game_id)
        return deleted

    async def _delete(
        self, entries: ArchiveEntries, game_id: str, entry: IndexEntry, now: datetime
    ) -> None:
        record: dict[str | bytes | bytearray | memoryview[int] | int | float, Any] = {
            "gameId": game_id,
            "object": entry.name,
            "digest": entry.digest,
            "bytes": str(entry.size),
            "endedAt": entry.ended_at,
            "deletedAt": now.isoformat(),
            "reason": f"retention {self.days} days",
        }
        await self.events.client.xadd(self.stream, record)
        await self.objects.delete(entry.name)
        await self.events.client.delete(
            entries.keys(game_id)[0], GameKeys.of(game_id, self.events.prefix).analysis
        )
        await RedisIndex(self.events.client, self.events.prefix).drop(game_id)
        self.metrics.deleted.inc()
        log.info("archive_deleted", game_id=game_id, name=entry.name)

    async def deletions(self, count: int = 10_000) -> list[dict[str, str]]:
        """Returns the deletion records, oldest first."""
        rows = await self.events.client.xrange(self.stream, count=count) or []
        return [
            {codec.as_text(k): codec.as_text(v) for k, v in (fields or {}).items()}
            for _, fields in rows
        ]
