"""Load: 200 idle live subscriptions on 200 games while 16 clients play moves (issue 13, item 2).

Every move must be accepted, and afterwards every one of the 200 idle streams still gets its
game's next event (one move in each idle game). The p50 and p99 of move latency are printed
(`-s`); no speed is asserted.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator

import httpx
import pytest

from tests.api.client import Api, Events
from tests.api.live_support import gauge, new_games, streams
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.slow]

IDLE = 200
PLAYERS = 16
MOVES = 20
WAIT_S = 60.0
"""A generous bound on one stream's wait for its next event."""


@pytest.fixture
def service(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    env = {"BOARDSTATE_MAX_STREAMS_PER_ADDRESS": "1000", "BOARDSTATE_RATE_LIMITS": "0"}
    with ServiceProcess(redis_server.url, env=env) as process:
        yield process


async def player(api: Api, game_id: str, tokens: list[str], rnd: random.Random) -> list[float]:
    """Plays up to MOVES moves; returns the latency of each `submitMove`."""
    latencies: list[float] = []
    for _ in range(MOVES):
        game = await api.game(game_id, "version status toAct")
        if game["status"] != "ACTIVE":
            break
        seat = game["toAct"][0]
        move = rnd.choice(await api.legal_moves(game_id, seat, tokens[seat]))
        start = time.perf_counter()
        result = await api.submit(game_id, seat, move, tokens[seat], v=game["version"])
        latencies.append(time.perf_counter() - start)
        assert result["__typename"] == "MoveAccepted", result
    return latencies


async def wake(
    api: Api, game: tuple[str, list[str]], events: Events, gate: asyncio.Semaphore
) -> None:
    """Plays one move in an idle game; its stream must bring that move's event."""
    game_id, tokens = game
    async with gate:
        seat = (await api.game(game_id, "toAct"))["toAct"][0]
        move = (await api.legal_moves(game_id, seat, tokens[seat]))[0]
        move_id = f"wake-{game_id}"
        result = await api.submit(game_id, seat, move, tokens[seat], id=move_id)
        assert result["__typename"] == "MoveAccepted", result
    while True:
        event = await events.next(WAIT_S)
        assert event is not None, f"the stream of {game_id} completed"
        if event["moveId"] == move_id:
            return


async def test_moves_are_served_beside_200_idle_subscriptions(service: ServiceProcess) -> None:
    apis = [Api(service.url) for _ in range(PLAYERS)]
    try:
        idle = await new_games(apis[0], IDLE)
        played = await new_games(apis[1], PLAYERS)
        async with streams(service.ws_url, idle, spectators=True) as opened:
            rnd = random.Random(13)
            runs = [
                player(api, g, t, random.Random(rnd.random()))
                for api, (g, t) in zip(apis, played, strict=True)
            ]
            latencies = sorted(x for run in await asyncio.gather(*runs) for x in run)
            async with httpx.AsyncClient(trust_env=False) as client:
                text = (await client.get(f"{service.url}/metrics")).text
            gate = asyncio.Semaphore(8)
            await asyncio.gather(
                *(wake(apis[0], g, e, gate) for g, e in zip(idle, opened, strict=True))
            )
        p99 = latencies[int(len(latencies) * 0.99) - 1]
        print(
            f"\n{len(latencies)} moves beside {IDLE} idle streams: p50 "
            f"{latencies[len(latencies) // 2] * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms; "
            f"stream readers {gauge(text, 'boardstate_stream_readers'):.0f}, "
            f"request connections in use {gauge(text, 'boardstate_redis_pool_in_use'):.0f}"
        )
        assert len(latencies) >= PLAYERS * 5
        assert gauge(text, "boardstate_subscribers") == IDLE
        assert gauge(text, "boardstate_stream_readers") == 1
    finally:
        for api in apis:
            await api.close()
