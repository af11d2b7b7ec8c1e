"""Appends made in the same loop turn go to Redis as one pipeline (`store.batched_script`), and
each still gets its own outcome: the same as alone, whatever the others' do."""

from __future__ import annotations

import asyncio

import pytest

from boardstate.service.failures import AppendUncertain, StoreUnavailable
from boardstate.service.store import AppendRequest, RedisEventStore, connect
from boardstate.service.store.batched_script import MAX_BATCH, BatchedScript
from tests.conftest import unique_prefix
from tests.redis_support import RedisServer
from tests.service.store_contract import created, event

pytestmark = pytest.mark.redis


def batcher(store: RedisEventStore) -> BatchedScript:
    batched = store._batched
    assert batched is not None
    return batched


async def test_appends_of_one_turn_share_a_pipeline_and_each_lands_once(
    redis_store: RedisEventStore,
) -> None:
    games = [await created(redis_store) for _ in range(MAX_BATCH + 6)]
    before = batcher(redis_store).batches
    outcomes = await asyncio.gather(
        *(redis_store.append(g, AppendRequest(1, [event(2)])) for g in games)
    )
    assert all(o.appended and o.current_version == 2 for o in outcomes)
    assert batcher(redis_store).batches >= before + 2  # more than MAX_BATCH: two pipelines
    for game_id in games:
        assert [e.version for e in await redis_store.read(game_id)] == [1, 2]


async def test_two_appends_at_one_version_in_one_batch_one_wins(
    redis_store: RedisEventStore,
) -> None:
    game_id = await created(redis_store)
    others = [await created(redis_store) for _ in range(3)]
    first, second, *rest = await asyncio.gather(
        redis_store.append(game_id, AppendRequest(1, [event(2, who="a")])),
        redis_store.append(game_id, AppendRequest(1, [event(2, who="b")])),
        *(redis_store.append(g, AppendRequest(1, [event(2)])) for g in others),
    )
    assert first.appended
    assert second.version_conflict
    assert all(o.appended for o in rest)
    assert (await redis_store.read(game_id))[1].data["who"] == "a"


async def test_a_script_the_server_forgot_is_loaded_again(redis_store: RedisEventStore) -> None:
    games = [await created(redis_store) for _ in range(8)]
    await redis_store.client.script_flush()
    outcomes = await asyncio.gather(
        *(redis_store.append(g, AppendRequest(1, [event(2)])) for g in games)
    )
    assert all(o.appended for o in outcomes)


async def test_a_caller_cancelled_in_its_batch_cancels_nobody_else(
    redis_store: RedisEventStore,
) -> None:
    games = [await created(redis_store) for _ in range(12)]
    tasks = [
        asyncio.ensure_future(redis_store.append(g, AppendRequest(1, [event(2)]))) for g in games
    ]
    for _ in range(2):
        await asyncio.sleep(0)
    tasks[0].cancel()  # the first call gathers the batch
    tasks[5].cancel()
    done = await asyncio.gather(*tasks, return_exceptions=True)
    for index, outcome in enumerate(done):
        if index in (0, 5):
            continue
        assert not isinstance(outcome, BaseException), outcome
        assert outcome.appended
    for index, game_id in enumerate(games):
        versions = [e.version for e in await redis_store.read(game_id)]
        assert versions in ([1], [1, 2]) if index in (0, 5) else versions == [1, 2]


async def test_a_batch_whose_server_stopped_fails_every_caller_typed() -> None:
    with RedisServer() as server:
        store = connect(server.url, cluster=False, prefix=unique_prefix())
        try:
            games = [await created(store) for _ in range(6)]
            server.stop()
            done = await asyncio.wait_for(
                asyncio.gather(
                    *(store.append(g, AppendRequest(1, [event(2)])) for g in games),
                    return_exceptions=True,
                ),
                60,
            )
            assert all(isinstance(d, AppendUncertain | StoreUnavailable) for d in done), done
        finally:
            await store.close()
