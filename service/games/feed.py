"""The cross-game feed (DESIGN §5d): announcements of every game, resumable, filtered.

The relay appends every announcement to one feed stream (`service.store.outbox`); a feed
position is that stream's entry id (the SSE `id`, `Last-Event-ID`). A reader catches up from its
position with `XRANGE` pages, then waits for the feed to grow: one `FeedWatch` per process polls
the feed's newest id every `poll_ms` while anyone follows it and wakes the followers (so no
follower holds a Redis connection while it waits). The feed keeps about `FEED_MAXLEN`
announcements; a position older than that resumes at the oldest kept.

Who sees what: the admin token sees every game; a seat token only the game it belongs to (the
`gameId` filter is then required). Filters: `gameType`, `playerId` (games where a seat carries
that integrator id: "your turn" across a player's games is `turn.changed` whose `toAct` seats
carry it), `gameId`.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncGenerator
from typing import Any

from boardstate.schema.webhook_ports import FeedItem
from boardstate.service.failures import Unauthorized
from boardstate.service.games.seat_tokens import admin_token_matches
from boardstate.service.log.record_model import GameRecord
from boardstate.service.store.outbox import RedisOutbox
from boardstate.service.webhook_failures import BadFeedFilter

POSITION = re.compile(r"^(0|[0-9]{1,20}-[0-9]{1,20})$")
PAGE = 200


def _order(position: str) -> tuple[int, int]:
    ms, _, seq = position.partition("-")
    return int(ms), int(seq or 0)


def check_position(after: str | None) -> str | None:
    """A valid feed position (or None); raises `BadFeedFilter`."""
    if after is None or after == "":
        return None
    if not POSITION.match(after):
        raise BadFeedFilter("a feed position is an id like 1733270000000-0, or 0 for the oldest")
    return after


def wanted(
    announcement: dict[str, Any], game_type: str | None, player_id: str | None, game_id: str | None
) -> bool:
    """Whether an announcement passes the filters."""
    data = announcement.get("data", {})
    if game_type is not None and data.get("gameType") != game_type:
        return False
    if game_id is not None and data.get("gameId") != game_id:
        return False
    if player_id is not None:
        return any(s.get("playerId") == player_id for s in data.get("seats", ()))
    return True


class FeedWatch:
    """Wakes this process's feed followers when the feed grows."""

    def __init__(self, outbox: RedisOutbox, poll_ms: int) -> None:
        self.outbox = outbox
        self.poll_s = poll_ms / 1000
        self.changed = asyncio.Condition()
        self.followers = 0
        self.tail = "0"
        self._task: asyncio.Task[None] | None = None

    async def _watch(self) -> None:
        while self.followers > 0:
            try:
                tail = await self.outbox.feed_tail()
            except Exception:  # Redis away: followers wait on
                tail = self.tail
            if tail != self.tail:
                self.tail = tail
                async with self.changed:
                    self.changed.notify_all()
            await asyncio.sleep(self.poll_s)
        self._task = None

    async def wait(self, timeout_s: float) -> None:
        """Waits until the feed grows or `timeout_s` passes."""
        if self._task is None:
            self._task = asyncio.create_task(self._watch(), name="feed-watch")
        async with self.changed:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), timeout_s)

    async def follow(
        self,
        after: str | None,
        game_type: str | None,
        player_id: str | None,
        game_id: str | None,
        keepalive_s: float,
    ) -> AsyncGenerator[FeedItem | None, None]:
        """Items after `after` (None: from now on), then live ones; None when `keepalive_s`
        passed without any (a transport sends a keep-alive)."""
        position = after if after is not None else await self.outbox.feed_tail()
        self.followers += 1
        try:
            while True:
                page = await self.outbox.feed(position, PAGE)
                for entry, announcement in page:
                    position = entry
                    if wanted(announcement, game_type, player_id, game_id):
                        yield FeedItem(entry, announcement)
                if len(page) == PAGE:
                    continue
                loop = asyncio.get_running_loop()
                until = loop.time() + keepalive_s
                while _order(self.tail) <= _order(position) and loop.time() < until:
                    await self.wait(max(0.01, min(1.0, until - loop.time())))
                if _order(self.tail) <= _order(position):
                    yield None
        finally:
            self.followers -= 1


class FeedService:
    """`feed` of `GameService`: who may follow what (see the module docstring)."""

    feed_watch: FeedWatch
    sse_keepalive_seconds: int
    admin_token: str | None

    async def load(self, game_id: str) -> GameRecord | None:
        raise NotImplementedError

    async def viewer_of(self, record: GameRecord, token: str | None) -> int | None:
        raise NotImplementedError

    async def _feed_access(self, token: str | None, game_id: str | None) -> None:
        if admin_token_matches(self.admin_token, token):
            return
        if token is None:
            raise Unauthorized("the feed needs the admin token, or a seat token and its gameId")
        if game_id is None:
            raise BadFeedFilter("a seat token follows its own game only: give its gameId")
        record = await self.load(game_id)
        if record is None or await self.viewer_of(record, token) is None:
            raise Unauthorized("this token is no seat token of that game")

    async def open_feed(
        self,
        token: str | None,
        after: str | None,
        game_type: str | None,
        player_id: str | None,
        game_id: str | None,
    ) -> AsyncGenerator[FeedItem | None, None]:
        """Checks the caller and the position (`Unauthorized`, `BadFeedFilter`), then returns
        the announcements after `after` and the live ones, filtered; None marks a quiet
        keep-alive interval."""
        await self._feed_access(token, game_id)  # who asks comes first (DESIGN §5: order)
        if any(v is not None and len(v) > 64 for v in (game_type, player_id, game_id)):
            raise BadFeedFilter("a filter is at most 64 characters")
        start = check_position(after)
        keepalive = float(self.sse_keepalive_seconds)
        return self.feed_watch.follow(start, game_type, player_id, game_id, keepalive)
