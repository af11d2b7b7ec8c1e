"""One followed game's feed (`Feed`) and the cancellation of a group's blocking read, for the
live hub (`service.features.live.live_events`).

A feed does not copy its events into a queue per subscriber. It keeps its latest events in one
bounded window (`WINDOW`) that its subscribers share, each holding its own position (the last
version it took), and wakes the subscribers that wait for a new event, one future each, made
only while it waits. Publishing an event costs the same whatever the number of subscribers,
save the wake-ups. A subscriber that falls behind the window (a client that does not read) is
told so (`behind`) and reads the events it missed from the log, where they are: it misses
nothing, and memory does not grow with a slow subscriber."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections import deque
from typing import Any

from boardstate.service.log.record_model import GAME_ENDED
from boardstate.service.store import StoredEvent

Item = StoredEvent | Exception

WINDOW = 256
"""The latest events a feed keeps for its subscribers; one further behind reads the log."""

RECANCEL_S = 0.005
"""How long a cancelled read may take to end before it is cancelled again (see `stop_read`)."""


async def stop_read(read: asyncio.Future[Any]) -> None:
    """Cancels a blocking read until it has ended.

    One cancellation is not always enough: on Python 3.11 a cancellation that lands while
    redis-py acquires or opens the connection can be absorbed there, and the read then goes on
    to block in `XREAD` for its whole timeout (up to `max_block_ms`), holding back every
    subscriber of the group that just changed. Cancelled again, it is cancelled inside the
    read, which drops the connection at once. Its events are not lost: positions only move
    when a read's events are published."""
    while not read.done():
        read.cancel()
        await asyncio.wait((read,), timeout=RECANCEL_S)
    with contextlib.suppress(asyncio.CancelledError, Exception):
        read.result()


class FeedClosed(Exception):
    """The process is shutting down; the subscription ends."""


class Feed:
    """One followed game: its position in the log, its latest events and its waiting
    subscribers."""

    def __init__(self, game_id: str, version: int) -> None:
        self.game_id = game_id
        self.version = version
        self.ended = False
        self.subscribers = 0
        self.recent: deque[StoredEvent] = deque(maxlen=WINDOW)
        """The latest events, in order, without gaps; the last is at `version`."""
        self.failure: Exception | None = None
        """Set once the feed has failed (or the process is stopping): every subscriber raises it."""
        self.waiting: set[asyncio.Future[None]] = set()
        """The futures of the subscribers waiting for the next event (`followers.Follower`)."""
        self.shared: dict[str, Any] = {}
        """What a subscriber of one view made of the window's new events (by view: the position
        it took them from and the events prepared for the view, `event_followers`),
        for the others of that view at that position; emptied when the window moves."""
        self.fanouts: dict[str, Any] = {}
        """The tasks that write its live events to the subscribers of each view that caught up
        (`service.features.live.fanout.Fanout`, which stands above the feed: typed there), by
        view; each waits on `waiting` like a subscriber."""
        self._after: dict[int, tuple[StoredEvent, ...]] = {}

    def publish(self, failure: Exception) -> None:
        """Ends the feed for every subscriber with `failure`."""
        self.failure = failure
        self._wake()

    def advance(self, event: StoredEvent) -> None:
        """Publishes the next event of the log."""
        self.version = event.version
        self.recent.append(event)
        self.ended = self.ended or event.type == GAME_ENDED
        self._after = {}
        self.shared = {}
        self._wake()

    def _wake(self) -> None:
        waiting, self.waiting = self.waiting, set()
        for waiter in waiting:
            if not waiter.done():
                waiter.set_result(None)

    async def wait(self) -> None:
        """Until the window moves on or the feed fails (a subscriber with nothing to send)."""
        waiter = asyncio.get_running_loop().create_future()
        self.waiting.add(waiter)
        try:
            await waiter
        finally:
            self.waiting.discard(waiter)

    def after(self, last: int) -> tuple[StoredEvent, ...] | None:
        """The window's events after version `last` (empty: none yet); None when the window
        no longer holds the event after `last` (the subscriber is behind: read the log). The
        subscribers at the same position share one answer."""
        if last >= self.version:
            return ()
        found = self._after.get(last)
        if found is None:
            recent = self.recent
            if not recent or last + 1 < recent[0].version:
                return None
            start = last + 1 - recent[0].version
            found = self._after[last] = tuple(itertools.islice(recent, start, None))
        return found
