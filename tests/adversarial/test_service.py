"""End to end, on a real service process and real Redis: while a client posts the fragment
bomb, `/healthz` keeps answering and another client's moves are accepted (no time measured); a subscription sent
over HTTP POST is a typed error."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.adversarial.documents import fragment_bomb
from tests.api.client import Api
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

MOVES = 6


@pytest.fixture(scope="module")
def service(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url) as process:
        yield process


async def test_healthz_and_moves_go_on_while_the_fragment_bomb_is_posted(
    service: ServiceProcess,
) -> None:
    """The attacker posts bombs one after the other for as long as the player plays: every
    move is accepted and every `/healthz` probe answers 200 while bombs keep arriving, and
    every bomb is refused as too complex, before graphql-core validates it (a test of
    `schema.guard` proves that). No time is measured: the clients' timeouts are generous."""
    player = Api(service.url)
    attacker = httpx.AsyncClient(base_url=service.url, timeout=60, trust_env=False)
    health = httpx.AsyncClient(base_url=service.url, timeout=60, trust_env=False)
    played = asyncio.Event()
    bombs: list[dict[str, Any]] = []
    during: list[str] = []
    """What was answered while the attack went on, in order."""
    try:
        game_id, tokens = await player.new_game()

        async def attack() -> None:
            while not played.is_set() or len(bombs) < 2:
                response = await attacker.post("/graphql", json={"query": fragment_bomb(30)})
                bombs.append(response.json())
                during.append("bomb")

        async def probe() -> None:
            while not played.is_set():
                response = await health.get("/healthz")
                assert response.status_code == 200
                during.append("health")
                await asyncio.sleep(0.01)

        async def play() -> int:
            accepted = 0
            for _ in range(MOVES):
                seat = (await player.game(game_id, "toAct"))["toAct"][0]
                move = (await player.legal_moves(game_id, seat, tokens[seat]))[0]
                result = await player.submit(game_id, seat, move, tokens[seat])
                assert result["__typename"] == "MoveAccepted", result
                accepted += 1
                during.append("move")
            played.set()
            return accepted

        accepted, _, _ = await asyncio.gather(play(), attack(), probe())
    finally:
        played.set()
        await player.close()
        await attacker.aclose()
        await health.aclose()

    assert accepted == MOVES
    print(f"answered during the attack: {len(bombs)} bombs, {during.count('health')} probes")
    assert during.count("move") == MOVES
    assert during.count("health") >= 1
    assert len(bombs) >= 2
    for body in bombs:
        [error] = body["errors"]
        assert error["extensions"]["code"] == "QUERY_TOO_COMPLEX"
        assert error["extensions"]["measure"] == "fields"


async def test_a_subscription_over_post_is_a_typed_error(service: ServiceProcess) -> None:
    api = Api(service.url)
    try:
        body = await api.raw('subscription { gameEvents(gameId: "nope") { version } }')
    finally:
        await api.close()
    [error] = body["errors"]
    assert error["extensions"] == {"code": "SUBSCRIPTION_OVER_HTTP"}
    assert "Internal error" not in error["message"]


async def test_several_operations_without_a_name_run_none(service: ServiceProcess) -> None:
    api = Api(service.url)
    try:
        body = await api.raw("query A { gameTypes { id } } mutation B { __typename }")
    finally:
        await api.close()
    assert body.get("data") is None
    assert [e["extensions"]["code"] for e in body["errors"]] == ["OPERATION_NAME_REQUIRED"]
