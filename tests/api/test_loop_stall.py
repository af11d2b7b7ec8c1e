"""No request holds the event loop for long: while a long game (~1,700 events) is imported and
then folded from its log, `/healthz` keeps answering.

The probe asks `/healthz` every millisecond and records the slowest round trip, which bounds
how long the server's loop was held. The bound asserted is generous (a shared CI machine); the
figures are printed (`pytest -s`).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Iterator
from typing import Any

import httpx
import pytest

from boardstate.engine.registry import GAMES
from boardstate.service.history.log_format import write_log
from boardstate.service.log.event_builder import play_offline
from tests.api.client import Api
from tests.api.history import ADMIN_TOKEN, import_log
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

MAX_STALL_SECONDS = 0.25


@pytest.fixture(scope="module")
def server(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    env = {"BOARDSTATE_ADMIN_TOKEN": ADMIN_TOKEN, "BOARDSTATE_SNAPSHOT_EVERY": "0"}
    with ServiceProcess(redis_server.url, env=env) as process:
        yield process


async def slowest_health_check_during(url: str, work: Awaitable[Any]) -> tuple[float, Any]:
    """Runs `work` while probing `/healthz`; returns the slowest round trip and the result."""
    task = asyncio.ensure_future(work)
    slowest = 0.0
    async with httpx.AsyncClient(trust_env=False, timeout=30) as http:
        while not task.done():
            started = time.perf_counter()
            assert (await http.get(f"{url}/healthz")).status_code == 200
            slowest = max(slowest, time.perf_counter() - started)
            await asyncio.sleep(0.001)
    return slowest, await task


async def loop_lag_max(url: str) -> float:
    """The service's own measure of the longest event-loop hold since it started."""
    async with httpx.AsyncClient(trust_env=False, timeout=30) as http:
        text = (await http.get(f"{url}/metrics")).text
    [line] = [x for x in text.splitlines() if x.startswith("boardstate_event_loop_lag_max_seconds")]
    return float(line.split()[-1])


async def test_an_import_and_a_long_fold_never_stall_the_loop(server: ServiceProcess) -> None:
    events = play_offline(GAMES["tf22-mine"], ["a", "b", "c", "d"], "long-1")
    assert len(events) > 1500
    stall, response = await slowest_health_check_during(
        server.url, import_log(server.url, write_log(events))
    )
    assert response.status_code == 201, response.text
    game_id = response.json()["gameId"]
    lag = await loop_lag_max(server.url)
    print(f"\nimport of {len(events)} events: slowest /healthz {stall * 1000:.1f} ms, ", end="")
    print(f"worst loop lag in the service {lag * 1000:.1f} ms")
    assert stall < MAX_STALL_SECONDS
    api = Api(server.url)
    try:
        query = f'{{ game(id: "{game_id}") {{ state(version: {len(events) - 1}) }} }}'
        stall, body = await slowest_health_check_during(server.url, api.gql(query))
    finally:
        await api.close()
    assert body["game"]["state"]
    lag = await loop_lag_max(server.url)
    print(f"fold of {len(events) - 2} events: slowest /healthz {stall * 1000:.1f} ms, ", end="")
    print(f"worst loop lag so far {lag * 1000:.1f} ms")
    assert lag < MAX_STALL_SECONDS
    assert stall < MAX_STALL_SECONDS
