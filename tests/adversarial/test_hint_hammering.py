"""`suggested-move` hammered at about 20 requests per second on each door (issue 27), against a
real service on real Redis.

Before: 144 of the answers were HTTP 500 (`TimeoutError` from `wait_for`), and the threads it
abandoned kept thinking. Now at most `BOARDSTATE_HINT_CONCURRENCY` hints think at once; one more
is refused at once with `RATE_LIMITED` (`details.scope: "hints"`, REST 429 / GraphQL error, both
with `Retry-After`); every other answer is a legal move; and once the hammering stops no thread
thinks on (`boardstate_thinking{pool="hints"}` falls to 0, the thread count to its pool's size).
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from boardstate.service.runtime import offload
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.slow]

GAMES = 12
RATE = 20
SECONDS = 6
CONCURRENCY = 2
SUGGEST = "query($g: ID!, $s: Int!) { game(id: $g) { suggestMove(seat: $s) } }"


@pytest.fixture(scope="module")
def service(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    env = {"BOARDSTATE_HINT_CONCURRENCY": str(CONCURRENCY)}
    with ServiceProcess(redis_server.url, env=env) as process:
        yield process


def _threads(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    match = re.search(r"^Threads:\s+(\d+)", status, re.MULTILINE)
    assert match is not None
    return int(match.group(1))


async def _thinking(http: httpx.AsyncClient) -> float:
    text = (await http.get("/metrics")).text
    match = re.search(r'^boardstate_thinking\{pool="hints"\} (\S+)$', text, re.MULTILINE)
    assert match is not None, "no boardstate_thinking gauge"
    return float(match.group(1))


async def _games(http: httpx.AsyncClient) -> list[tuple[str, int, str, list[Any]]]:
    """Games with hints on, each position different: (id, seat to act, its token, legal)."""
    out = []
    for _ in range(GAMES):
        body = {
            "gameType": "tf22-mine",
            "players": 2,
            "seats": ["ann", "bob"],
            "options": {"max_rounds": 50, "hints": True},
        }
        created = (await http.post("/v1/games", json=body)).json()
        seat = created["game"]["toAct"][0]
        token = {t["seat"]: t["token"] for t in created["tokens"]}[seat]
        headers = {"authorization": f"Bearer {token}"}
        legal = (
            await http.get(
                f"/v1/games/{created['game']['id']}/legal-moves?seat={seat}", headers=headers
            )
        ).json()["moves"]
        out.append((created["game"]["id"], seat, token, legal))
    return out


async def _ask(http: httpx.AsyncClient, game: tuple[str, int, str, list[Any]], rest: bool) -> str:
    """One hint; returns its outcome (checked): `move`, `busy`."""
    game_id, seat, token, legal = game
    headers = {"authorization": f"Bearer {token}"}
    if rest:
        response = await http.get(
            f"/v1/games/{game_id}/suggested-move?seat={seat}", headers=headers
        )
        if response.status_code == 200:
            assert response.json()["move"] in legal
            return "move"
        assert response.status_code == 429, response.text
        problem = response.json()
        assert (problem["code"], problem["details"]["scope"]) == ("RATE_LIMITED", "hints")
    else:
        body = {"query": SUGGEST, "variables": {"g": game_id, "s": seat}}
        response = await http.post("/graphql", json=body, headers=headers)
        assert response.status_code == 200, response.text
        answer = response.json()
        if not answer.get("errors"):
            assert answer["data"]["game"]["suggestMove"] in legal
            return "move"
        error = answer["errors"][0]["extensions"]
        assert (error["code"], error["details"]["scope"]) == ("RATE_LIMITED", "hints")
    assert int(response.headers["retry-after"]) >= 1
    return "busy"


async def test_hammered_hints_answer_or_refuse_and_leave_nothing_thinking(
    service: ServiceProcess,
) -> None:
    async with httpx.AsyncClient(base_url=service.url, timeout=120, trust_env=False) as http:
        games = await _games(http)
        threads_at_rest = _threads(service.pid)
        outcomes: Counter[str] = Counter()
        asked: list[asyncio.Task[str]] = []
        for k in range(RATE * SECONDS):
            for rest in (True, False):
                game = games[(2 * k + rest) % GAMES]
                asked.append(asyncio.create_task(_ask(http, game, rest)))
            await asyncio.sleep(1 / RATE)
        outcomes.update(await asyncio.gather(*asked))
        print(f"\n{2 * RATE * SECONDS} hints asked: {dict(outcomes)}")
        assert sum(outcomes.values()) == 2 * RATE * SECONDS  # every one answered, none a 500
        assert outcomes["move"] >= GAMES  # each position was thought about, at least
        deadline = time.monotonic() + 60
        while await _thinking(http) > 0:
            assert time.monotonic() < deadline, "a hint still thinking long after the hammering"
            await asyncio.sleep(0.1)
        # The hints' own pool, and the pool of long folds (`offload.WORKERS`) if a first hint
        # read a long log: no thread was abandoned thinking (before: one per timed-out hint).
        assert _threads(service.pid) <= threads_at_rest + CONCURRENCY + offload.WORKERS
