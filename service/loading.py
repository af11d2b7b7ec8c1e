"""Loading games: an LRU cache of folded records that catches up with one read per request.

A cached record at version v is brought up to date with one `store.read(game_id, after=v)`, so
the cost of loading the current version does not grow with the log. Past versions are folded
from the log. Token hashes never change once set, so they are cached too.
"""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from collections.abc import Iterator

import structlog

from schema.codes import APPEND_UNCERTAIN, BAD_CURSOR, BAD_VERSION, STORE_UNAVAILABLE, ApiError
from schema.codes import retryable as retryable_error
from service.metrics import Metrics
from service.records import GameRecord, fold, start_record
from service.store import (
    AppendUncertain,
    EventStore,
    GameSummary,
    IndexContended,
    InvalidCursor,
    StoreUnavailable,
    is_valid_game_id,
)

log = structlog.get_logger("boardstate.loading")

SEED_FIELD = "seed"
"""The meta field holding the secret seed (never exposed before `GameEnded`)."""


@contextlib.contextmanager
def store_errors() -> Iterator[None]:
    """Turns store failures into retryable API errors with a clear code."""
    try:
        yield
    except AppendUncertain:
        raise retryable_error(
            APPEND_UNCERTAIN,
            "the store did not confirm the write; it may or may not have been recorded. "
            "Retry with the same moveId: a recorded move is then returned, not repeated.",
        ) from None
    except StoreUnavailable:
        raise retryable_error(
            STORE_UNAVAILABLE, "the game store is unavailable; nothing was recorded; retry later"
        ) from None
    except InvalidCursor as exc:
        raise ApiError(BAD_CURSOR, f"invalid cursor: {exc}") from None


class GameLoader:
    """Loads game records through the cache."""

    def __init__(self, store: EventStore, metrics: Metrics, cache_size: int) -> None:
        self.store = store
        self.metrics = metrics
        self.cache_size = cache_size
        self._records: OrderedDict[str, GameRecord] = OrderedDict()
        self._tokens: OrderedDict[str, dict[int, str]] = OrderedDict()

    async def load(self, game_id: str) -> GameRecord | None:
        """Returns the game at its current version, or None when it does not exist."""
        if not is_valid_game_id(game_id):
            return None
        cached = self._records.get(game_id)
        if cached is not None:
            self.metrics.cache_hits.inc()
            record = fold(cached, await self.store.read(game_id, after=cached.version))
        else:
            self.metrics.cache_misses.inc()
            meta = await self.store.meta(game_id)
            if meta is None or SEED_FIELD not in meta:
                return None
            events = await self.store.read(game_id)
            if not events:
                return None
            record = fold(start_record(game_id, events[0], meta[SEED_FIELD]), events[1:])
        self.remember(record)
        return record

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
        """Returns the game at `version` (1..current), folded from its log."""
        if version is None or version == current.version:
            return current
        if not 1 <= version <= current.version:
            raise ApiError(BAD_VERSION, f"version must be 1..{current.version}, not {version}")
        events = await self.store.read(current.game_id, after=0, limit=version)
        first = start_record(current.game_id, events[0], current.seed)
        return fold(first, events[1:version])

    async def token_hash(self, game_id: str, seat: int) -> str | None:
        """Returns the stored token hash of a seat (cached once known)."""
        known = self._tokens.get(game_id)
        if known is not None and seat in known:
            self._tokens.move_to_end(game_id)
            return known[seat]
        stored = await self.store.seat_token_hash(game_id, seat)
        if stored is not None:
            self.remember_token(game_id, seat, stored)
        return stored

    def remember_token(self, game_id: str, seat: int, stored_hash: str) -> None:
        """Caches a seat's token hash."""
        if self.cache_size <= 0:
            return
        self._tokens.setdefault(game_id, {})[seat] = stored_hash
        self._tokens.move_to_end(game_id)
        while len(self._tokens) > self.cache_size:
            self._tokens.popitem(last=False)

    async def index(self, record: GameRecord) -> None:
        """Writes the game's index row; a failure is logged (the index may lag and be rebuilt)."""
        created_at = str(record.created["createdAt"])
        summary = GameSummary(record.game_id, record.rules.info.id, record.status, created_at)
        try:
            await self.store.index_put(summary)
        except (StoreUnavailable, IndexContended) as exc:
            log.warning("index_put_failed", game_id=record.game_id, error=str(exc))
