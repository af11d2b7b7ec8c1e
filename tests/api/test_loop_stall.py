"""No request holds the event loop for long: while a long game (~1,700 events) is imported and
then folded from its log, `/healthz` keeps answering.

The probe asks `/healthz` one request after the other for as long as the work runs and counts
the answers that arrive before the work's own: a server whose loop the work held would answer
the probe only once the work is done (one answer, perhaps two, in its window), one that parses,
verifies and folds off the loop answers it all along. No time is measured; the service's own
worst loop lag is printed (`pytest -s`).
"""

from __future__ import annotations

import asyncio
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

ANSWERED_WHILE_WORKING = 5
"""Probes answered while the work runs, at least (a held loop answers one or two)."""


@pytest.fixture(scope="module")
def server(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    env = {"BOARDSTATE_ADMIN_TOKEN": ADMIN_TOKEN, "BOARDSTATE_SNAPSHOT_EVERY": "0"}
    with ServiceProcess(redis_server.url, env=env) as process:
        yield process


async def health_answers_during(url: str, work: Awaitable[Any]) -> tuple[int, Any]:
    """Runs `work` while probing `/healthz`; returns how many probes were answered (200)
    before the work was, and the work's result."""
    task = asyncio.ensure_future(work)
    answered = 0
    async with httpx.AsyncClient(trust_env=False, timeout=120) as http:
        while not task.done():
            assert (await http.get(f"{url}/healthz")).status_code == 200
            answered += not task.done()
            await asyncio.sleep(0.001)
    return answered, await task


async def loop_lag_max(url: str) -> float:
    """The service's own measure of the longest event-loop hold since it started."""
    async with httpx.AsyncClient(trust_env=False, timeout=30) as http:
        text = (await http.get(f"{url}/metrics")).text
    [line] = [x for x in text.splitlines() if x.startswith("boardstate_event_loop_lag_max_seconds")]
    return float(line.split()[-1])


async def test_an_import_and_a_long_fold_never_stall_the_loop(server: ServiceProcess) -> None:
    events = play_offline(GAMES["tf22-mine"], ["a", "b", "c", "d"], "long-1")
    assert len(events) > 1500
    answered, response = await health_answers_during(
        server.url, import_log(server.url, write_log(events))
    )
    assert response.status_code == 201, response.text
    game_id = response.json()["gameId"]
    lag = await loop_lag_max(server.url)
    print(f"\nimport of {len(events)} events: /healthz answered {answered} times, ", end="")
    print(f"worst loop lag in the service {lag * 1000:.1f} ms")
    assert answered >= ANSWERED_WHILE_WORKING
    api = Api(server.url)
    try:
        query = f'{{ game(id: "{game_id}") {{ state(version: {len(events) - 1}) }} }}'
        answered, body = await health_answers_during(server.url, api.gql(query))
    finally:
        await api.close()
    assert body["game"]["state"]
    lag = await loop_lag_max(server.url)
    print(f"fold of {len(events) - 2} events: /healthz answered {answered} times, ", end="")
    print(f"worst loop lag so far {lag * 1000:.1f} ms")
    assert answered >= ANSWERED_WHILE_WORKING
