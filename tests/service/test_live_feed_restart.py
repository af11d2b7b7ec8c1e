"""A followed set that changes restarts the blocking read at once, even when the first
cancellation of that read is absorbed (found by bench/peer_bench.py under subscriber churn).

On Python 3.11 a cancellation that lands while redis-py acquires or opens a connection can be
absorbed there; the read then goes on to block in `XREAD` for its whole timeout, and the
subscribers of a game followed just now heard nothing for that long. The reader here is the
real one on a real Redis, with one difference: its first read absorbs a cancellation while it
is "acquiring its connection", as asyncio did."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping

import pytest

from boardstate.service.features.live.live_events import SubscriptionHub
from boardstate.service.metrics import Metrics
from boardstate.service.store import AppendRequest, RedisEventStore, StoredEvent
from tests.service.store_contract import created, event

pytestmark = pytest.mark.redis

BLOCK_MS = 8000
"""The hub's blocking read (the store caps it at its `max_block_ms`, 2.5 s here): a read that is
not stopped holds every new follower that long."""


class AbsorbsFirstCancel:
    """The store's stream reader, whose first read absorbs one cancellation before it reads."""

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.absorbed = asyncio.Event()
        self._first = True
        self.listeners: list[object] = []

    def appended(self, game_id: str, events: object) -> None:
        """Not pushed: the test's append stands for another replica's, which only the blocking
        read brings in (this process's own appends are pushed at once, `StreamReader.listeners`)."""

    def group_of(self, game_id: str) -> int:
        return self.inner.group_of(game_id)  # type: ignore[attr-defined, no-any-return]

    async def read(
        self, positions: Mapping[str, int], block_ms: int, since: object = None
    ) -> object:
        if self._first:
            self._first = False
            try:
                await asyncio.sleep(1.0)  # acquiring the connection
            except asyncio.CancelledError:
                self.absorbed.set()  # and going on, as asyncio on Python 3.11 could
        return await self.inner.read(positions, block_ms, since)  # type: ignore[attr-defined]


async def _next(events: object) -> StoredEvent:
    return await anext(events)  # type: ignore[call-overload, no-any-return]


async def test_a_game_followed_while_the_read_absorbs_its_cancel_hears_its_next_event(
    redis_store: RedisEventStore,
) -> None:
    reader = AbsorbsFirstCancel(redis_store.streams)
    redis_store.streams = reader  # type: ignore[assignment]
    hub = SubscriptionHub(redis_store, Metrics(), block_ms=BLOCK_MS)
    first, second = await created(redis_store), await created(redis_store)
    try:
        following_first = hub.follow(first, 1)
        waiting_first = asyncio.ensure_future(_next(following_first))
        await asyncio.sleep(0.05)  # the group's first read is under way
        following_second = hub.follow(second, 1)
        waiting_second = asyncio.ensure_future(_next(following_second))
        await asyncio.wait_for(reader.absorbed.wait(), 5)
        await asyncio.sleep(0.5)  # the second follower has caught up from the log
        outcome = await redis_store.append(second, AppendRequest(1, [event(2)]))
        assert outcome.appended
        heard = await asyncio.wait_for(waiting_second, redis_store.max_block_ms / 1000 / 2)
        assert heard.version == 2
        assert not waiting_first.done()
    finally:
        for waiting in (waiting_first, waiting_second):
            waiting.cancel()
        await hub.close()
        redis_store.streams = reader.inner  # type: ignore[assignment]
