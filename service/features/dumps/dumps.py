"""`Dumps`: every ended game of a type over a period, streamed one NDJSON line per game (issue
31, item 5; `docs/archive.md`, "Dumps for analysts").

The games come from the cross-game index (type × status `FINISHED`, then `ABANDONED`, newest
created first), whether still in Redis or archived (reads fall through to the archive); a game is
in the dump when it ended in `[start, end)`, so a dump reads every ended game of its type. One
game is held at a time, so a dump of any length streams in bounded memory. Who may read dumps:
the admin token, or anyone when `BOARDSTATE_DUMPS_PUBLIC=1` (ended games' logs are public
anyway: `GET /v1/games/{id}/log`). At most `CONCURRENT` dumps run at once per process
(`DumpsBusy` past it: `RATE_LIMITED`) and a period is at most `MAX_DAYS` long.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

from boardstate.service.failures import Unauthorized
from boardstate.service.features.dumps.dump_line import dump_line, ended_at
from boardstate.service.features.moves.loader import GameLoader
from boardstate.service.history.log_format import ndjson_line
from boardstate.service.runtime.seat_tokens import admin_needed, admin_token_matches
from boardstate.service.runtime.store_failures import store_errors
from boardstate.service.store import EventStore, StoredEvent

ENDED = ("FINISHED", "ABANDONED")
PAGE = 100
READ_PAGE = 1000
CONCURRENT = 2
MAX_DAYS = 366


class DumpsBusy(Exception):
    """Too many dumps run on this process now."""


class BadPeriod(ValueError):
    """A period that cannot be dumped (its end before its start, or longer than `MAX_DAYS`)."""


class Dumps:
    """Streams dumps of ended games."""

    def __init__(
        self, store: EventStore, loader: GameLoader, admin_token: str | None, public: bool
    ) -> None:
        self.store = store
        self.loader = loader
        self.admin_token = admin_token
        self.public = public
        self.running = asyncio.Semaphore(CONCURRENT)

    def check_access(self, token: str | None) -> None:
        """Raises `Unauthorized` unless dumps are public or `token` is the admin's."""
        if not self.public and not admin_token_matches(self.admin_token, token):
            raise Unauthorized(
                admin_needed("dumps (unless BOARDSTATE_DUMPS_PUBLIC=1) need", self.admin_token)
            )

    async def lines(self, game_type: str, start: datetime, end: datetime) -> AsyncIterator[bytes]:
        """Yields the NDJSON line of every game of `game_type` that ended in `[start, end)`;
        raises `DumpsBusy` before the first line when `CONCURRENT` dumps run already."""
        if end <= start or end - start > timedelta(days=MAX_DAYS):
            raise BadPeriod(f"a period ends after it starts and is at most {MAX_DAYS} days")
        if self.running.locked():
            raise DumpsBusy(f"at most {CONCURRENT} dumps run at once; retry later")
        async with self.running:
            for status in ENDED:
                async for line in self._of_status(game_type, status, start, end):
                    yield line

    async def _of_status(
        self, game_type: str, status: str, start: datetime, end: datetime
    ) -> AsyncIterator[bytes]:
        after: str | None = None
        while True:
            with store_errors():
                rows, _ = await self.store.index_page(after, PAGE, game_type, status, None)
            for row in rows:
                if _parsed(row.created_at) >= end:
                    continue  # created after the period ended: it ended after it too
                line = await self._line(row.game_id, start, end)
                if line is not None:
                    yield line
            if len(rows) < PAGE:
                return
            after = rows[-1].game_id

    async def _line(self, game_id: str, start: datetime, end: datetime) -> bytes | None:
        with store_errors():
            record = await self.loader.load(game_id)
            if record is None or record.result is None:
                return None
            events = await self._log(game_id, record.version)
        if not events or not start <= _parsed(ended_at(events)) < end:
            return None
        return await asyncio.to_thread(lambda: ndjson_line(dump_line(record, events)))

    async def _log(self, game_id: str, version: int) -> list[StoredEvent]:
        events: list[StoredEvent] = []
        while len(events) < version:
            batch = await self.store.read(game_id, after=len(events), limit=READ_PAGE)
            if not batch:
                break
            events.extend(batch)
        return events


DEFAULT_DAYS = 31


def period(start: str | None, end: str | None) -> tuple[datetime, datetime]:
    """The period `[start, end)` of ISO 8601 dates or times (UTC without an offset); `end`
    defaults to now and `start` to `DEFAULT_DAYS` before it; raises `BadPeriod`."""
    until = _moment(end, "to") or datetime.now(UTC)
    return _moment(start, "from") or until - timedelta(days=DEFAULT_DAYS), until


def _moment(raw: str | None, name: str) -> datetime | None:
    if raw is None or not raw.strip():
        return None
    try:
        parsed = _parsed(raw.strip())
    except ValueError:
        raise BadPeriod(f"{name} is no ISO 8601 date or time: {raw[:64]!r}") from None
    return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)


def _parsed(at: str) -> datetime:
    return datetime.fromisoformat(at.replace("Z", "+00:00"))
