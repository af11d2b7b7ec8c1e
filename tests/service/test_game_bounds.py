"""Every game is bounded (issue 27), on real Redis: options that let a game go on for ever are
refused with bots or a clock, a bot's budget above the server's cap is refused, and a game that
reaches its event cap ends ABANDONED (`endedBy: "limit"`) through the ordinary `GameEnded`."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from boardstate.engine import registry
from boardstate.engine.core.errors import MoveError
from boardstate.service.composition import Service, build_service
from boardstate.service.features.moves import game_bounds
from boardstate.service.metrics import Metrics
from boardstate.service.settings import Settings
from boardstate.service.store import RedisEventStore

pytestmark = pytest.mark.redis

ENDLESS = {"max_rounds": 0}
CLOCK = {"perMoveSeconds": 60}


def _service(store: RedisEventStore, **changes: Any) -> Service:
    settings = dataclasses.replace(
        Settings(), redis_url="redis://unused", key_prefix=store.prefix, **changes
    )
    return build_service(store, settings, Metrics())


def test_the_cap_is_the_setting_or_the_rules_bound_whichever_is_smaller() -> None:
    trekking, mine = registry.get("trekking"), registry.get("tf22-mine")
    derived = game_bounds.HEADROOM * game_bounds.FACTS_PER_MOVE * trekking.info.max_game_length
    assert game_bounds.cap(trekking, 20_000) == derived < 20_000
    assert game_bounds.cap(mine, 20_000) == 20_000
    assert game_bounds.cap(mine, 60) == 60


@pytest.mark.parametrize(
    ("options", "bots"),
    [
        ({**ENDLESS, "clock": CLOCK}, None),
        ({**ENDLESS, "clock": {**CLOCK, "onTimeout": "forfeit"}}, None),
        (ENDLESS, [{"seat": 1, "policy": "random"}]),
    ],
)
async def test_a_game_without_end_that_needs_nobody_is_refused(
    redis_store: RedisEventStore, options: dict[str, Any], bots: list[dict[str, Any]] | None
) -> None:
    service = _service(redis_store)
    names = ["ann"] if bots else ["ann", "bob"]
    with pytest.raises(MoveError) as caught:
        await service.lobby.create_game("tf22-mine", 2, options, None, names, bots)
    assert caught.value.code == "BAD_OPTIONS"
    assert caught.value.details["reason"] == "unbounded"
    assert caught.value.details["options"] == ["max_rounds"]
    assert await redis_store.index_page(None, 10, None, None) == ([], 0)


async def test_games_with_an_end_or_with_people_at_the_table_are_created(
    redis_store: RedisEventStore,
) -> None:
    service = _service(redis_store)
    await service.lobby.create_game("tf22-mine", 2, ENDLESS, None, ["ann", "bob"])  # people play it
    await service.lobby.create_game(
        "tf22-mine", 2, {"max_rounds": 5, "clock": CLOCK}, None, ["a", "b"]
    )
    bot = [{"seat": 1, "policy": "random"}]
    await service.lobby.create_game("tf22-mine", 2, {"max_rounds": 5}, None, ["ann"], bot)


async def test_a_bot_budget_over_the_servers_cap_is_refused(redis_store: RedisEventStore) -> None:
    service = _service(redis_store, max_bot_budget_ms=500)
    slow = [{"seat": 1, "policy": "search", "budgetMs": 501}]
    with pytest.raises(MoveError) as caught:
        await service.lobby.create_game("trambahn", 2, None, None, ["ann"], slow)
    assert (caught.value.code, caught.value.details["max"]) == ("BAD_OPTIONS", 500)
    await service.lobby.create_game(
        "trambahn", 2, None, None, ["ann"], [{**slow[0], "budgetMs": 500}]
    )


async def test_a_game_at_its_event_cap_ends_abandoned_by_the_limit(
    redis_store: RedisEventStore,
) -> None:
    cap = 40
    service = _service(redis_store, max_game_events=cap)
    created = await service.lobby.create_game("trambahn", 2, None, None, ["ann", "bob"])
    game_id = created.game.id
    tokens = dict(created.tokens)
    for _ in range(400):
        record = await service.games.loader.load(game_id)
        assert record is not None
        if record.status != "ACTIVE":
            break
        seat = record.to_act[0]
        view = await service.games.game(game_id)
        assert view is not None
        move = (await service.games.legal_moves(view, seat, tokens[seat]))[0]
        await service.moves.submit_move(game_id, seat, move, tokens[seat], None, None, False)
    record = await service.games.loader.load(game_id)
    assert record is not None
    assert record.status == "ABANDONED"
    assert record.result is not None
    assert record.result.details["endedBy"] == "limit"
    assert record.result.details["eventLimit"] == cap
    assert record.result.winners == ()
    events = await redis_store.read(game_id)
    assert events[-1].type == "GameEnded"
    assert cap < len(events) <= cap + 16  # the move that reached the cap, then GameEnded
    # Nothing is left for a steward to claim: the game is not due again, ever.
    assert game_id not in await redis_store.claim_due(2**62, 1000, 1000)


async def test_a_cap_lowered_under_running_games_ends_them_at_the_next_sweep(
    redis_store: RedisEventStore,
) -> None:
    before = _service(redis_store)
    created = await before.lobby.create_game("trambahn", 2, None, None, ["ann", "bob"])
    game_id = created.game.id
    version = created.game.version
    # The operator lowers BOARDSTATE_MAX_GAME_EVENTS under the game's length and restarts.
    after = _service(redis_store, max_game_events=version)
    await after.steward.sweep()
    assert await after.steward.tick() == 1  # due at once

    record = await after.games.loader.load(game_id)
    assert record is not None
    assert record.status == "ABANDONED"
    assert record.result is not None
    assert record.result.details["endedBy"] == "limit"
    # Nothing is left for a steward to claim: the game is not due again, ever.
    assert game_id not in await redis_store.claim_due(2**62, 1000, 0)
