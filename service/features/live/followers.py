"""`Follower`: one subscriber's place in a game's log, the resume position of every door's
stream (issue 38, "one stream core"; architecture §4).

A follower joins the game's feed first, then catches up from the log page by page, then takes
the feed's window (`service.features.live.live_feeds.Feed`) from its own position, waiting for
the feed when it has taken everything. The feed's position when the follower joins is at most
the log head its catch-up sees, so nothing is missed; a follower that fell behind the window
reads the log again. It ends after `GameEnded`, and leaves the feed then or when closed.

It is an async iterator written as a class, not a generator, because it runs once per
subscriber per event: an event already in hand costs a method call, and only waiting for the
feed suspends it (`event_followers.EventFollower`, the same for a stream's prepared
events).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Protocol

from boardstate.service.features.live.live_feeds import Feed
from boardstate.service.log.record_model import GAME_ENDED
from boardstate.service.runtime.stopping import check_cancelled
from boardstate.service.runtime.store_failures import store_errors
from boardstate.service.store import EventStore, StoredEvent

CATCH_UP_PAGE = 500
"""Events per log read while a subscriber catches up."""


class Feeds(Protocol):
    """The live hub, as a follower uses it (`service.features.live.live_events`)."""

    store: EventStore

    async def join(self, game_id: str) -> Feed: ...

    def leave(self, feed: Feed) -> None: ...


class Follower:
    """The events of one game after `after_version`, from the log, then live; see the module."""

    def __init__(self, feeds: Feeds, game_id: str, after_version: int) -> None:
        self.feeds = feeds
        self.game_id = game_id
        self.last = max(after_version, 0)
        """The version of the last event taken: where a resumed stream goes on."""
        self.ended = False
        self.ag_running = False
        """True while a step runs (`SlotStream.abandon` asks, as of a generator)."""
        self._feed: Feed | None = None
        self._taken: deque[StoredEvent] = deque()
        self._reading = True
        """Catching up from the log (at the start, and after falling behind the window)."""
        self._closed = False

    def __aiter__(self) -> Follower:
        return self

    async def __anext__(self) -> StoredEvent:
        if not self._taken:
            await self._more()
        return self._take()

    def _take(self) -> StoredEvent:
        event = self._taken.popleft()
        self.last = event.version
        if event.type == GAME_ENDED:
            self.ended = True
            self.close()
        return event

    async def _more(self) -> None:
        """Takes the next events: pages of the log, or the feed's window, waiting for it (at
        least one event; `StopAsyncIteration` once ended)."""
        self._taken.extend((await self._next())[0])

    async def _next(self) -> tuple[Sequence[StoredEvent], Feed | None]:
        """The next events (at least one): a page of the log (with None), or the feed's new
        events (with the feed), waiting for them. Only the store's calls and a failed feed
        pass through `store_errors` (it is not free, and this runs per subscriber)."""
        while True:
            feed = self._feed
            if feed is None:
                if self._closed or self.ended:
                    raise StopAsyncIteration
                with store_errors():
                    feed = self._feed = await self.feeds.join(self.game_id)
            if self._reading:
                with store_errors():
                    batch = await self.feeds.store.read(
                        self.game_id, after=self.last, limit=CATCH_UP_PAGE
                    )
                check_cancelled()  # a cancelled stream must not go on to wait for events
                self._reading = len(batch) == CATCH_UP_PAGE
                if batch:
                    return batch, None
                continue
            live = feed.after(self.last)
            if live is None:
                self._reading = True  # behind the window: read the log
            elif live:
                return live, feed
            elif feed.failure is not None:
                with store_errors():
                    raise feed.failure
            else:
                await feed.wait()

    def close(self) -> None:
        """Leaves the feed (once)."""
        self._closed = True
        feed, self._feed = self._feed, None
        if feed is not None:
            self.feeds.leave(feed)

    async def aclose(self) -> None:
        self.close()
