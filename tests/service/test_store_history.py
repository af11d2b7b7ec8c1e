"""The store's history features on a real Redis server and a real Redis Cluster: snapshots
beside a game's log, the `move` envelope field, and the index's player filter."""

from __future__ import annotations

import dataclasses

import pytest

from boardstate.service.store import GameSummary, RedisEventStore
from tests.service.store_contract import created, event, new_id

pytestmark = pytest.mark.redis


@pytest.fixture(params=["single", "cluster"])
def store(
    request: pytest.FixtureRequest, redis_store: RedisEventStore, cluster_store: RedisEventStore
) -> RedisEventStore:
    """The store on one server, then on the cluster."""
    return redis_store if request.param == "single" else cluster_store


async def test_the_latest_snapshot_at_or_before_a_version_is_found(store: RedisEventStore) -> None:
    game_id = await created(store, appended=3)
    assert await store.snapshot_before(game_id, 100) is None
    await store.snapshot_put(game_id, 64, b"at-64")
    await store.snapshot_put(game_id, 128, b"at-128")
    await store.snapshot_put(game_id, 64, b"at-64-again")
    assert await store.snapshot_before(game_id, 63) is None
    assert await store.snapshot_before(game_id, 64) == (64, b"at-64-again")
    assert await store.snapshot_before(game_id, 127) == (64, b"at-64-again")
    assert await store.snapshot_before(game_id, 10**9) == (128, b"at-128")
    assert await store.snapshot_before("{bad}", 10) is None


async def test_the_snapshots_of_a_game_share_its_slot(store: RedisEventStore) -> None:
    keys = store.keys(new_id())
    assert keys.snapshots.split(":")[1] == keys.log.split(":")[1]


async def test_a_move_is_stored_on_the_event_that_carries_it(store: RedisEventStore) -> None:
    game_id = new_id()
    first = event(1, "game_created")
    moved = dataclasses.replace(event(2, "moved"), move={"type": "pass", "n": [1, 2]})
    assert await store.create(game_id, first, {"status": "ACTIVE"}, rest=[moved])
    assert await store.read(game_id) == [first, moved]
    assert moved.to_export()["move"] == {"type": "pass", "n": [1, 2]}
    assert "move" not in first.to_export()


async def test_games_are_indexed_by_player_names(store: RedisEventStore) -> None:
    ids = [new_id() for _ in range(3)]
    rows = [
        GameSummary(ids[0], "trambahn", "ACTIVE", "2026-01-01T00:00:00.000Z", ("Ann", "Bob")),
        GameSummary(ids[1], "trekking", "OPEN", "2026-01-02T00:00:00.000Z", ("ann",)),
        GameSummary(ids[2], "trambahn", "ACTIVE", "2026-01-03T00:00:00.000Z", ("Cy", "Bob")),
    ]
    for row in rows:
        await store.index_put(row)
    page, total = await store.index_page(None, 10, None, None, " ANN ")
    assert (total, [r.game_id for r in page]) == (2, [ids[1], ids[0]])
    assert page[1].players == ("Ann", "Bob")
    page, total = await store.index_page(None, 10, "trambahn", "ACTIVE", "bob")
    assert (total, [r.game_id for r in page]) == (2, [ids[2], ids[0]])
    await store.index_put(
        GameSummary(ids[1], "trekking", "ACTIVE", rows[1].created_at, ("ann", "Di"))
    )
    assert (await store.index_page(None, 10, None, "OPEN", "ann"))[1] == 0
    page, total = await store.index_page(None, 10, "trekking", "ACTIVE", "di")
    assert [r.game_id for r in page] == [ids[1]]
    after_first, _ = await store.index_page(ids[1], 10, None, None, "ann")
    assert [r.game_id for r in after_first] == [ids[0]]
