"""The ratings consumer on real Redis (`service.features.ratings.consumer`): a feed entry taken
by a consumer that dies before acknowledging it is claimed by another and applied once; an
abandoned game's end is acknowledged and never rated; both replicas' consumers handing the same
end twice apply it once."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from boardstate.service.composition import Service, build_service
from boardstate.service.features.ratings.consumer import RatingsConsumer
from boardstate.service.metrics import Metrics
from boardstate.service.settings import Settings
from boardstate.service.store import RedisEventStore
from boardstate.service.store.players.rating_store import GROUP
from tests.service.rated_play import each_moves

pytestmark = pytest.mark.redis


ADMIN = "admin-token-for-ratings"


def replica(store: RedisEventStore) -> Service:
    settings = dataclasses.replace(
        Settings(), redis_url="redis://unused", key_prefix=store.prefix, admin_token=ADMIN
    )
    return build_service(store, settings, Metrics())


async def relayed(service: Service) -> None:
    """Moves every outbox to the feed (the relay loop's work, once)."""
    for game_id, mark in await service.store.outbox.pending(100):
        await service.relay.relay_game(game_id, mark)


async def ended_game(service: Service, rated: bool, abort: bool = False) -> str:
    created = await service.lobby.create_game(
        "trambahn", 2, None, None, ["ann", "bob"], None, ["p-ann", "p-bob"], rated=rated
    )
    if abort:
        await service.tables.abort_game(created.game.id, ADMIN)
    else:
        await each_moves(service, created.game.id, dict(created.tokens))
        await service.tables.resign(created.game.id, 0, created.tokens[0][1])
    return created.game.id


async def pending(store: RedisEventStore) -> Any:
    return (await store.client.xpending(store.outbox.keys.feed, GROUP))["pending"]


async def test_an_entry_a_dead_consumer_took_is_claimed_and_applied_once(
    redis_store: RedisEventStore,
) -> None:
    a, b = replica(redis_store), replica(redis_store)
    game_id = await ended_game(a, rated=True)
    await relayed(a)
    taken = await redis_store.ratings.take("dead", 100)  # then it dies: no ack
    assert any(b'"game.ended"' in raw for _, raw in taken)
    assert await pending(redis_store) == len(taken)
    survivor: RatingsConsumer = b.ratings.consumer
    claimed = await redis_store.ratings.reclaim(survivor.name, 0, 100)
    await survivor.round(claimed)
    await survivor.round(claimed)  # handed twice (a second claim): applied once
    assert await pending(redis_store) == 0
    history = await b.ratings.history("p-bob", "trambahn", None, None)
    assert [e.game_id for e in history.entries] == [game_id]
    assert history.entries[0].place == 1


async def test_an_abandoned_or_unrated_game_is_acknowledged_and_not_rated(
    redis_store: RedisEventStore,
) -> None:
    service = replica(redis_store)
    await ended_game(service, rated=True, abort=True)
    await ended_game(service, rated=False)
    await relayed(service)
    consumer = service.ratings.consumer
    await consumer.round(await redis_store.ratings.take(consumer.name, 100))
    assert await pending(redis_store) == 0
    assert await service.ratings.player_ratings("p-ann") == []


async def test_consumers_of_stopped_processes_are_forgotten(redis_store: RedisEventStore) -> None:
    for n in range(3):
        await redis_store.outbox.relay({"id": f"a{n}", "type": "game.created"}, [], 1)
    for name in ("gone-1", "gone-2", "alive"):
        await redis_store.ratings.done(
            [entry for entry, _ in await redis_store.ratings.take(name, 1)]
        )
    assert await redis_store.ratings.forget_idle(0, keep="alive") == 2
    info = await redis_store.client.xinfo_consumers(redis_store.outbox.keys.feed, GROUP)
    assert [c["name"] for c in info] == [b"alive"]
