"""Abandoned tables (issue 27, "every game bounded in events"), on a real service process and
real Redis with the rate limits on; time moves by writing the time file.

The attack: clocked 4-player TF22 Mine games with options that do end (`max_rounds: 200`, 1 s
per move, `onTimeout: "stand-in"`) that nobody plays. Before the idle rule the stand-ins played
every seat at every deadline until the 200th round: about 6,900–13,600 events (2.7–3.5 MB) per
game, Redis growing by about 141 MiB an hour for hours. Now each such table ends by itself,
ABANDONED with `endedBy: "idle"`, after `BOARDSTATE_IDLE_TIMEOUTS` (3) timeouts of every seat:
a few dozen events, and nothing more is ever appended however long time runs on.

The churn of unstarted games: joins and leaves of one OPEN game used to go on under the rate
limits until its TTL; now a leave over `BOARDSTATE_OPEN_SEAT_CHANGES` × players changes is
refused (`QUOTA_EXCEEDED`, `scope: seatChanges`), so the log of an OPEN game stays short.

Redis is bounded by counting what it holds (stream lengths), never by timing anything.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess
from tests.api.table_clock import Clock, table_env
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis]

GAMES = 6
EVENTS_PER_TABLE = 120
"""At most this many events in an abandoned table's log (measured: 79)."""
BODY = {
    "gameType": "tf22-mine",
    "players": 4,
    "seats": ["a", "b", "c", "d"],
    "options": {"max_rounds": 200, "clock": {"perMoveSeconds": 1, "onTimeout": "stand-in"}},
}
CREATE = """
mutation($t: ID!, $p: Int!, $o: JSON, $s: [String!]) {
  createGame(gameType: $t, players: $p, options: $o, seats: $s) {
    __typename ... on GameCreated { game { id } } ... on Rejected { code message }
  }
}"""
GAME = "query($g: ID!) { game(id: $g) { status version result { details } } }"
LEAVE = """
mutation($g: ID!, $s: Int!) {
  leaveGame(gameId: $g, seat: $s) {
    __typename ... on Rejected { code details }
  }
}"""


@pytest.fixture(scope="module")
def clock() -> Clock:
    return Clock()


@pytest.fixture(scope="module")
def service(redis_server: RedisServer, clock: Clock) -> Iterator[ServiceProcess]:
    env = {**table_env(clock), "BOARDSTATE_RATE_LIMITS": "1"}
    with ServiceProcess(redis_server.url, env=env) as process:
        yield process


@pytest.fixture
async def rest(service: ServiceProcess) -> AsyncIterator[Rest]:
    client = Rest(service.url)
    yield client
    await client.http.aclose()


async def gql(rest: Rest, query: str, token: str | None = None, **variables: Any) -> Any:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    response = await rest.http.post(
        "/graphql", json={"query": query, "variables": variables}, headers=headers
    )
    assert response.status_code == 200, response.text
    body = response.json()
    assert "errors" not in body, body
    return body["data"]


def stored(redis_server: RedisServer, prefix: str, game_ids: list[str]) -> dict[str, int]:
    """How many events Redis holds for each game (the length of its stream)."""
    client = redis_server.client()
    try:
        return {g: int(client.xlen(f"{prefix}:{{{g}}}:log")) for g in game_ids}
    finally:
        client.close()


def due(redis_server: RedisServer, prefix: str, game_ids: list[str]) -> list[str]:
    """The games among `game_ids` the deadline set still holds (the steward would act on)."""
    client = redis_server.client()
    try:
        return [g for g in game_ids if client.zscore(f"{prefix}:{{deadlines}}:due", g) is not None]
    finally:
        client.close()


async def test_tables_nobody_sits_at_end_by_themselves_and_stop_growing(
    rest: Rest, service: ServiceProcess, redis_server: RedisServer, clock: Clock
) -> None:
    game_ids: list[str] = []
    for index in range(GAMES):  # half through each door
        if index % 2:
            variables: dict[str, Any] = {"t": "tf22-mine", "p": 4}
            variables |= {"o": BODY["options"], "s": BODY["seats"]}
            created = (await gql(rest, CREATE, **variables))["createGame"]
            assert created["__typename"] == "GameCreated", created
            game_ids.append(created["game"]["id"])
        else:
            game_ids.append((await rest.ok("POST", "/games", json=BODY))["game"]["id"])
    assert sorted(due(redis_server, service.prefix, game_ids)) == sorted(game_ids)  # clocks run
    # Nobody plays; time runs on. Each table ends by itself.
    deadline = time.monotonic() + 180
    games: dict[str, Any] = {}
    while True:
        for game_id in game_ids:
            games[game_id] = (await gql(rest, GAME, g=game_id))["game"]
        if all(g["status"] != "ACTIVE" for g in games.values()):
            break
        assert time.monotonic() < deadline, {g: v["version"] for g, v in games.items()}
        clock.advance(2)
        await asyncio.sleep(0.05)
    for game in games.values():
        assert game["status"] == "ABANDONED"
        assert game["result"]["details"]["endedBy"] == "idle"
        assert game["result"]["details"]["idleTimeouts"] == 3
    held = stored(redis_server, service.prefix, game_ids)
    assert held == {g: games[g]["version"] for g in game_ids}
    assert max(held.values()) <= EVENTS_PER_TABLE
    # Hours pass: nothing is due any more, nothing more is stored.
    assert due(redis_server, service.prefix, game_ids) == []
    for _ in range(20):
        clock.advance(600)
        await asyncio.sleep(0.1)
    await rest.ok("GET", f"/games/{game_ids[0]}")  # the service is alive and has polled
    assert stored(redis_server, service.prefix, game_ids) == held
    assert sum(held.values()) <= GAMES * EVENTS_PER_TABLE


async def test_joins_and_leaves_of_an_open_game_cannot_churn_its_log(
    rest: Rest, service: ServiceProcess, redis_server: RedisServer
) -> None:
    players, limit = 4, 4 * 4
    created = await rest.ok("POST", "/games", json={"gameType": "tf22-mine", "players": players})
    game_id = created["game"]["id"]
    refused: list[dict[str, Any]] = []
    for attempt in range(200):  # the attacker churns seat 0 through both doors in turn
        joined = await rest.ok("POST", f"/games/{game_id}/seats", json={"name": "x", "seat": 0})
        if attempt % 2:
            answer = (await gql(rest, LEAVE, joined["token"], g=game_id, s=0))["leaveGame"]
            if answer["__typename"] == "Rejected":
                refused.append(answer)
        else:
            response = await rest.request("DELETE", f"/games/{game_id}/seats/0", joined["token"])
            if response.status_code != 200:
                assert response.status_code == 429, response.text
                refused.append(response.json())
        if refused:
            break
    assert [(r["code"], r["details"]) for r in refused] == [
        ("QUOTA_EXCEEDED", {"limit": limit, "scope": "seatChanges"})
    ]
    held = stored(redis_server, service.prefix, [game_id])[game_id]
    assert held <= 1 + limit  # GameCreated and the joins and leaves
