"""Any process serves any game: a restart recovers the exact state, and two processes share it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tests.api.client import Api, subscription
from tests.api.play import play
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

SNAPSHOT = """
  version status toAct seats { index name joined }
  spectator: state
  early: state(version: 12)
  events(first: 100) { totalCount edges { cursor node { version type seat moveId data at stateHash } } }
"""


@pytest.fixture
def processes(redis_server: RedisServer) -> Iterator[list[ServiceProcess]]:
    """Two servers on one Redis with one key prefix (the second is started by the test)."""
    first = ServiceProcess(redis_server.url).start()
    second = ServiceProcess(redis_server.url, prefix=first.prefix)
    try:
        yield [first, second]
    finally:
        first.stop()
        second.stop()


async def snapshot(api: Api, game_id: str, tokens: list[str]) -> dict[str, Any]:
    out = {"game": await api.game(game_id, SNAPSHOT)}
    for seat, token in enumerate(tokens):
        out[f"seat{seat}"] = await api.game(game_id, f"state(seat: {seat})", token=token)
        out[f"legal{seat}"] = await api.legal_moves(game_id, seat, token)
    return out


async def test_a_restarted_service_recovers_every_game_exactly(
    processes: list[ServiceProcess],
) -> None:
    first, second = processes
    api = Api(first.url)
    try:
        game_id, tokens = await api.new_game()
        await play([api], game_id, tokens, random.Random(1), max_moves=6)
        before = await snapshot(api, game_id, tokens)
    finally:
        await api.close()
    first.stop()
    second.start()
    api = Api(second.url)
    try:
        assert await snapshot(api, game_id, tokens) == before
        more = await play([api], game_id, tokens, random.Random(2), max_moves=3)
        assert more[0]["version"] > before["game"]["version"]
    finally:
        await api.close()


async def test_moves_through_one_process_reach_a_subscriber_of_another(
    processes: list[ServiceProcess],
) -> None:
    first, second = processes
    second.start()
    movers, watcher = Api(first.url), Api(second.url)
    try:
        game_id, tokens = await movers.new_game()
        version = (await watcher.game(game_id, "version"))["version"]
        payload = {"Authorization": f"Bearer {tokens[0]}"}
        async with subscription(second.ws_url, game_id, after=version, payload=payload) as feed:
            accepted = await play([movers], game_id, tokens, random.Random(3), max_moves=8)
            moved = [e for result in accepted for e in result["events"]]
            live = await feed.take(len(moved), wait=15)
        assert [e["version"] for e in live] == list(range(version + 1, version + len(moved) + 1))
        assert [(e["type"], e["stateHash"], e["moveId"]) for e in live] == [
            (e["type"], e["stateHash"], e["moveId"]) for e in moved
        ]
        for event in live:
            if event["type"] == "CardsDrawn":
                cards = event["data"]["cards"]
                assert all((c is not None) == (event["data"]["seat"] == 0) for c in cards)
    finally:
        await movers.close()
        await watcher.close()
