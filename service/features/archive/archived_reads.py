"""The archive's side of the store's fall-through (`service.store.archive.archived_logs`): an
archived game's events and metadata, read through `ArchiveReader` (verified, cached by size).

`attach` wires it into the event store (`service.composition.build_service`), so every read of
the service finds archived games where Redis no longer has them. Failures keep their meaning
for clients: an object that does not verify is `CorruptEntry` (`LOG_DIVERGED`: the game cannot
be served); one missing although the index entry names it, or an archive store that is not
the deployment's (`features.archive.place`), is `ArchivedLogMissing` (`ARCHIVED_LOG_MISSING`:
it is elsewhere, nothing says it is corrupt); one over the read limits
`ArchivedLogTooLarge` (`ARCHIVED_LOG_TOO_LARGE`); an object store that cannot serve in time, or
a name that is not a regular file, `StoreUnavailable` (retryable). Each is counted by outcome
(`ArchiveReadMetrics`, `boardstate_archive_object_reads_total`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import structlog
from botocore.exceptions import BotoCoreError, ClientError
from prometheus_client import CollectorRegistry

from boardstate.service.features.archive import packing
from boardstate.service.features.archive.archive_metrics import ArchiveReadMetrics
from boardstate.service.features.archive.place import ArchiveStoreMismatch
from boardstate.service.features.archive.reader import (
    ArchiveReader,
    NotArchived,
    ObjectMissing,
    meta_of,
)
from boardstate.service.features.archive.stores import object_store
from boardstate.service.settings import Settings
from boardstate.service.store import (
    CorruptEntry,
    EventStore,
    RedisEventStore,
    StoredEvent,
    StoreUnavailable,
)
from boardstate.service.store.archive.archived_logs import (
    ArchivedLogMissing,
    ArchivedLogs,
    ArchivedLogTooLarge,
)
from boardstate.service.store.archive.object_reads import ObjectTooLarge
from boardstate.service.store.archive.objects import ObjectStore
from boardstate.service.store.redis_errors import translated

log = structlog.get_logger("boardstate.archive")


@contextlib.contextmanager
def _object_errors(game_id: str) -> Iterator[None]:
    try:
        yield
    except ObjectMissing as exc:
        log.error("archived_object_missing", game_id=game_id, object=exc.name)
        raise ArchivedLogMissing(f"archived game {game_id}: {exc}") from None
    except ArchiveStoreMismatch as exc:  # logged by the place; the log is not where it looks
        raise ArchivedLogMissing(f"archived game {game_id}: {exc}") from exc
    except (ObjectTooLarge, packing.ArchiveTooLarge) as exc:
        log.error("archived_object_too_large", game_id=game_id, error=str(exc))
        raise ArchivedLogTooLarge(f"archived game {game_id}: {exc}") from None
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

    async def token_hash(self, game_id: str, seat: int) -> str | None:
        async with translated(f"archive entry {game_id}"):
            entry = await self.reader.entry(game_id)
        hashes = () if entry is None else entry.token_hashes or ()
        return hashes[seat] if 0 <= seat < len(hashes) else None


def attach(
    store: EventStore,
    settings: Settings,
    registry: CollectorRegistry | None = None,
    objects: ObjectStore | None = None,
) -> ArchiveReader | None:
    """Makes `store` read archived games from `objects` (default: the archive the settings
    name; the service passes the deployment's, `features.archive.place`); a store other than
    `RedisEventStore` keeps no archive. Returns the reader, its metrics on `registry`."""
    if not isinstance(store, RedisEventStore):
        return None
    metrics, cache = ArchiveReadMetrics(registry), settings.archive_limits.cache_bytes
    objects = object_store(settings) if objects is None else objects
    reader = ArchiveReader(store, objects, cache, metrics)
    archived: ArchivedLogs = ArchivedReads(reader)
    store.archived = archived
    return reader
