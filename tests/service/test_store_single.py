"""The store contract on one Redis server, plus what only a server of our own can show."""

from __future__ import annotations

import asyncio

import pytest

from boardstate.service.local.embedded_redis import free_port
from boardstate.service.store import (
    AppendRequest,
    AppendUncertain,
    RedisEventStore,
    StoreUnavailable,
    connect,
)
from tests.redis_support import RedisServer
from tests.service.store_contract import StoreContract, created, event

pytestmark = pytest.mark.redis


class TestStoreOnOneServer(StoreContract):
    @pytest.fixture
    def store(self, redis_store: RedisEventStore) -> RedisEventStore:
        return redis_store


async def test_a_stopped_server_makes_every_call_unavailable(private_redis: RedisServer) -> None:
    store = connect(private_redis.url, cluster=False)
    try:
        game_id = await created(store)
        private_redis.server.stop()
        assert not await store.ping()
        with pytest.raises(StoreUnavailable):
            await store.version(game_id)
        with pytest.raises(StoreUnavailable):
            await store.read(game_id)
        with pytest.raises(StoreUnavailable):
            await store.wait(game_id, after=1, timeout_ms=1000)
        with pytest.raises(StoreUnavailable) as refused:
            await store.append(game_id, AppendRequest(1, [event(2)]))
        assert not isinstance(refused.value, AppendUncertain)
    finally:
        await store.close()


async def test_no_server_at_the_url_is_unavailable() -> None:
    store = connect(f"redis://127.0.0.1:{free_port()}/0", cluster=False)
    try:
        with pytest.raises(StoreUnavailable):
            await store.create("g1", event(1), {})
        assert not await store.ping()
    finally:
        await store.close()


BUSY_SCRIPT = """
local start = redis.call('TIME')
local stop = start[1] * 1000000 + start[2] + tonumber(ARGV[1])
while true do
  local now = redis.call('TIME')
  if now[1] * 1000000 + now[2] >= stop then return 1 end
end
"""


async def test_an_append_whose_reply_is_lost_is_uncertain(private_redis: RedisServer) -> None:
    store = connect(private_redis.url, cluster=False, socket_timeout=0.2)
    try:
        game_id = await created(store)
        with private_redis.client() as admin:
            busy = asyncio.create_task(asyncio.to_thread(admin.eval, BUSY_SCRIPT, 0, 700_000))
            await asyncio.sleep(0.1)
            with pytest.raises(AppendUncertain):
                await store.append(game_id, AppendRequest(1, [event(2)], move_id="m1"))
            await busy
        # The request had reached Redis: it ran once the server was free, although its reply
        # was lost. A retry under the same move id is safe: it reports the original versions.
        assert await store.version(game_id) == 2
        retry = await store.append(game_id, AppendRequest(1, [event(2)], move_id="m1"))
        assert (retry.duplicate_move, retry.first_version) == (True, 2)
    finally:
        await store.close()
