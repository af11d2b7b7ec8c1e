"""End to end, on a real service process and real Redis: while a client posts the fragment
bomb, `/healthz` keeps answering and another client's moves are accepted; a subscription sent
over HTTP POST is a typed error."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.adversarial.documents import fragment_bomb
from tests.api.client import Api
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

HEALTHZ_BOUND_S = 1.0
"""Generous: a frozen event loop never answers; a healthy one answers in milliseconds."""
MOVE_DELAY_BOUND_S = 0.1
"""No move is delayed by the attack more than this: the service's own loop-lag histogram may
count no new hold of the event loop above it while the bombs are posted."""


async def loop_holds_over(url: str, bound: float) -> int:
    """How many of the service's loop-lag samples exceeded `bound` seconds so far."""
    async with httpx.AsyncClient(trust_env=False, timeout=10) as http:
        text = (await http.get(f"{url}/metrics")).text
    values = {
        line.split()[0]: float(line.split()[1])
        for line in text.splitlines()
        if line.startswith("boardstate_event_loop_lag_seconds_")
    }
    below = values[f'boardstate_event_loop_lag_seconds_bucket{{le="{bound}"}}']
    return int(values["boardstate_event_loop_lag_seconds_count"] - below)


@pytest.fixture(scope="module")
def service(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url) as process:
        yield process


async def test_healthz_and_moves_go_on_while_the_fragment_bomb_is_posted(
    service: ServiceProcess,
) -> None:
    player = Api(service.url)
    attacker = httpx.AsyncClient(base_url=service.url, timeout=5.0, trust_env=False)
    health = httpx.AsyncClient(base_url=service.url, timeout=HEALTHZ_BOUND_S * 3, trust_env=False)
    stop = asyncio.Event()
    latencies: list[float] = []
    bombs: list[dict[str, Any]] = []
    try:
        game_id, tokens = await player.new_game()
        holds_before = await loop_holds_over(service.url, MOVE_DELAY_BOUND_S)
        move_latencies: list[float] = []

        async def attack() -> None:
            for _ in range(50):
                response = await attacker.post("/graphql", json={"query": fragment_bomb(30)})
                bombs.append(response.json())

        async def probe() -> None:
            while not stop.is_set():
                started = time.perf_counter()
                response = await health.get("/healthz")
                latencies.append(time.perf_counter() - started)
                assert response.status_code == 200
                await asyncio.sleep(0.01)

        async def play() -> int:
            accepted = 0
            for _ in range(6):
                seat = (await player.game(game_id, "toAct"))["toAct"][0]
                move = (await player.legal_moves(game_id, seat, tokens[seat]))[0]
                started = time.perf_counter()
                result = await player.submit(game_id, seat, move, tokens[seat])
                move_latencies.append(time.perf_counter() - started)
                assert result["__typename"] == "MoveAccepted", result
                accepted += 1
            return accepted

        prober = asyncio.create_task(probe())
        accepted, _ = await asyncio.gather(play(), attack())
        stop.set()
        await prober
        holds_after = await loop_holds_over(service.url, MOVE_DELAY_BOUND_S)
    finally:
        stop.set()
        await player.close()
        await attacker.aclose()
        await health.aclose()

    assert accepted == 6
    assert len(bombs) == 50
    for body in bombs:
        [error] = body["errors"]
        assert error["extensions"]["code"] == "QUERY_TOO_COMPLEX"
        assert error["extensions"]["measure"] == "fields"
    worst = max(latencies)
    print(
        f"healthz during the attack: {len(latencies)} probes, worst {worst * 1000:.1f} ms;", end=""
    )
    print(f" moves: worst {max(move_latencies) * 1000:.1f} ms")
    assert worst < HEALTHZ_BOUND_S
    assert holds_after == holds_before, "the attack held the event loop over 100 ms"


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
