"""The cross-game feed (architecture §5d): announcements of every game, resumable, filtered.

The relay appends every announcement to one feed stream (`service.store.work.outbox`); a feed
position is that stream's entry id (the SSE `id`, `Last-Event-ID`;
`service.features.webhooks.feed_positions`). A reader catches up from its position with `XRANGE`
pages of at most `PAGE` entries, letting the loop run between pages, then waits for the feed to
grow: one `FeedWatch` per process polls the feed's newest id every `poll_ms` while anyone follows it
and wakes the followers (so no follower holds a Redis connection while it waits). The feed keeps
about `FEED_MAXLEN` announcements; a position older than that resumes at the oldest kept.

Catching up is bounded: one stream reads at most `BOARDSTATE_FEED_MAX_CATCH_UP` announcements
(filtered out or not) before it reaches the feed's end; if it has not by then, it ends with
`CatchUpLimit`, which says where a new stream resumes (REST: an `event: resume` message with
that `id`; GraphQL: the error `CATCH_UP_LIMIT`). A client far behind reads on in several
streams, each paid for like any request, so opening streams from an old position costs bounded
work each, however long the feed.

Who sees what: the admin token sees every game; a seat token only the game it belongs to (the
`gameId` filter is then required: any other bearer without one is `UNAUTHORIZED`, 401, as an
unknown bearer is on every route). Filters: `gameType`, `playerId` (games where a seat carries
that integrator id: "your turn" across a player's games is `turn.changed` whose `toAct` seats
carry it), `gameId`. A `gameType` no installed package serves is refused (`UNKNOWN_GAME_TYPE`)
unless stored games have it: a removed type's announcements stay readable (issue 40). Every feed
stream takes a stream slot (`service.features.live.stream_limits`): counted against the process,
its feed cap and the client address, and a seat token's against that seat.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncGenerator

from boardstate.engine import registry
from boardstate.service.contract.webhooks.webhook_ports import CatchUpLimit, FeedItem, FeedStream
from boardstate.service.failures import TooManyStreams, Unauthorized
from boardstate.service.features.live.slot_streams import SlotStream
from boardstate.service.features.live.stream_limits import BadFeedFilter, StreamLimits, as_api_error
from boardstate.service.features.moves.game_reads import GameReads
from boardstate.service.features.webhooks.feed_positions import (
    FeedFilters,
    check_position,
    order,
    successor,
)
from boardstate.service.metrics import Metrics
from boardstate.service.runtime.seat_tokens import admin_needed, admin_token_matches
from boardstate.service.runtime.stopping import check_cancelled
from boardstate.service.runtime.store_failures import store_errors
from boardstate.service.settings import Settings
from boardstate.service.store.work.outbox import RedisOutbox

PAGE = 200
"""Feed entries per read."""


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
                async with asyncio.timeout(timeout_s):  # not wait_for: see `check_cancelled`
                    await self.changed.wait()

    async def follow(
        self, after: str | None, filters: FeedFilters, keepalive_s: float, max_catch_up: int
    ) -> AsyncGenerator[FeedItem | None, None]:
        """Items after `after` (None: from now on), then live ones; None when `keepalive_s`
        passed without any (a transport sends a keep-alive). Raises `CatchUpLimit` after
        reading `max_catch_up` entries without reaching the feed's end."""
        with store_errors():
            position = after if after is not None else await self.outbox.feed_tail()
        check_cancelled()
        catching_up, read, needles = after is not None, 0, filters.needles
        self.followers += 1
        try:
            while True:
                size = min(PAGE, max_catch_up - read) if catching_up else PAGE
                start = successor(position)
                if size == 0 or start is None:
                    with store_errors():
                        tail = await self.outbox.feed_tail()
                    check_cancelled()
                    if start is not None and order(position) < order(tail):
                        raise CatchUpLimit(position, max_catch_up)
                    page = []
                else:
                    with store_errors():
                        page = await self.outbox.feed(start, size)
                    check_cancelled()
                for entry, raw in page:
                    position = entry
                    announcement = filters.match(raw, needles)
                    if announcement is not None:
                        yield FeedItem(entry, announcement)
                read += len(page)
                if page and len(page) == size:
                    await asyncio.sleep(0)  # let others run between pages
                    continue
                catching_up = False
                loop = asyncio.get_running_loop()
                until = loop.time() + keepalive_s
                while order(self.tail) <= order(position) and loop.time() < until:
                    await self.wait(max(0.01, min(1.0, until - loop.time())))
                if order(self.tail) <= order(position):
                    yield None
        finally:
            self.followers -= 1


class FeedService:
    """The feed for both doors: who may follow what (see the module docstring)."""

    def __init__(
        self,
        games: GameReads,
        feed_watch: FeedWatch,
        streams: StreamLimits,
        metrics: Metrics,
        settings: Settings,
    ) -> None:
        self.games = games
        self.feed_watch = feed_watch
        self.streams = streams
        self.metrics = metrics
        self.admin_token = settings.admin_token
        self.sse_keepalive_seconds = settings.sse_keepalive_seconds
        self.feed_max_catch_up = settings.feed_max_catch_up

    async def _feed_access(self, token: str | None, game_id: str | None) -> str | None:
        """Checks the caller; returns the `game/seat` a seat token acts for (None: admin)."""
        if admin_token_matches(self.admin_token, token):
            return None
        if token is None:
            raise Unauthorized(
                admin_needed("the feed needs a seat token and its gameId, or", self.admin_token)
            )
        if game_id is None:  # no game to check it against: an unknown bearer, as elsewhere
            raise Unauthorized(
                "the feed needs the admin token; a seat token follows its own game only, with "
                "its gameId"
            )
        record = await self.games.load(game_id)
        seat = None if record is None else await self.games.viewer_of(record, token)
        if seat is None:
            raise Unauthorized("this token is no seat token of that game")
        return f"{game_id}/{seat}"

    async def _known_type(self, game_type: str) -> None:
        """Refuses a `gameType` filter no installed package serves and no stored game has
        (`UNKNOWN_GAME_TYPE`); a removed type whose games are stored keeps its announcements."""
        if game_type in registry.GAMES:
            return
        rows, _ = await self.games.store.index_page(None, 1, game_type, None)
        if not rows:
            registry.get(game_type)  # raises UnknownGameType, listing the installed types

    async def open_feed(
        self,
        token: str | None,
        after: str | None,
        game_type: str | None,
        player_id: str | None,
        game_id: str | None,
        address: str | None = None,
    ) -> FeedStream:
        """Checks the caller and the position (`Unauthorized`, `BadFeedFilter`), takes a stream
        slot (`TOO_MANY_STREAMS`), then returns the announcements after `after` and the live
        ones, filtered; None marks a quiet keep-alive interval. Close it with `aclose()`."""
        seat = await self._feed_access(token, game_id)  # who asks comes first (architecture §5)
        if any(v is not None and len(v) > 64 for v in (game_type, player_id, game_id)):
            raise BadFeedFilter("a filter is at most 64 characters")
        start = check_position(after)
        if game_type is not None:
            await self._known_type(game_type)
        try:
            slot = self.streams.acquire(address, seat, feed=True)
        except TooManyStreams as exc:
            raise as_api_error(exc) from None
        self.metrics.feed_streams.inc()

        def release() -> None:
            self.metrics.feed_streams.dec()
            self.streams.release(slot)

        keepalive = float(self.sse_keepalive_seconds)
        filters = FeedFilters(game_type, player_id, game_id)
        items = self.feed_watch.follow(start, filters, keepalive, self.feed_max_catch_up)
        return SlotStream(items, release)
