"""Work is bounded per caller, not only requests (issue 27 "Hardening II", item 2): every
operation is charged its points (GraphQL: cost / 100 rounded up, at least 1; REST: the points
of the GraphQL query asking for the same data) against a budget per address and per token,
kept in Redis (docs/security.md, "Rate limits and quotas").

Before, one request costing 40 000 and one costing 1 used the same request budget: an address
could send thousands of 40 000-cost queries a minute. Now it runs out of points after a few,
long before the request limit, while other callers are unaffected; cheaper operations go on
while they fit; REST, GraphQL over HTTP, websockets and graphql-sse draw from the same budget,
on every replica. Outcomes only (codes and counts): the windows are a day long, so no window
ends during a test and every count is exact.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest
import websockets
from graphql import parse

from boardstate.schema.complexity import measure
from boardstate.schema.root import schema
from boardstate.service.contract.points import points
from boardstate.service.http.rest import prices as rest_prices
from tests.api.server import ServiceProcess, unique_prefix
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

HEAVY = """{ games(first: 100) { edges { node { id
  events(first: 48) { edges { node { version type seat data } } } } } } }"""
HEAVY_POINTS = points(measure(schema._schema, parse(HEAVY), 100).cost)
CHEAP = "{ rateLimit { cost remaining } }"
BUDGET = 10 * HEAVY_POINTS + 5
TOKEN_BUDGET = 3 * HEAVY_POINTS + 2
PICTURE = "query($g: ID!) { game(id: $g) { boardSvg(version: 3) } }"
LIMITED = {
    "BOARDSTATE_RATE_LIMITS": "1",
    "BOARDSTATE_TRUSTED_PROXIES": "127.0.0.1",
    # The request limits are far: what refuses is the points budget.
    "BOARDSTATE_RATE_LIMIT_ADDRESS": "1000/day",
    "BOARDSTATE_RATE_LIMIT_TOKEN": "1000/day",
    "BOARDSTATE_RATE_LIMIT_POINTS_ADDRESS": f"{BUDGET}/day",
    "BOARDSTATE_RATE_LIMIT_POINTS_TOKEN": f"{TOKEN_BUDGET}/day",
}


def test_the_heavy_query_is_allowed_and_expensive() -> None:
    assert 390 <= HEAVY_POINTS <= 500  # a 40 000-cost query, under the 50 000 limit


@pytest.fixture(scope="module")
def replicas(redis_server: RedisServer) -> Iterator[tuple[ServiceProcess, ServiceProcess]]:
    """Two replicas of one deployment (one Redis, one key prefix) with small budgets."""
    prefix = unique_prefix()
    one, two = ServiceProcess.start_together(
        ServiceProcess(redis_server.url, prefix=prefix, env=LIMITED),
        ServiceProcess(redis_server.url, prefix=prefix, env=LIMITED),
    )
    try:
        yield one, two
    finally:
        one.stop()
        two.stop()


@pytest.fixture
async def game(replicas: tuple[ServiceProcess, ServiceProcess]) -> str:
    body = {"gameType": "trambahn", "players": 2, "seats": ["a", "b"]}
    async with client(replicas[0], "192.0.2.250") as http:
        made = await http.post("/v1/games", json=body)
    assert made.status_code == 201, made.text
    return str(made.json()["game"]["id"])


def client(server: ServiceProcess, address: str, token: str | None = None) -> httpx.AsyncClient:
    """A client whose address (behind the trusted proxy) is `address`."""
    headers = {"x-forwarded-for": address}
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    return httpx.AsyncClient(base_url=server.url, headers=headers, trust_env=False, timeout=60)


async def ask(http: httpx.AsyncClient, query: str, **variables: Any) -> httpx.Response:
    return await http.post("/graphql", json={"query": query, "variables": variables})


def refused_for_points(answer: httpx.Response, cost: int) -> bool:
    """A 429 of the points budget (GraphQL or problem+json), with `Retry-After`."""
    if answer.status_code != 429:
        return False
    body = answer.json()
    if "errors" in body:
        details = body["errors"][0]["extensions"]
        code = details["code"]
    else:
        details, code = body["details"], body["code"]
    wait = int(answer.headers["retry-after"])
    return bool(
        (code, details["scope"], details["cost"]) == ("RATE_LIMITED", "points", cost)
        and details["retryAfter"] == wait >= 1
    )


def accepted(answer: httpx.Response) -> bool:
    return answer.status_code == 200 and not answer.json().get("errors")


async def test_expensive_queries_run_out_of_points_long_before_the_request_limit(
    replicas: tuple[ServiceProcess, ServiceProcess], game: str
) -> None:
    async with client(replicas[0], "198.51.100.1") as attacker:
        answers = [await ask(attacker, HEAVY) for _ in range(25)]
    assert [accepted(a) for a in answers] == [True] * 10 + [False] * 15
    assert all(refused_for_points(a, HEAVY_POINTS) for a in answers[10:])
    last = answers[9].headers
    assert (last["x-ratelimit-limit"], last["x-ratelimit-remaining"]) == (str(BUDGET), "5")
    assert (last["x-ratelimit-used"], last["x-ratelimit-resource"]) == (str(BUDGET - 5), "points")
    assert answers[-1].json()["errors"][0]["extensions"]["remaining"] == 5
    # 25 requests of the 1000 the request limit allows: the points refused them. Another
    # address is not affected.
    async with client(replicas[0], "198.51.100.2") as other:
        theirs = [await ask(other, HEAVY) for _ in range(10)]
        cheap = await ask(other, CHEAP)
    assert all(accepted(a) for a in theirs)
    assert accepted(cheap)


async def test_cheap_queries_keep_working_until_the_points_run_out(
    replicas: tuple[ServiceProcess, ServiceProcess], game: str
) -> None:
    async with client(replicas[0], "198.51.100.3") as caller:
        heavy = [await ask(caller, HEAVY) for _ in range(11)]
        cheap = [await ask(caller, CHEAP) for _ in range(7)]
    assert [accepted(a) for a in heavy] == [True] * 10 + [False]
    assert [accepted(a) for a in cheap] == [True] * 5 + [False] * 2
    left = [a.json()["data"]["rateLimit"] for a in cheap[:5]]
    assert left == [{"cost": 1, "remaining": r} for r in (4, 3, 2, 1, 0)]
    assert all(refused_for_points(a, 1) for a in cheap[5:])


async def test_rest_and_graphql_draw_from_the_same_budget_at_the_same_prices(
    replicas: tuple[ServiceProcess, ServiceProcess], game: str
) -> None:
    picture = f"/v1/games/{game}/board.svg?version=3"
    async with client(replicas[0], "198.51.100.4") as caller:
        by_rest = await caller.get(picture)
        by_graphql = await ask(caller, PICTURE, g=game)
        used = [int(a.headers["x-ratelimit-used"]) for a in (by_rest, by_graphql)]
        assert by_rest.status_code == 200
        assert accepted(by_graphql)
        assert used == [19, 38]  # a past picture: 1850 plain reads, 19 points on both doors
        heavy = [await ask(caller, HEAVY) for _ in range(10)]
        left = int(heavy[-1].headers["x-ratelimit-remaining"])
        rest = [await caller.get(f"/v1/games/{game}/state") for _ in range(left // 2 + 1)]
        last = await ask(caller, CHEAP)
    assert sum(map(accepted, heavy)) == (BUDGET - 38) // HEAVY_POINTS == 9
    # What GraphQL left, REST spends (2 points for a state), and the other way round.
    assert [a.status_code for a in rest] == [200] * (left // 2) + [429]
    assert rest[-1].headers["content-type"].startswith("application/problem+json")
    assert refused_for_points(rest[-1], 2)
    assert accepted(last) is (left % 2 == 1)


async def test_the_budget_is_shared_by_the_replicas(
    replicas: tuple[ServiceProcess, ServiceProcess], game: str
) -> None:
    one, two = replicas
    async with client(one, "198.51.100.5") as first, client(two, "198.51.100.5") as second:
        answers = [await ask((first, second)[i % 2], HEAVY) for i in range(14)]
    assert [accepted(a) for a in answers] == [True] * 10 + [False] * 4
    assert all(refused_for_points(a, HEAVY_POINTS) for a in answers[10:])


async def test_a_token_has_its_own_budget_whatever_its_address(
    replicas: tuple[ServiceProcess, ServiceProcess], game: str
) -> None:
    token = "an-invented-token-0123456789"
    answers = []
    for i in range(5):
        async with client(replicas[i % 2], f"198.51.100.{10 + i}", token) as caller:
            answers.append(await ask(caller, HEAVY))
    assert [accepted(a) for a in answers] == [True] * 3 + [False] * 2
    assert answers[0].headers["x-ratelimit-limit"] == str(TOKEN_BUDGET)  # the token's is told
    async with client(replicas[0], "198.51.100.14") as same_address_no_token:
        assert accepted(await ask(same_address_no_token, HEAVY))


async def test_a_log_is_charged_by_its_length_and_an_import_by_its_size(
    replicas: tuple[ServiceProcess, ServiceProcess], game: str
) -> None:
    async with client(replicas[0], "198.51.100.6") as caller:
        version = (await caller.get(f"/v1/games/{game}")).json()["version"]
        export = rest_prices.EVENTS * -(-version // 100) + rest_prices.EVENT * version
        first = await caller.get(f"/v1/games/{game}/log")
        assert first.status_code == 200
        assert int(first.headers["x-ratelimit-used"]) == 2 + points(export)
        heavy = [await ask(caller, HEAVY) for _ in range(9)]
        assert all(map(accepted, heavy))
        left = int(heavy[-1].headers["x-ratelimit-remaining"])
        for _ in range(left - 2):
            assert accepted(await ask(caller, CHEAP))
        # 2 points left: the export's price before the game is loaded fits, its length does not.
        refused = await caller.get(f"/v1/games/{game}/log")
        assert refused.headers["content-type"].startswith("application/problem+json")
        assert refused_for_points(refused, points(export) - 2)
        assert refused.headers["x-ratelimit-remaining"] == "0"
    async with client(replicas[0], "198.51.100.7") as caller:
        upload = b"x" * 10 * 1024  # 10 KiB; imports are off here (403), the charge came first
        answer = await caller.post("/games/import", content=upload)
    assert answer.status_code == 403
    assert answer.headers["x-ratelimit-used"] == str(15 + 10)


async def ws_answers(server: ServiceProcess, address: str, count: int) -> list[dict[str, Any]]:
    """Sends `count` heavy queries on one websocket; returns the message answering each."""
    found = []
    headers = {"x-forwarded-for": address}
    protocol = [websockets.Subprotocol("graphql-transport-ws")]
    async with websockets.connect(
        server.ws_url, subprotocols=protocol, additional_headers=headers
    ) as socket:
        await socket.send(json.dumps({"type": "connection_init", "payload": {}}))
        assert json.loads(await socket.recv())["type"] == "connection_ack"
        for i in range(count):
            message = {"id": str(i), "type": "subscribe", "payload": {"query": HEAVY}}
            await socket.send(json.dumps(message))
            while (answer := json.loads(await socket.recv()))["type"] not in ("next", "error"):
                pass
            found.append(answer)
    return found


async def streams(server: ServiceProcess, address: str, game: str) -> AsyncIterator[int]:
    """The statuses of a graphql-sse subscription and a REST event stream opened now."""
    follow = {"query": f'subscription {{ gameEvents(gameId: "{game}") {{ version }} }}'}
    async with client(server, address) as http:
        sse = {"accept": "text/event-stream"}
        async with http.stream("POST", "/graphql", json=follow, headers=sse) as graphql_sse:
            yield graphql_sse.status_code
        async with http.stream("GET", f"/v1/games/{game}/events/stream") as rest_sse:
            yield rest_sse.status_code


async def test_websocket_and_stream_operations_are_charged_too(
    replicas: tuple[ServiceProcess, ServiceProcess], game: str
) -> None:
    address = "198.51.100.20"
    assert [s async for s in streams(replicas[1], address, game)] == [200, 200]  # 1 point each
    answers = await ws_answers(replicas[0], address, 12)
    assert [a["type"] for a in answers] == ["next"] * 10 + ["error"] * 2
    (error,) = answers[-1]["payload"]
    extensions = error["extensions"]
    assert (extensions["code"], extensions["scope"]) == ("RATE_LIMITED", "points")
    assert extensions["cost"] == HEAVY_POINTS
    assert extensions["retryAfter"] >= 1
    # A stream costs 1 point to open: 2 + 10 × HEAVY_POINTS are spent, 3 left.
    async with client(replicas[1], address) as http:
        spent = [await ask(http, CHEAP) for _ in range(3)]
    assert [a.json()["data"]["rateLimit"]["remaining"] for a in spent] == [2, 1, 0]
    assert [s async for s in streams(replicas[1], address, game)] == [429, 429]


@pytest.fixture(scope="module")
def defaults(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """The default points budgets (the request limits raised: this client sends as fast as
    the server answers, which no browser does)."""
    env = {
        "BOARDSTATE_RATE_LIMITS": "1",
        "BOARDSTATE_TRUSTED_PROXIES": "127.0.0.1",
        "BOARDSTATE_RATE_LIMIT_ADDRESS": "100000/minute",
        "BOARDSTATE_RATE_LIMIT_TOKEN": "100000/minute",
    }
    with ServiceProcess(redis_server.url, env=env) as server:
        yield server


async def test_a_web_client_following_ten_games_stays_far_within_the_default_budget(
    defaults: ServiceProcess,
) -> None:
    """What the viewer page does for each game it follows (docs/security.md, "Sizing"): load
    the game, its events and its picture, open its stream; then, for every move, the game,
    the picture at the new version and, for a seat, its legal moves and its move."""
    games: list[tuple[str, list[str]]] = []
    statuses: list[int] = []
    async with client(defaults, "203.0.113.30") as http:
        for _ in range(10):
            body = {"gameType": "trambahn", "players": 2, "seats": ["a", "b"]}
            made = (await http.post("/v1/games", json=body)).json()
            games.append((made["game"]["id"], [t["token"] for t in made["tokens"]]))
        for game_id, _ in games:
            for path in ("", "/events?limit=500", "/board.svg?version=1"):
                statuses.append((await http.get(f"/v1/games/{game_id}{path}")).status_code)
        for _ in range(8):
            for game_id, tokens in games:
                statuses.extend(await one_move(http, game_id, tokens))
        last = await http.get(f"/v1/games/{games[0][0]}")
    assert set(statuses) == {200, 201}
    used = int(last.headers["x-ratelimit-used"])
    assert used <= int(last.headers["x-ratelimit-limit"]) // 2, used


async def one_move(http: httpx.AsyncClient, game_id: str, tokens: list[str]) -> list[int]:
    view = await http.get(f"/v1/games/{game_id}")
    seat = view.json()["toAct"][0]
    mine = {"authorization": f"Bearer {tokens[seat]}"}
    legal = await http.get(f"/v1/games/{game_id}/legal-moves?seat={seat}", headers=mine)
    move = {"seat": seat, "move": legal.json()["moves"][0]}
    moved = await http.post(f"/v1/games/{game_id}/moves", json=move, headers=mine)
    version = moved.json()["version"]
    picture = await http.get(f"/v1/games/{game_id}/board.svg?version={version}")
    return [view.status_code, legal.status_code, moved.status_code, picture.status_code]


async def test_with_rate_limits_off_nothing_is_charged_or_told(service: ServiceProcess) -> None:
    async with client(service, "203.0.113.40") as http:
        answer = await ask(http, CHEAP)
        rest = await http.get("/v1/game-types")
    assert answer.json()["data"]["rateLimit"] is None
    assert not [h for h in (*answer.headers, *rest.headers) if h.startswith("x-ratelimit")]
