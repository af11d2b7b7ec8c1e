"""Live events: one shared `store.wait` (XREAD BLOCK) reader per game per process (DESIGN §4).

A subscriber registers with the game's feed first, then catches up from the log, then takes
live events from its queue, skipping versions it has already seen. The feed's position when the
subscriber registers is at most the log head its catch-up read sees, so nothing is missed.
Redis connections grow with the number of followed games, not with subscribers.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import structlog

from boardstate.service.failures import StoreUnavailable
from boardstate.service.log.record_model import GAME_ENDED
from boardstate.service.metrics import Metrics
from boardstate.service.store import EventStore, StoredEvent

log = structlog.get_logger("boardstate.subscriptions")

Item = StoredEvent | Exception


class FeedClosed(Exception):
    """The process is shutting down; the subscription ends."""


class _Feed:
    """The reader of one game's log, fanning out to subscriber queues."""

    def __init__(self, hub: SubscriptionHub, game_id: str, version: int) -> None:
        self.hub = hub
        self.game_id = game_id
        self.version = version
        self.queues: set[asyncio.Queue[Item]] = set()
        self.task = asyncio.create_task(self._run(), name=f"feed:{game_id}")

    def _publish(self, item: Item) -> None:
        for queue in self.queues:
            queue.put_nowait(item)

    async def _run(self) -> None:
        delay = 0.05
        while True:
            try:
                events = await self.hub.store.wait(self.game_id, self.version, self.hub.block_ms)
            except StoreUnavailable as exc:
                log.warning("feed_store_unavailable", game_id=self.game_id, error=str(exc))
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)
                continue
            except Exception as exc:
                log.exception("feed_failed", game_id=self.game_id)
                self._publish(exc)
                self.hub.forget(self)
                return
            delay = 0.05
            for event in events:
                self.version = event.version
                self._publish(event)
            if events and events[-1].type == GAME_ENDED:
                return


class SubscriptionHub:
    """The feeds of this process, created on first subscriber and stopped with the last."""

    def __init__(self, store: EventStore, metrics: Metrics, block_ms: int = 5000) -> None:
        self.store = store
        self.metrics = metrics
        self.block_ms = block_ms
        self._feeds: dict[str, _Feed] = {}
        self._lock = asyncio.Lock()

    def forget(self, feed: _Feed) -> None:
        """Removes a feed so the next subscriber starts a fresh one."""
        if self._feeds.get(feed.game_id) is feed:
            del self._feeds[feed.game_id]
            self.metrics.feeds.set(len(self._feeds))

    @contextlib.asynccontextmanager
    async def listen(self, game_id: str) -> AsyncIterator[asyncio.Queue[Item]]:
        """Registers a queue with the game's feed for the duration of the block."""
        async with self._lock:
            feed = self._feeds.get(game_id)
            if feed is None:
                feed = _Feed(self, game_id, await self.store.version(game_id))
                self._feeds[game_id] = feed
                self.metrics.feeds.set(len(self._feeds))
            queue: asyncio.Queue[Item] = asyncio.Queue()
            feed.queues.add(queue)
        try:
            yield queue
        finally:
            feed.queues.discard(queue)
            if not feed.queues:
                self.forget(feed)
                feed.task.cancel()

    async def close(self) -> None:
        """Stops every feed and ends every subscription."""
        feeds, self._feeds = list(self._feeds.values()), {}
        for feed in feeds:
            feed._publish(FeedClosed("the server is shutting down"))
            feed.task.cancel()
        for feed in feeds:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await feed.task
        self.metrics.feeds.set(0)
