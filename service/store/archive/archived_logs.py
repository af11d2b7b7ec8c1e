"""Reads of a game's log that fall through to the archive (architecture §5f, issue 31).

An archived game's Redis keys are removed when it is sealed (`service.features.archive`); only its
index entry (`bs:{<gameId>}:archived`) and its row of the cross-game index stay. `LogReads`, the
log reads of the event store (`read`, `version`, `meta`), is the one place that notices: when
Redis holds no log for a game, it asks `archived` (`ArchivedLogs`, the archive's reader, wired by
`service.composition`) for the game's verified events and metadata. Every reader above the store
(the loader, events paging, streams, exports, forks, pictures) is unchanged: an archived game
reads as the finished game it was. Redis stays the authority: while a game's log is there (an
archived game whose keys are not removed yet, or restored), the archive is never read.

Writes do not fall through: an append to an archived game finds no log (`GameNotFound`), but
every write loads the game first, finds it ended and refuses it with `GAME_FINISHED`. Seat
token hashes do (`token_hash`): the archive keeps them, so a seat token is accepted where it
was before the game was archived.

What the archive cannot serve keeps its meaning for clients: an object that does not verify is
`CorruptEntry` (`LOG_DIVERGED`), a missing one `ArchivedLogMissing`, one over the limits
`ArchivedLogTooLarge`, an object store that does not answer in time `StoreUnavailable`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import ClassVar, Protocol, TypeVar

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.contract.archive_codes import ARCHIVED_LOG_MISSING, ARCHIVED_LOG_TOO_LARGE
from boardstate.service.store import codec
from boardstate.service.store.base import StoredEvent
from boardstate.service.store.keys import GameKeys, is_valid_game_id

T = TypeVar("T")


class ArchivedLogMissing(LookupError):
    """An archived game's index entry names an object its object store does not have."""

    code: ClassVar[str] = ARCHIVED_LOG_MISSING


class ArchivedLogTooLarge(ValueError):
    """An archived game's object (or its log) is over the limits of this process's reads."""

    code: ClassVar[str] = ARCHIVED_LOG_TOO_LARGE


class ArchivedLogs(Protocol):
    """What the store asks the archive about a game whose log is not in Redis."""

    async def length(self, game_id: str) -> int | None:
        """Returns the number of events of an archived game (from its index entry), or None
        when it is not archived."""

    async def events(self, game_id: str) -> list[StoredEvent] | None:
        """Returns an archived game's verified events, or None when it is not archived; raises
        `CorruptEntry` when its object does not verify, `ArchivedLogMissing` when it is not
        there, `ArchivedLogTooLarge` when it is over the limits, `StoreUnavailable` when the
        object store cannot serve in time."""

    async def meta(self, game_id: str) -> dict[str, str] | None:
        """Returns an archived game's metadata as the store kept it (type, players, status,
        times, seed), or None when it is not archived."""

    async def token_hash(self, game_id: str, seat: int) -> str | None:
        """Returns the token hash an archived game's seat had, or None (no token, not
        archived, or archived before token hashes were kept)."""


class LogReads:
    """The log reads of the event store (mixed into `RedisEventStore`), archive included."""

    client: Redis | RedisCluster
    archived: ArchivedLogs | None = None
    """The archive's reader; None: games whose log is not in Redis do not exist."""

    def keys(self, game_id: str) -> GameKeys:
        raise NotImplementedError

    async def _read(self, what: str, call: Callable[[], Awaitable[T]]) -> T:
        raise NotImplementedError

    async def _gone(self, game_id: str) -> bool:
        """Tells whether the archive must answer for the game: its log is not in Redis."""
        if self.archived is None:
            return False
        log = self.keys(game_id).log
        return not await self._read(f"exists {game_id}", lambda: self.client.exists(log))

    async def archived_token_hash(self, game_id: str, seat: int) -> str | None:
        """Returns the token hash of a seat of an archived game whose log is gone, or None."""
        if self.archived is None or not await self._gone(game_id):
            return None
        return await self.archived.token_hash(game_id, seat)

    async def read(
        self, game_id: str, after: int = 0, limit: int | None = None
    ) -> list[StoredEvent]:
        """Returns events with version > `after`, oldest first, at most `limit`."""
        if not is_valid_game_id(game_id) or (limit is not None and limit <= 0):
            return []
        log = self.keys(game_id).log
        start = codec.entry_id(max(after, 0) + 1)
        entries = await self._read(
            f"read {game_id}", lambda: self.client.xrange(log, start, "+", count=limit)
        )
        if not entries and self.archived is not None and await self._gone(game_id):
            archived = await self.archived.events(game_id) or []
            first = max(after, 0)
            return archived[first : None if limit is None else first + limit]
        return [codec.decode_entry(raw_id, fields) for raw_id, fields in entries or []]

    async def version(self, game_id: str) -> int:
        """Returns the number of events in the log (0 when the game does not exist)."""
        if not is_valid_game_id(game_id):
            return 0
        log = self.keys(game_id).log
        length = int(await self._read(f"version {game_id}", lambda: self.client.xlen(log)))
        if length == 0 and self.archived is not None:
            return await self.archived.length(game_id) or 0
        return length

    async def meta(self, game_id: str) -> dict[str, str] | None:
        """Returns the game's metadata, or None when the game does not exist."""
        if not is_valid_game_id(game_id):
            return None
        meta, log = self.keys(game_id).meta, self.keys(game_id).log
        raw = await self._read(f"meta {game_id}", lambda: self.client.hgetall(meta))
        if not raw and not await self._read(f"version {game_id}", lambda: self.client.xlen(log)):
            return None if self.archived is None else await self.archived.meta(game_id)
        # created between the two reads: its meta (written with the first event) is there now
        raw = raw or await self._read(f"meta {game_id}", lambda: self.client.hgetall(meta))
        return {codec.as_text(k): codec.as_text(v) for k, v in raw.items()}
