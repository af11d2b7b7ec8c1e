"""The archive's side of the store's fall-through (`service.store.archived_logs`): an archived
game's events and metadata, read through `ArchiveReader` (verified, cached by size).

`attach` wires it into the event store (`service.composition.build_service`), so every read of
the service finds archived games where Redis no longer has them. Failures keep their meaning
for clients: an object that does not verify, or is missing although the index entry names it,
is `CorruptEntry` (`LOG_DIVERGED`: the game cannot be served), an object store that cannot
serve is `StoreUnavailable` (retryable).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import structlog
from botocore.exceptions import BotoCoreError, ClientError

from boardstate.service.features.archive import packing
from boardstate.service.features.archive.reader import ArchiveReader, NotArchived, meta_of
from boardstate.service.features.archive.stores import object_store
from boardstate.service.settings import Settings
from boardstate.service.store import (
    CorruptEntry,
    EventStore,
    RedisEventStore,
    StoredEvent,
    StoreUnavailable,
)
from boardstate.service.store.archived_logs import ArchivedLogs
from boardstate.service.store.redis_errors import translated

log = structlog.get_logger("boardstate.archive")


@contextlib.contextmanager
def _object_errors(game_id: str) -> Iterator[None]:
    try:
        yield
    except (NotArchived, packing.ArchiveUnverified) as exc:
        log.error("archived_game_unreadable", game_id=game_id, error=str(exc))
        raise CorruptEntry(f"archived game {game_id}: {exc}") from None
    except (OSError, BotoCoreError, ClientError) as exc:
        log.warning("archive_unavailable", game_id=game_id, error=str(exc))
        raise StoreUnavailable(f"archived game {game_id}: the object store: {exc}") from None


class ArchivedReads:
    """`ArchivedLogs` on an `ArchiveReader`."""

    def __init__(self, reader: ArchiveReader) -> None:
        self.reader = reader

    async def length(self, game_id: str) -> int | None:
        async with translated(f"archive entry {game_id}"):
            entry = await self.reader.entry(game_id)
        return None if entry is None else entry.version

    async def events(self, game_id: str) -> list[StoredEvent] | None:
        async with translated(f"archived game {game_id}"):
            if await self.reader.entry(game_id) is None:
                return None
            with _object_errors(game_id):
                return await self.reader.events(game_id)

    async def meta(self, game_id: str) -> dict[str, str] | None:
        async with translated(f"archived game {game_id}"):
            entry = await self.reader.entry(game_id)
            if entry is None:
                return None
            with _object_errors(game_id):
                return meta_of(game_id, entry, await self.reader.events(game_id))


def attach(store: EventStore, settings: Settings) -> ArchiveReader | None:
    """Makes `store` read archived games from the archive the settings name (a store other
    than `RedisEventStore` keeps no archive); returns the reader."""
    if not isinstance(store, RedisEventStore):
        return None
    reader = ArchiveReader(store, object_store(settings), settings.archive_cache_bytes)
    archived: ArchivedLogs = ArchivedReads(reader)
    store.archived = archived
    return reader
