"""The query cost prices fields by their work (docs/security.md, "Cost"): a short anonymous
query asking for 2,900 pictures (29 aliased `boardSvg` over a page of 100 games: on main it
passed every limit, drew for 8 s of a core and answered 40 MB; eight at once took the process
from 450 MB to 1.1 GB) is refused before anything runs, alone or eight at once, and draws
nothing; past versions over many games are priced by their folds; honest queries pass."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from boardstate.service.contract.work_costs import FOLD, GAME_LOAD, PICTURE, STATE
from tests.adversarial.support import CREATE
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.xdist_group("adversarial-cost")]

GAMES = 100
ALIASES = 29
ATTACK = (
    "{games(first:100){edges{node{id "
    + " ".join(f"p{i}:boardSvg(seat:null,version:null)" for i in range(ALIASES))
    + "}}}}"
)
ATTACK_COST = 1 + GAMES * (1 + GAME_LOAD + 1 + ALIASES * PICTURE)
"""`games` 1, then per game: `edges` 1, `node` (a game loaded), `id` 1 and the pictures."""


@pytest.fixture(scope="module")
def games(service: ServiceProcess) -> list[str]:
    """Creates 100 started games (both seats filled); returns their ids."""
    ids = []
    with httpx.Client(base_url=service.url, trust_env=False, timeout=30) as http:
        for i in range(GAMES):
            body = {"query": CREATE, "variables": {"seats": [f"a{i}", f"b{i}"]}}
            created = http.post("/graphql", json=body).json()["data"]["createGame"]
            ids.append(created["game"]["id"])
    return ids


async def post(http: httpx.AsyncClient, query: str, **variables: Any) -> dict[str, Any]:
    answer = await http.post("/graphql", json={"query": query, "variables": variables})
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


async def rendered(http: httpx.AsyncClient) -> float:
    """The service's count of pictures drawn (`/metrics`)."""
    text = (await http.get("/metrics")).text
    for line in text.splitlines():
        if line.startswith("boardstate_pictures_rendered_total "):
            return float(line.split()[1])
    raise AssertionError("boardstate_pictures_rendered_total is not exported")


def assert_cost_refusal(body: dict[str, Any], value: int) -> None:
    assert body["data"] is None
    [error] = body["errors"]
    assert error["extensions"] == {
        "code": "QUERY_TOO_COMPLEX",
        "measure": "cost",
        "limit": 50_000,
        "value": value,
    }
    assert f"Query cost {value} exceeds the maximum cost of 50000" in error["message"]


async def test_29_pictures_over_100_games_are_refused_before_anything_is_drawn(
    service: ServiceProcess, games: list[str]
) -> None:
    assert len(ATTACK) < 1300
    async with httpx.AsyncClient(base_url=service.url, trust_env=False, timeout=60) as http:
        before = await rendered(http)
        assert_cost_refusal(await post(http, ATTACK), ATTACK_COST)
        assert await rendered(http) == before


async def test_eight_at_once_are_refused_while_an_honest_picture_is_drawn(
    service: ServiceProcess, games: list[str]
) -> None:
    honest = "query($id: ID!) { game(id: $id) { version boardSvg } }"
    async with httpx.AsyncClient(base_url=service.url, trust_env=False, timeout=60) as http:
        before = await rendered(http)
        *refused, picture = await asyncio.gather(
            *(post(http, ATTACK) for _ in range(8)), post(http, honest, id=games[0])
        )
        for body in refused:
            assert_cost_refusal(body, ATTACK_COST)
        assert picture["data"]["game"]["boardSvg"].startswith("<svg")
        assert await rendered(http) == before + 1  # the honest one only


async def test_past_versions_over_many_games_are_priced_by_their_folds(
    service: ServiceProcess, games: list[str]
) -> None:
    per_game = 1 + GAME_LOAD + STATE + FOLD
    async with httpx.AsyncClient(base_url=service.url, trust_env=False, timeout=60) as http:
        literal = "{ games(first: 100) { edges { node { state(version: 2) } } } }"
        assert_cost_refusal(await post(http, literal), 1 + GAMES * per_game)
        # A variable may hold any version: it is priced as given.
        variable = "query($v: Int) { games(first: 100) { edges { node { state(version: $v) } } } }"
        assert_cost_refusal(await post(http, variable, v=None), 1 + GAMES * per_game)
        # The current state (no fold) of the same 100 games, and past versions of a few, pass.
        current = await post(http, "{ games(first: 100) { edges { node { state } } } }")
        assert "errors" not in current
        assert len(current["data"]["games"]["edges"]) == GAMES
        few = "{ games(first: 5) { edges { node { state(version: 2) } } } }"
        assert len((await post(http, few))["data"]["games"]["edges"]) == 5


async def test_honest_picture_and_history_queries_still_pass(
    service: ServiceProcess, games: list[str]
) -> None:
    query = """query($id: ID!, $v: Int) {
      game(id: $id) { boardSvg(seat: null, version: $v) state(version: $v)
        events(first: 100) { edges { node { version type data } } } } }"""
    async with httpx.AsyncClient(base_url=service.url, trust_env=False, timeout=60) as http:
        before = await rendered(http)
        body = await post(http, query, id=games[1], v=2)
        assert "errors" not in body
        game = body["data"]["game"]
        assert game["boardSvg"].startswith("<svg")
        assert game["state"]
        assert len(game["events"]["edges"]) >= 3
        assert await rendered(http) == before + 1


@pytest.fixture(scope="module")
def small_answers(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """A service whose answers to queries may be at most 20 000 bytes of JSON."""
    env = {"BOARDSTATE_MAX_RESPONSE_BYTES": "20000"}
    with ServiceProcess(redis_server.url, env=env) as server:
        yield server


async def test_an_answer_over_the_size_cap_is_refused_but_a_mutation_never(
    small_answers: ServiceProcess,
) -> None:
    schemas = "{ gameTypes { id stateSchema eventSchema } }"
    async with httpx.AsyncClient(base_url=small_answers.url, trust_env=False, timeout=60) as http:
        body = await post(http, schemas)
        assert body["data"] is None
        [error] = body["errors"]
        extensions = error["extensions"]
        assert extensions["code"] == "QUERY_TOO_COMPLEX"
        assert (extensions["measure"], extensions["limit"]) == ("responseBytes", 20_000)
        assert extensions["value"] > 20_000
        assert "Response too large" in error["message"]
        small = await post(http, "{ gameTypes { id } }")
        assert "errors" not in small
        # A mutation's answer is never withheld: the write happened.
        created = await post(
            http,
            'mutation { createGame(gameType: "trambahn", players: 2, seats: ["a", "b"]) '
            "{ ... on GameCreated { game { id gameType { stateSchema eventSchema } } } } }",
        )
        assert "errors" not in created
        game_id = created["data"]["createGame"]["game"]["id"]
        assert (await post(http, f'{{ game(id: "{game_id}") {{ id }} }}'))["data"]["game"]
