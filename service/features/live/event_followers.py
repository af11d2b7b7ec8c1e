"""`EventFollower`: a follower of a game's events prepared for one view, the core of every
door's stream of a game (`event_streams.EventStream`); it yields them (`async for`: the GraphQL
subscriptions, which share the selection over each per view: `schema.shared_results`) or
writes them (`deliver`: the SSE route and the command socket, riding the
feed's fanout of the view once caught up, `service.features.live.fanout`)."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from boardstate.service.features.live.deliveries import Batch, Write
from boardstate.service.features.live.fanout import Fanout
from boardstate.service.features.live.followers import Feeds, Follower
from boardstate.service.features.live.live_feeds import Feed
from boardstate.service.features.live.prepared_events import PreparedEvent, ViewFold
from boardstate.service.log.record_model import GAME_ENDED
from boardstate.service.runtime.store_failures import store_errors
from boardstate.service.store import StoredEvent

BATCH = 64
"""Events at most in one write of a subscriber that catches up or lags (`deliver`)."""


class EventFollower(Follower):
    """A follower that yields each event prepared for its view (`ViewFold`). Live, the first
    subscriber of a view at a position prepares the feed's new events and leaves them on the
    feed (`Feed.shared`) for the others of that view at that position: each of them then
    takes the whole batch with one lookup. A door that writes (`deliver`) rides the feed's
    fanout of its view instead once caught up (`service.features.live.fanout`)."""

    def __init__(self, feeds: Feeds, game_id: str, after_version: int, fold: ViewFold) -> None:
        super().__init__(feeds, game_id, after_version)
        self.fold = fold
        self._view = fold.name
        self._ready: deque[PreparedEvent] = deque()
        self._latest: PreparedEvent | None = None

    async def __anext__(self) -> PreparedEvent:  # type: ignore[override]
        """The next event prepared for the view."""
        self.ag_running = True
        try:
            await self._fill()
        finally:
            self.ag_running = False
        return self._pop()

    async def deliver(self, write: Write) -> None:
        """Writes every event to `write` until `GameEnded` (then returns): what it has ready
        (the catch-up, or what a lagging client missed) up to `BATCH` events a write, then,
        once caught up with the feed, riding the feed's fanout of its view, and on by itself
        again whenever it leaves it (`fanout.Fanout`). A failed write is raised here."""
        ready = self._ready
        self.ag_running = True
        try:
            while not self.ended:
                try:
                    await self._fill()
                except StopAsyncIteration:
                    return
                batch = [self._pop()]
                while ready and len(batch) < BATCH and not self.ended:
                    batch.append(self._pop())
                pending = write(Batch(batch))
                if pending is not None:
                    await pending
                if not ready and not self.ended:
                    await self._ride(write)
        finally:
            self.ag_running = False

    async def _ride(self, write: Write) -> None:
        """Rides the fanout of the view while it writes (see `fanout`), when this follower is
        at the head of the feed and so is the fanout (else it reads on by itself)."""
        feed = self._feed
        if feed is None or self._reading or feed.version != self.last or feed.failure is not None:
            return
        if not self.fold.views.size:
            return  # no sharing (`bench/spectators.py --unshared`)
        fanout: Fanout | None = feed.fanouts.get(self._view)
        if fanout is None:
            fold = self.fold.branch(self._latest)
            fanout = feed.fanouts[self._view] = Fanout(feed, self._view, fold, self.last)
        elif fanout.version != self.last:
            return  # it is preparing newer events: take them by itself, ride after
        rider = fanout.ride(write, self._latest)
        try:
            pending = await rider.left
        finally:
            fanout.drop(rider)
            self._took(rider.last)
        if pending is not None:
            await pending

    def _took(self, prepared: PreparedEvent | None) -> None:
        """The fanout wrote `prepared` (the last of its batches) for this follower."""
        if prepared is None or prepared.version <= self.last:
            return
        self._latest = prepared
        self.last = prepared.version
        if prepared.type == GAME_ENDED:
            self.ended = True
            self.close()

    def _pop(self) -> PreparedEvent:
        prepared = self._ready.popleft()
        self._took(prepared)
        return prepared

    async def _fill(self) -> None:
        """Waits until an event is ready. Written flat: a live subscriber waits for the feed
        here, one frame deep, and takes the events another subscriber of its view prepared
        with one lookup."""
        ready = self._ready
        while not ready:
            feed = self._feed
            if feed is None or self._reading:
                await self._prepare(*await self._next())  # join, or read the log
                continue
            live = feed.after(self.last)
            if not live:
                if live is None or feed.failure is not None:
                    await self._prepare(*await self._next())  # the log, or the failure
                    continue
                await feed.wait()
                continue
            shared = feed.shared.get(self._view)
            if shared is not None and shared[0] == self.last:
                ready.extend(shared[1])
            else:
                await self._prepare(live, feed)

    async def _prepare(self, events: Sequence[StoredEvent], feed: Feed | None) -> None:
        """Prepares `events` (the log's, or the feed's new ones) for the view; leaves the feed's
        on it for the other subscribers of the view at the same position."""
        fold = self.fold
        if self._latest is not None:
            fold.took(self._latest)  # fold on from the last event taken
        last = self.last
        batch = []
        for event in events:
            found = fold.shared(event)
            if found is None:
                with store_errors():
                    found = await fold.prepare(event)
            batch.append(found)
        if feed is not None and feed.version == batch[-1].version and fold.views.size:
            feed.shared[self._view] = (last, batch)
        self._ready.extend(batch)
