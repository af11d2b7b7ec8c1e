"""Which seats a rated game's end rates, on real games in real Redis (issue 37): a seat whose
holder never moved is left out (a two-player game resigned at once, or after one seat moved,
rates nobody; once both moved it rates both), and a replica that reads the game from a snapshot
(`BOARDSTATE_SNAPSHOT_EVERY`) knows who moved as the one that appended it."""

from __future__ import annotations

import dataclasses

import pytest

from boardstate.service.composition import Service, build_service
from boardstate.service.features.ratings.applier import result_of
from boardstate.service.metrics import Metrics
from boardstate.service.settings import Settings
from boardstate.service.store import RedisEventStore
from tests.service.rated_play import each_moves, move_once

pytestmark = pytest.mark.redis


def replica(store: RedisEventStore, snapshot_every: int = 64) -> Service:
    """A service process of its own (its own game cache) on `store`."""
    settings = dataclasses.replace(
        Settings(),
        redis_url="redis://unused",
        key_prefix=store.prefix,
        snapshot_every=snapshot_every,
    )
    return build_service(store, settings, Metrics())


async def rated_game(service: Service) -> tuple[str, dict[int, str]]:
    created = await service.lobby.create_game(
        "trambahn", 2, None, None, ["ann", "bob"], None, ["p-ann", "p-bob"], rated=True
    )
    return created.game.id, dict(created.tokens)


async def test_only_seats_whose_holder_moved_are_rated(redis_store: RedisEventStore) -> None:
    service = replica(redis_store)
    loader = service.games.loader
    at_once, tokens = await rated_game(service)
    await service.tables.resign(at_once, 1, tokens[1])
    assert await result_of(loader, at_once) is None

    one_moved, tokens = await rated_game(service)
    record = await loader.load(one_moved)
    assert record is not None
    first = record.to_act[0]
    await move_once(service, one_moved, tokens, first)
    record = await loader.load(one_moved)
    assert record is not None
    assert record.table.has_moved(first)
    assert not record.table.has_moved(1 - first)
    await service.tables.resign(one_moved, 1 - first, tokens[1 - first])  # at version N > start
    assert await result_of(loader, one_moved) is None

    both, tokens = await rated_game(service)
    await each_moves(service, both, tokens)
    await service.tables.leave_game(both, 0, tokens[0])  # after the start: a resignation
    rated = await result_of(loader, both)
    assert rated is not None
    assert (rated.players, rated.ranks, rated.seats) == (("p-ann", "p-bob"), (1, 0), (0, 1))
    assert rated.per_pair == 5  # what the game recorded (the setting's default)


async def test_a_replica_reading_a_snapshot_knows_who_moved(redis_store: RedisEventStore) -> None:
    writer = replica(redis_store, snapshot_every=4)
    game_id, tokens = await rated_game(writer)
    await each_moves(writer, game_id, tokens)
    record = await writer.games.loader.load(game_id)
    assert record is not None
    both_moved = record.version
    for _ in range(8):  # past a snapshot point after both moved (no lifecycle event: it is used)
        await move_once(writer, game_id, tokens, record.to_act[0])
        record = await writer.games.loader.load(game_id)
        assert record is not None
    found = await redis_store.snapshot_before(game_id, record.version)
    assert found is not None
    assert found[0] > both_moved
    fresh = replica(redis_store, snapshot_every=4)  # no cache: folds from that snapshot
    loaded = await fresh.games.loader.load(game_id)
    assert loaded is not None
    assert loaded.table.moved == record.table.moved
    assert loaded.table.has_moved(0)
    assert loaded.table.has_moved(1)
    await fresh.tables.resign(game_id, 0, tokens[0])
    rated = await result_of(replica(redis_store, snapshot_every=4).games.loader, game_id)
    assert rated is not None
    assert rated.players == ("p-ann", "p-bob")
