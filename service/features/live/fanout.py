"""`Fanout`: one task writes a game's live events to every subscriber of one view (issue 38's
stream item, issue 41 item 2; architecture §4).

A subscriber that has caught up with its feed (`followers.EventFollower.deliver`) rides the
feed's fanout of its view (`Feed.fanouts`, by the view's name: spectators all share one). On
each new event the fanout's task, woken once, takes the window's new events, prepares them
once for the view (`ViewFold`) and hands the same `Batch` to each rider's `Write`, which writes
the already-encoded bytes to the rider's client without a task switch
(`service.features.live.deliveries.step`). So an event costs one wake-up, one preparation and
one encoding per view, plus a call per subscriber.

A rider leaves the fanout (`Rider.left` is set, and its own task goes on) when:

* its write could not finish at once (the client does not read; the transport is paused), or
  failed: its task finishes or raises that write, then follows on by itself from the event
  after it, from the feed's window or the log, at its client's pace. It holds at most the one
  batch it was written, so a stalled client neither holds the others nor grows memory; it
  rides again once it has caught up;
* the game ended (after `GameEnded` is written), the feed failed or the fanout fell behind the
  window: each rider then reads on by itself and meets the end, the failure or the log;
* its stream is closed (its task cancelled: `Fanout.drop`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Sequence
from typing import Any

import structlog

from boardstate.service.features.live.deliveries import Batch, Write
from boardstate.service.features.live.live_feeds import Feed
from boardstate.service.features.live.prepared_events import PreparedEvent, ViewFold
from boardstate.service.log.record_model import GAME_ENDED
from boardstate.service.runtime.store_failures import store_errors
from boardstate.service.store import StoredEvent

log = structlog.get_logger("boardstate.subscriptions")


class Rider:
    """One subscriber on a fanout: its write, the last event it was written (set when it
    leaves: until then it is the fanout's `latest`), and the future
    its task waits on until it leaves (its result: the write still to finish, if any)."""

    __slots__ = ("last", "left", "write")

    def __init__(self, write: Write, last: PreparedEvent | None, left: asyncio.Future[Any]) -> None:
        self.write = write
        self.last = last
        self.left = left


class Fanout:
    """The live events of one feed for one view, written to its riders; see the module."""

    def __init__(self, feed: Feed, name: str, fold: ViewFold, version: int) -> None:
        self.feed = feed
        self.name = name
        self.fold = fold
        """The view's fold, this fanout's own (`ViewFold.branch`), at `version`."""
        self.version = version
        """The version of the last event written: every rider is there."""
        self.riders: dict[Rider, None] = {}
        self.latest: PreparedEvent | None = None
        """The last event written (None before the first: the riders' own)."""
        self.task = asyncio.create_task(self._run(), name=f"fanout:{feed.game_id}:{name}")

    def ride(self, write: Write, last: PreparedEvent | None) -> Rider:
        """Adds a subscriber at `version`; its task awaits `Rider.left`, then `drop`s it."""
        rider = Rider(write, last, asyncio.get_running_loop().create_future())
        self.latest = self.latest or last
        self.riders[rider] = None
        return rider

    def drop(self, rider: Rider) -> None:
        """Takes a rider off (once it has left, or its task is cancelled); the last one out
        stops the fanout."""
        if rider in self.riders:
            rider.last = self.latest  # what it was written last
            del self.riders[rider]
        if not self.riders:
            self._stop()

    def _stop(self) -> None:
        if self.feed.fanouts.get(self.name) is self:
            del self.feed.fanouts[self.name]
        if self.task is not asyncio.current_task():
            self.task.cancel()

    def _leave(self, rider: Rider, pending: Awaitable[None] | None) -> None:
        rider.last = self.latest  # every rider is where the fanout is
        self.riders.pop(rider, None)
        if not rider.left.done():
            rider.left.set_result(pending)

    async def _run(self) -> None:
        feed = self.feed
        try:
            while self.riders:
                live = feed.after(self.version)
                if live:
                    self._deliver(Batch(await self._prepare(live)))
                elif live is None or feed.failure is not None:
                    return  # behind the window, or failed: each rider reads on by itself
                else:
                    await feed.wait()
        except Exception:  # a store failure while preparing: each rider meets it by itself
            log.info("fanout_ended", game_id=feed.game_id, exc_info=True)
        finally:
            for rider in list(self.riders):
                self._leave(rider, None)
            self._stop()

    async def _prepare(self, events: Sequence[StoredEvent]) -> list[PreparedEvent]:
        fold, batch = self.fold, []
        for event in events:
            found = fold.shared(event)
            if found is None:
                with store_errors():
                    found = await fold.prepare(event)
            batch.append(found)
        if self.feed.version == batch[-1].version:  # for the view's subscribers not riding
            self.feed.shared[self.name] = (self.version, batch)
        return batch

    def _deliver(self, batch: Batch) -> None:
        """Writes `batch` to every rider, with no await between: none can join or leave
        meanwhile. A rider whose write must wait, or failed, leaves with it."""
        last = self.latest = batch.last
        self.version = last.version
        ended = last.type == GAME_ENDED
        for rider in list(self.riders):
            try:
                pending = rider.write(batch)
            except Exception as exc:  # the client went away: its task raises it
                rider.last = last
                self.riders.pop(rider, None)
                rider.left.set_exception(exc)
                continue
            if pending is not None or ended:
                self._leave(rider, pending)
