"""One followed game's feed (`Feed`) and the cancellation of a group's blocking read, for the
live hub (`service.features.live.live_events`)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from boardstate.service.log.record_model import GAME_ENDED
from boardstate.service.store import StoredEvent

Item = StoredEvent | Exception

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
    """One followed game: its position in the log and its subscribers' queues."""

    def __init__(self, game_id: str, version: int) -> None:
        self.game_id = game_id
        self.version = version
        self.ended = False
        self.queues: set[asyncio.Queue[Item]] = set()

    def publish(self, item: Item) -> None:
        for queue in self.queues:
            queue.put_nowait(item)

    def advance(self, event: StoredEvent) -> None:
        """Publishes the next event of the log."""
        self.version = event.version
        self.publish(event)
        self.ended = self.ended or event.type == GAME_ENDED
