"""A complete Trambahn game played by two HTTP clients, followed live, then verified from its log."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random

import httpx
import pytest

from tests.api.client import Api, GraphQLErrors, subscription
from tests.api.history import verified
from tests.api.play import play
from tests.api.server import ServiceProcess

pytestmark = pytest.mark.redis

RESULT = "status version toAct result { scores winners details }"


async def test_two_clients_play_a_whole_game_that_a_spectator_follows_live(
    api: Api, api2: Api, service: ServiceProcess
) -> None:
    game_id, tokens = await api.new_game()
    async with subscription(service.ws_url, game_id, after=0) as spectator:
        accepted = await play([api, api2], game_id, tokens, random.Random(2026))
        live = await spectator.rest(wait=30)
    game = await api.game(game_id, RESULT)
    assert game["status"] == "FINISHED"
    assert game["toAct"] == []
    assert [e["version"] for e in live] == list(range(1, game["version"] + 1))
    moved = [e for r in accepted for e in r["events"]]
    assert [(e["version"], e["stateHash"]) for e in moved] == [
        (e["version"], e["stateHash"]) for e in live[len(live) - len(moved) :]
    ]
    ended = live[-1]
    assert ended["type"] == "GameEnded"
    assert game["result"]["scores"] == ended["data"]["scores"]
    assert game["result"]["winners"] == ended["data"]["winners"]
    assert game["result"]["winners"]
    async with httpx.AsyncClient(trust_env=False) as http:
        response = await http.get(f"{service.url}/games/{game_id}/log")
    log = [json.loads(line) for line in response.text.splitlines()]
    assert [line["stateHash"] for line in log] == [e["stateHash"] for e in live]
    record = verified(game_id, response.content)
    assert record.result is not None
    assert list(record.result.scores) == game["result"]["scores"]
    await assert_no_feeds_left(service)


async def assert_no_feeds_left(service: ServiceProcess) -> None:
    """The shared log readers stop with their last subscriber."""
    async with httpx.AsyncClient(trust_env=False) as http:
        for _ in range(100):
            text = (await http.get(f"{service.url}/metrics")).text
            if "boardstate_feeds 0.0" in text and "boardstate_subscribers 0.0" in text:
                return
            await asyncio.sleep(0.02)
    raise AssertionError("a feed or subscriber is still registered")


async def test_a_late_subscriber_catches_up_from_any_version_and_ends(
    api: Api, api2: Api, service: ServiceProcess
) -> None:
    game_id, tokens = await api.new_game()
    await play([api, api2], game_id, tokens, random.Random(5), max_moves=3)
    version = (await api.game(game_id, "version"))["version"]
    async with subscription(service.ws_url, game_id, after=version - 2) as late:
        assert [e["version"] for e in await late.take(2)] == [version - 1, version]
        await play([api, api2], game_id, tokens, random.Random(6))
        rest = await late.rest(wait=30)
    final = (await api.game(game_id, "version"))["version"]
    assert [e["version"] for e in rest] == list(range(version + 1, final + 1))
    async with subscription(service.ws_url, game_id, after=final - 1) as after_end:
        assert [e["type"] for e in await after_end.rest()] == ["GameEnded"]


async def test_a_subscription_to_an_unknown_game_reports_game_not_found(
    service: ServiceProcess,
) -> None:
    async with subscription(service.ws_url, "no-such-game") as feed:
        with pytest.raises(GraphQLErrors) as caught:
            await feed.next()
    assert caught.value.codes == ["GAME_NOT_FOUND"]


async def metric(service: ServiceProcess, name: str) -> float:
    async with httpx.AsyncClient(trust_env=False) as http:
        text = (await http.get(f"{service.url}/metrics")).text
    (line,) = [row for row in text.splitlines() if row.startswith(f"{name} ")]
    return float(line.split()[1])


async def test_subscribers_of_one_game_share_one_reader(api: Api, service: ServiceProcess) -> None:
    game_id, tokens = await api.new_game()
    version = (await api.game(game_id, "version"))["version"]
    async with contextlib.AsyncExitStack() as stack:
        feeds = [
            await stack.enter_async_context(subscription(service.ws_url, game_id, after=version))
            for _ in range(3)
        ]
        for _ in range(100):
            if await metric(service, "boardstate_subscribers") == 3:
                break
            await asyncio.sleep(0.02)
        assert await metric(service, "boardstate_subscribers") == 3
        assert await metric(service, "boardstate_feeds") == 1
        (result,) = await play([api], game_id, tokens, random.Random(9), max_moves=1)
        count = len(result["events"])
        received = [await feed.take(count) for feed in feeds]
        assert all(
            [e["version"] for e in r] == [e["version"] for e in result["events"]] for r in received
        )
    await assert_no_feeds_left(service)
