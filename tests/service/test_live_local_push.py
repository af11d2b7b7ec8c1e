"""This process's own appends reach the game's live subscribers without the blocking read
bringing them back (`StreamReader.listeners`), once each and in order; another process's
appends still come through the read."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from boardstate.service.features.live.live_events import SubscriptionHub
from boardstate.service.metrics import Metrics
from boardstate.service.store import AppendRequest, RedisEventStore, StoredEvent
from tests.service.store_contract import created, event

pytestmark = pytest.mark.redis


class CountingReader:
    """The store's stream reader, counting what its blocking reads return."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.listeners = inner.listeners
        self.returned: list[int] = []

    def appended(self, game_id: str, events: Any) -> None:
        self.inner.appended(game_id, events)

    def group_of(self, game_id: str) -> int:
        return int(self.inner.group_of(game_id))

    async def read(
        self, positions: Mapping[str, int], block_ms: int, since: Callable[[str], int] | None
    ) -> dict[str, list[StoredEvent]]:
        found: dict[str, list[StoredEvent]] = await self.inner.read(positions, block_ms, since)
        self.returned += [e.version for events in found.values() for e in events]
        return found


async def _take(follow: Any, count: int) -> list[int]:
    return [(await anext(follow)).version for _ in range(count)]


async def test_own_appends_are_pushed_once_in_order_and_others_come_through_the_read(
    redis_store: RedisEventStore,
) -> None:
    reader = CountingReader(redis_store.streams)
    redis_store.streams = reader  # type: ignore[assignment]
    hub = SubscriptionHub(redis_store, Metrics(), block_ms=1000)
    game = await created(redis_store)
    try:
        first, second = hub.follow(game, 1), hub.follow(game, 1)
        await asyncio.sleep(0.2)  # both registered and caught up
        assert (await redis_store.append(game, AppendRequest(1, [event(2), event(3)]))).appended
        heard = await asyncio.wait_for(asyncio.gather(_take(first, 2), _take(second, 2)), timeout=5)
        assert list(heard) == [[2, 3], [2, 3]]
        assert (hub.subscribers(game), hub.subscribers("not-followed")) == (2, 0)
        assert reader.returned == []  # pushed, not read back (the read skips what was pushed)
        reader.appended = lambda *_: None  # type: ignore[method-assign]  # another replica's
        assert (await redis_store.append(game, AppendRequest(3, [event(4)]))).appended
        heard = await asyncio.wait_for(asyncio.gather(_take(first, 1), _take(second, 1)), timeout=5)
        assert list(heard) == [[4], [4]]
        assert reader.returned == [4]
    finally:
        await hub.close()
        redis_store.streams = reader.inner
