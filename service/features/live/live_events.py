"""Live events: one reader per process multiplexes every followed game (architecture §4).

A subscriber (`service.features.live.followers.Follower`) joins the game's feed first, then
catches up from the log, then takes the live events from the feed's window after its own
position. The feed's position when the subscriber joins is at most the log head its catch-up
read sees, so nothing is missed.

Feeds are read in groups (`store.streams.group_of`): on a single server every followed game is
in one group, read by one `XREAD BLOCK` over all their logs on the stream reader's connection;
in a Redis Cluster a group is one hash slot (see `service.store.stream_reader`). A group's
blocking read is restarted when its set of games changes. No feed holds a request connection,
so Redis connections do not grow with subscribers, and on a single server not with games.

Events this process appends are pushed to the feed's subscribers as soon as Redis accepted the
append (`StreamReader.listeners`), without waiting for the blocking read to bring them back; the
read skips them then (the feed's position has moved on), so each is delivered once, in order.
An append whose first version is not the feed's next (another replica's events are not read yet)
is left to the blocking read.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence

import structlog

from boardstate.service.failures import StoreUnavailable
from boardstate.service.features.live.followers import Follower
from boardstate.service.features.live.live_feeds import Feed, FeedClosed, stop_read
from boardstate.service.features.live.prepared_events import PreparedViews
from boardstate.service.metrics import Metrics
from boardstate.service.store import EventStore, StoredEvent

log = structlog.get_logger("boardstate.subscriptions")

SETTLE_S = 0.002
"""After its games change, a group waits this long before reading again, so a burst of new
subscribers restarts the blocking read once, not once each."""


class _Group:
    """The feeds read by one command, and the task that reads them."""

    def __init__(self, hub: SubscriptionHub, key: int) -> None:
        self.hub = hub
        self.key = key
        self.feeds: dict[str, Feed] = {}
        self.changed = asyncio.Event()
        self.task = asyncio.create_task(self._run(), name=f"live-group:{key}")

    def positions(self) -> dict[str, int]:
        return {g: f.version for g, f in self.feeds.items() if not f.ended}

    def _position(self, game_id: str) -> int:
        followed = self.feeds.get(game_id)
        return 0 if followed is None else followed.version

    async def _read(self) -> dict[str, list[StoredEvent]] | None:
        """One blocking read; None when the group changed first (the read is cancelled)."""
        self.changed.clear()
        read = asyncio.ensure_future(
            self.hub.store.streams.read(self.positions(), self.hub.block_ms, self._position)
        )
        changed = asyncio.ensure_future(self.changed.wait())
        try:
            await asyncio.wait((read, changed), return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiter in (read, changed):
                waiter.cancel()
        if not read.done() or read.cancelled():
            await stop_read(read)
            await asyncio.sleep(SETTLE_S)
            return None
        return read.result()

    async def _run(self) -> None:
        delay = 0.05
        while self.feeds:
            if not self.positions():
                self.changed.clear()
                await self.changed.wait()
                continue
            try:
                found = await self._read()
            except StoreUnavailable as exc:
                log.warning("feed_store_unavailable", group=self.key, error=str(exc))
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)
                continue
            except Exception as exc:
                log.exception("feed_failed", group=self.key)
                for feed in list(self.feeds.values()):
                    feed.publish(exc)
                    self.hub.forget(feed)
                return
            delay = 0.05
            for game_id, events in (found or {}).items():
                followed = self.feeds.get(game_id)
                if followed is None:
                    continue
                for event in events:
                    if event.version > followed.version:  # not pushed already (`appended`)
                        followed.advance(event)


class SubscriptionHub:
    """The feeds of this process, created on first subscriber and stopped with the last."""

    def __init__(self, store: EventStore, metrics: Metrics, block_ms: int = 5000) -> None:
        self.store = store
        self.metrics = metrics
        self.block_ms = block_ms
        self._groups: dict[int, _Group] = {}
        self._feeds: dict[str, Feed] = {}
        self._lock = asyncio.Lock()
        self.views = PreparedViews()
        """The events prepared for each view, shared by the subscribers of that view."""
        store.streams.listeners.append(self.appended)

    def appended(self, game_id: str, events: Sequence[StoredEvent]) -> None:
        """Pushes the events of this process's accepted append to the game's subscribers, when
        they are the feed's next ones (else the blocking read brings them in order)."""
        feed = self._feeds.get(game_id)
        if feed is None or feed.ended or not events or events[0].version != feed.version + 1:
            return
        for event in events:
            feed.advance(event)

    def forget(self, feed: Feed) -> None:
        """Removes a feed so the next subscriber starts a fresh one."""
        if self._feeds.get(feed.game_id) is not feed:
            return
        del self._feeds[feed.game_id]
        self.metrics.feeds.set(len(self._feeds))
        key = self.store.streams.group_of(feed.game_id)
        group = self._groups.get(key)
        if group is None or group.feeds.pop(feed.game_id, None) is None:
            return
        group.changed.set()
        if not group.feeds:
            del self._groups[key]
            group.task.cancel()

    def _follow(self, feed: Feed) -> None:
        self._feeds[feed.game_id] = feed
        self.metrics.feeds.set(len(self._feeds))
        key = self.store.streams.group_of(feed.game_id)
        group = self._groups.get(key)
        if group is None:
            group = self._groups[key] = _Group(self, key)
        group.feeds[feed.game_id] = feed
        group.changed.set()

    def subscribers(self, game_id: str) -> int:
        """The subscribers of the game's feed in this process (0: it is not followed)."""
        feed = self._feeds.get(game_id)
        return 0 if feed is None else feed.subscribers

    @property
    def readers(self) -> int:
        """Blocking reads this process runs (groups of followed games)."""
        return len(self._groups)

    async def join(self, game_id: str) -> Feed:
        """Counts a subscriber of the game's feed, started if it is the first; `leave` it."""
        async with self._lock:
            feed = self._feeds.get(game_id)
            if feed is None:
                feed = Feed(game_id, await self.store.version(game_id))
                self._follow(feed)
            feed.subscribers += 1
        return feed

    def leave(self, feed: Feed) -> None:
        """Counts a subscriber out; the last one stops the feed."""
        feed.subscribers -= 1
        if not feed.subscribers:
            self.forget(feed)

    async def follow(self, game_id: str, after_version: int) -> AsyncIterator[StoredEvent]:
        """Yields the events after `after_version` from the log, then live ones as they are
        appended; ends after `GameEnded` (`service.features.live.followers.Follower`)."""
        follower = Follower(self, game_id, after_version)
        try:
            async for event in follower:
                yield event
        finally:
            follower.close()

    async def close(self) -> None:
        """Stops every feed and ends every subscription."""
        groups, self._groups = list(self._groups.values()), {}
        feeds, self._feeds = list(self._feeds.values()), {}
        for feed in feeds:
            feed.publish(FeedClosed("the server is shutting down"))
        for group in groups:
            group.task.cancel()
        for group in groups:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await group.task
        self.metrics.feeds.set(0)
