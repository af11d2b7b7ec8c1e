"""Bot seats on real Redis (issue 17): jobs through the consumer group, moves through the rules.

Two services (`build_service`) (two replicas) each run a bot worker on one Redis; games whose seats are all
bots play themselves to the end; every version holds at most one move (`bot-<version>` ids,
conditional appends), and the log verifies.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time

import pytest

from boardstate.engine import registry
from boardstate.service.composition import Service, build_service
from boardstate.service.history.verify import verify_log
from boardstate.service.metrics import Metrics
from boardstate.service.runtime.loops import Loop, Loops
from boardstate.service.settings import Settings
from boardstate.service.store import RedisEventStore


def _service(store: RedisEventStore) -> Service:
    settings = dataclasses.replace(Settings(), redis_url="redis://unused", key_prefix=store.prefix)
    return build_service(store, settings, Metrics())


async def _finished(service: Service, game_id: str, seconds: float = 30) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        record = await service.games.loader.load(game_id)
        assert record is not None
        if record.status != "ACTIVE":
            return record.status
        await asyncio.sleep(0.05)
    raise AssertionError("the bot game did not finish")


@pytest.mark.parametrize("game_type", ["trambahn", "tinners-trail", "trekking", "tf22-mine"])
async def test_a_game_of_only_bots_plays_itself_to_the_end_on_two_workers(
    redis_store: RedisEventStore, game_type: str
) -> None:
    a, b = _service(redis_store), _service(redis_store)
    players = registry.get(game_type).info.min_players
    bots = [{"seat": s, "policy": "random"} for s in range(players)]
    options = {"max_rounds": 3} if game_type == "tf22-mine" else None
    created = await a.lobby.create_game(game_type, players, options, None, None, bots)
    assert created.tokens == ()
    loops = Loops(
        [
            Loop("bot-worker-a", "plays bot turns", "bot jobs", a.bot_worker.run),
            Loop("bot-worker-b", "plays bot turns", "bot jobs", b.bot_worker.run),
        ]
    )
    loops.start()
    try:
        assert await _finished(a, created.game.id) == "FINISHED"
        # The worker that made the last move counts it once its append has returned, which
        # may be after the game reads FINISHED: wait for the counts, then stop the workers.
        for _ in range(600):
            events = await redis_store.read(created.game.id)
            move_ids = [e.move_id for e in events if e.move is not None]
            if a.bot_worker.moves + b.bot_worker.moves >= len(move_ids):
                break
            await asyncio.sleep(0.05)
    finally:
        await loops.stop()
    events = await redis_store.read(created.game.id)
    move_ids = [e.move_id for e in events if e.move is not None]
    assert move_ids
    assert all(m is not None and m.startswith("bot-") for m in move_ids)
    assert len(set(move_ids)) == len(move_ids)
    report = verify_log(events)
    assert report.ok, report.failure
    assert a.bot_worker.moves + b.bot_worker.moves == len(move_ids)


async def test_bot_seats_are_checked(redis_store: RedisEventStore) -> None:
    a = _service(redis_store)
    for bad in (
        [{"seat": 2, "policy": "random"}],
        [{"seat": 0, "policy": "genius"}],
        [{"seat": 0, "policy": "random"}, {"seat": 0, "policy": "random"}],
        [{"seat": 0, "policy": "random", "budgetMs": 0}],
        [{"seat": 0, "policy": "random", "extra": 1}],
    ):
        with pytest.raises(Exception) as caught:
            await a.lobby.create_game("trambahn", 2, None, None, None, bad)
        assert getattr(caught.value, "code", None) == "BAD_OPTIONS"
    created = await a.lobby.create_game(
        "trambahn", 2, None, None, ["ann"], [{"seat": 1, "policy": "random"}]
    )
    assert created.game.status == "ACTIVE"
    assert [s for s, _ in created.tokens] == [0]
