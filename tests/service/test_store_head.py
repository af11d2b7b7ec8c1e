"""The append's head condition (`AppendRequest.head_hash`): an append lands only on the log's
head the caller folded, checked atomically with the version by the append script."""

from __future__ import annotations

import pytest

from boardstate.service.store import AppendRequest, RedisEventStore
from tests.service.store_contract import created, event, events

pytestmark = pytest.mark.redis


async def test_an_append_on_the_expected_head_lands(redis_store: RedisEventStore) -> None:
    game_id = await created(redis_store, appended=2)
    head = event(3).state_hash
    outcome = await redis_store.append(game_id, AppendRequest(3, events(4, 2), head_hash=head))
    assert (outcome.appended, outcome.current_version, outcome.diverged) == (True, 5, False)


async def test_another_event_at_the_expected_version_appends_nothing(
    redis_store: RedisEventStore,
) -> None:
    game_id = await created(redis_store, appended=2)
    request = AppendRequest(3, events(4, 1), move_id="m1", meta={"status": "X"}, head_hash="f" * 64)
    outcome = await redis_store.append(game_id, request)
    assert (outcome.appended, outcome.diverged, outcome.version_conflict) == (False, True, False)
    assert outcome.current_version == 3
    assert await redis_store.version(game_id) == 3
    assert await redis_store.move_outcome(game_id, "m1") is None
    assert await redis_store.meta(game_id) == {"status": "OPEN"}


async def test_the_move_id_and_the_version_are_checked_before_the_head(
    redis_store: RedisEventStore,
) -> None:
    game_id = await created(redis_store)
    first = await redis_store.append(game_id, AppendRequest(1, events(2, 1), move_id="m1"))
    assert first.appended
    again = await redis_store.append(
        game_id, AppendRequest(1, events(2, 1), move_id="m1", head_hash="f" * 64)
    )
    assert (again.duplicate_move, again.first_version, again.last_version) == (True, 2, 2)
    stale = await redis_store.append(game_id, AppendRequest(1, events(2, 1), head_hash="f" * 64))
    assert (stale.version_conflict, stale.diverged, stale.current_version) == (True, False, 2)


async def test_a_lost_head_event_is_a_diverged_head(redis_store: RedisEventStore) -> None:
    game_id = await created(redis_store, appended=2)
    await redis_store.client.xdel(redis_store.keys(game_id).log, "3-0")
    await redis_store.client.xadd(redis_store.keys(game_id).log, {"e": b"\x80"}, id="4-0")
    # XLEN is 3 again, but the entry at version 3 is gone.
    outcome = await redis_store.append(
        game_id, AppendRequest(3, events(4, 1), head_hash=event(3).state_hash)
    )
    assert (outcome.appended, outcome.diverged) == (False, True)
