"""Reading archived games back: their verified events (cached by size) and `restore`, which
puts an archived game back into Redis (`boardstate archive restore`).

Every object is checked against its name and verified whole when read (`packing.verified`),
never trusted because it is ours. The cache keeps verified event lists, least recently used
first out, bounded by the compressed bytes they came from times `CACHE_FACTOR` (an estimate of
their size in memory), so a few long games cannot crowd out memory.

A read is bounded at every step: the object store reads at most its `limits.max_bytes` within
its deadline (`service.store.archive.object_reads`), the log is decompressed into at most the length
its entry records (`packing.unpack`), and the verification runs off the event loop in the
CPU pool (`service.runtime.offload`). A failed read keeps nothing: readers of one game share
one fetch while it runs, and the next read after a failure fetches again (so a repaired object
is served at once); only verified events are cached.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict

from botocore.exceptions import ConnectTimeoutError, ReadTimeoutError

from boardstate.service.features.archive import packing
from boardstate.service.features.archive.archive_metrics import ArchiveReadMetrics
from boardstate.service.features.archive.entry import IndexEntry
from boardstate.service.features.archive.place import ArchiveStoreMismatch
from boardstate.service.history.import_identity import identify
from boardstate.service.runtime.offload import off_loop
from boardstate.service.store import RedisEventStore, StoredEvent
from boardstate.service.store.archive.archive_entries import ArchiveEntries
from boardstate.service.store.archive.object_reads import ObjectTooLarge
from boardstate.service.store.archive.objects import ObjectStore

CACHE_FACTOR = 40
"""Memory of a game's events per compressed byte, about (a 10.8 KB Trambahn object, 179
events, is ~0.4 MB of Python objects)."""
DIGEST_FIELD = "importDigest"
"""The meta field of an import's content digest (`service.features.lobby.forks.DIGEST_FIELD`)."""
SEED_FIELD = "seed"
"""The meta field of the seed (`service.features.moves.loader.SEED_FIELD`, which this feature cannot
import)."""


class NotArchived(LookupError):
    """The game has no index entry, or its object is missing (`ObjectMissing`)."""


class ObjectMissing(NotArchived):
    """The game's index entry names an object the object store does not have."""

    def __init__(self, game_id: str, name: str) -> None:
        super().__init__(f"game {game_id}: its object {name} is not in the object store")
        self.name = name


class ArchiveReader:
    """Verified events of archived games, with a cache bounded in bytes."""

    def __init__(
        self,
        events: RedisEventStore,
        objects: ObjectStore,
        cache_bytes: int = 64 << 20,
        metrics: ArchiveReadMetrics | None = None,
    ) -> None:
        self.store = events
        self.objects = objects
        self.metrics = metrics or ArchiveReadMetrics()
        self.entries = ArchiveEntries(events.client, events.prefix)
        self.cache_bytes = cache_bytes
        self._cache: OrderedDict[str, tuple[int, list[StoredEvent]]] = OrderedDict()
        self._held = 0
        self._loading: dict[str, asyncio.Future[list[StoredEvent]]] = {}
        self.fetched = 0
        """Objects fetched and verified (reads the cache did not answer)."""

    async def entry(self, game_id: str) -> IndexEntry | None:
        raw = await self.entries.entry(game_id)
        return None if raw is None else IndexEntry.decode(raw)

    async def events(self, game_id: str) -> list[StoredEvent]:
        """Returns the verified events of an archived game; raises `NotArchived`, or
        `packing.ArchiveUnverified` if its object was tampered with. Readers of one game at
        once share one fetch."""
        cached = self._cache.get(game_id)
        if cached is not None:
            self._cache.move_to_end(game_id)
            return cached[1]
        loading = self._loading.get(game_id)
        if loading is None:
            loading = asyncio.ensure_future(self._fetch(game_id))
            self._loading[game_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(game_id, None))
        return await asyncio.shield(loading)

    async def _fetch(self, game_id: str) -> list[StoredEvent]:
        entry = await self.entry(game_id)
        if entry is None:
            raise NotArchived(f"game {game_id} is not archived")
        try:
            data = await self.objects.get(entry.name)
            if data is None:
                raise ObjectMissing(game_id, entry.name)
            events = await off_loop(packing.verified, game_id, entry.name, data, entry.log_bytes)
        except Exception as exc:
            self.metrics.count(outcome_of(exc))
            raise
        self.metrics.count("ok")
        self.fetched += 1
        self._remember(game_id, len(data) * CACHE_FACTOR, events)
        return events

    def _remember(self, game_id: str, size: int, events: list[StoredEvent]) -> None:
        if size > self.cache_bytes:
            return
        self._cache[game_id] = (size, events)
        self._held += size
        while self._held > self.cache_bytes:
            _, (dropped, _) = self._cache.popitem(last=False)
            self._held -= dropped

    async def restore(self, game_id: str) -> bool:
        """Puts an archived game's log back into Redis with its seat token hashes (entries of
        format 2); returns False if its log is there already. Its service-only metadata (the
        creator) is not archived and stays lost."""
        entry = await self.entry(game_id)
        if entry is None:
            raise NotArchived(f"game {game_id} is not archived")
        if await self.entries.has_log(game_id):
            return False
        events = await self.events(game_id)
        meta = meta_of(game_id, entry, events)
        tokens = [(seat, h) for seat, h in enumerate(entry.token_hashes or ()) if h is not None]
        return await self.store.create(
            game_id, events[0], meta, rest=events[1:], seat_tokens=tokens
        )


def outcome_of(failure: Exception) -> str:
    """The `outcome` label of a failed read (`ArchiveReadMetrics`)."""
    if isinstance(failure, ObjectMissing | ArchiveStoreMismatch):
        return "missing"  # the object, or the deployment's whole store, is not where it looks
    if isinstance(failure, ObjectTooLarge | packing.ArchiveTooLarge):
        return "too_large"
    if isinstance(failure, packing.ArchiveUnverified):
        return "diverged"
    if isinstance(failure, TimeoutError | ConnectTimeoutError | ReadTimeoutError):
        return "timeout"
    return "unavailable"


def meta_of(game_id: str, entry: IndexEntry, events: list[StoredEvent]) -> dict[str, str]:
    """Returns the metadata an archived game had in Redis, as far as its log tells (its creator
    is not archived). An imported game is known by its id, which its log determines
    (`history.import_identity`): it gets back its import flag and digest, so a second import of
    the same log still finds it."""
    created, ended = events[0].data, events[-1].data
    meta = {
        "gameType": entry.game_type,
        "players": str(created.get("players", len(entry.players))),
        "status": entry.status,
        "createdAt": str(created.get("createdAt", entry.created_at)),
        "seededByClient": "1" if created.get("seededByClient") else "0",
        SEED_FIELD: str(ended.get("seed", "")),
        "ended": str(events[-1].version),
    }
    import_id, digest = identify(events)
    if game_id == import_id:
        meta |= {"imported": "1", "seededByClient": "1", DIGEST_FIELD: digest}
    return meta
