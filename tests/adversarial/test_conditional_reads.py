"""Heavy reads are cached or cheap (docs/security.md, "Heavy reads"): the game types (about 170 KB
of JSON per call, built anew on every call on main) are built once per process and revalidated
with a strong ETag (304, no body) on REST, and resolved from the same cache on GraphQL; views
that never change (a state at a version, a picture, a finished game's log) revalidate with their
ETag without folding, drawing or reading the log, after the same checks."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from graphql import parse

from boardstate.schema.root import make_schema
from boardstate.schema.static_results import static_key
from boardstate.service.contract.type_facts import facts
from tests.adversarial.support import CREATE
from tests.api.server import ServiceProcess

pytestmark = [pytest.mark.redis, pytest.mark.xdist_group("adversarial-conditional")]

EVERY_FIELD = """{ gameTypes { id name minPlayers maxPlayers rulesVersion maxGameLength
  playerCounts { players printed rule source } variants botPolicies optionsSchema moveSchema
  eventTypes serviceEventTypes eventSchema stateSchema provenance } }"""
RESIGN = """mutation($g: ID!) { resign(gameId: $g, seat: 0) { __typename } }"""


def client(service: ServiceProcess) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=service.url, trust_env=False, timeout=30)


async def gql(http: httpx.AsyncClient, query: str, token: str | None = None, **v: Any) -> Any:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    body = await http.post("/graphql", json={"query": query, "variables": v}, headers=headers)
    answer = body.json()
    assert "errors" not in answer, answer
    return answer["data"]


async def new_game(http: httpx.AsyncClient) -> tuple[str, list[str]]:
    created = (await gql(http, CREATE, seats=["ann", "bob"]))["createGame"]
    return created["game"]["id"], [t["token"] for t in created["tokens"]]


async def rendered(http: httpx.AsyncClient) -> float:
    for line in (await http.get("/metrics")).text.splitlines():
        if line.startswith("boardstate_pictures_rendered_total "):
            return float(line.split()[1])
    raise AssertionError("boardstate_pictures_rendered_total is not exported")


@pytest.mark.parametrize("path", ["/v1/game-types", "/v1/game-types/trambahn"])
async def test_game_types_revalidate_with_a_strong_etag(service: ServiceProcess, path: str) -> None:
    async with client(service) as http:
        first = await http.get(path)
        assert first.status_code == 200
        tag = first.headers["etag"]
        assert tag.startswith('"gt-')  # strong: no W/
        assert first.headers["cache-control"] == "public, max-age=60"
        again = await http.get(path)
        assert (again.content, again.headers["etag"]) == (first.content, tag)
        fresh = await http.get(path, headers={"if-none-match": tag})
        assert fresh.status_code == 304
        assert fresh.content == b""
        assert fresh.headers["etag"] == tag
        assert fresh.headers["cache-control"] == "public, max-age=60"
        for held in (f'"other", {tag}', f"W/{tag}", "*"):
            assert (await http.get(path, headers={"if-none-match": held})).status_code == 304
        stale = await http.get(path, headers={"if-none-match": '"gt-0"'})
        assert (stale.status_code, stale.content) == (200, first.content)


async def test_one_type_has_its_own_etag_and_an_unknown_one_is_a_404(
    service: ServiceProcess,
) -> None:
    async with client(service) as http:
        every = await http.get("/v1/game-types")
        one = await http.get("/v1/game-types/trekking")
        assert one.headers["etag"] != every.headers["etag"]
        assert one.json() in every.json()
        unknown = await http.get("/v1/game-types/nope", headers={"if-none-match": "*"})
        assert unknown.status_code == 404
        assert unknown.json()["code"] == "UNKNOWN_GAME_TYPE"
        assert "etag" not in unknown.headers


async def test_both_doors_serve_the_same_cached_game_types(service: ServiceProcess) -> None:
    async with client(service) as http:
        first = (await http.post("/graphql", json={"query": EVERY_FIELD})).content
        second = (await http.post("/graphql", json={"query": EVERY_FIELD})).content
        assert first == second
        rest = {t["id"]: t for t in (await http.get("/v1/game-types")).json()}
    for game_type in httpx.Response(200, content=first).json()["data"]["gameTypes"]:
        assert game_type["stateSchema"] == rest[game_type["id"]]["stateSchema"]
        assert game_type["eventSchema"] == rest[game_type["id"]]["eventSchema"]


def test_graphql_game_types_resolve_from_the_per_process_cache() -> None:
    schema = make_schema()
    first = schema.execute_sync(EVERY_FIELD)
    assert first.errors is None
    built = facts.cache_info().misses
    for _ in range(3):
        again = schema.execute_sync(EVERY_FIELD)
        assert again.errors is None
        assert again.data is first.data  # the kept answer: not executed again
    assert facts.cache_info().misses == built  # nothing built again
    data = first.data
    assert data is not None
    assert data["gameTypes"][0]["stateSchema"] is facts(data["gameTypes"][0]["id"]).state_schema


def test_only_queries_of_the_game_types_alone_are_kept_per_variables() -> None:
    one = "query($id: ID!) { gameType(id: $id) { id name } }"
    assert static_key(parse(one), one, None, {"id": "x"}) is not None
    mixed = '{ gameTypes { id } game(id: "g") { id } }'
    assert static_key(parse(mixed), mixed, None, None) is None
    spread = "{ ...F } fragment F on Query { gameTypes { id } }"
    assert static_key(parse(spread), spread, None, None) is None
    schema = make_schema()
    for type_id in ("trambahn", "trekking", "trambahn"):
        result = schema.execute_sync(one, variable_values={"id": type_id})
        assert result.data == {"gameType": {"id": type_id, "name": facts(type_id).name}}


async def test_a_picture_revalidates_without_drawing_after_the_same_checks(
    service: ServiceProcess,
) -> None:
    async with client(service) as http:
        game_id, _ = await new_game(http)
        path = f"/v1/games/{game_id}/board.svg"
        before = await rendered(http)
        drawn = await http.get(path, params={"version": 2})
        assert drawn.status_code == 200
        assert await rendered(http) == before + 1
        tag = drawn.headers["etag"]
        again = await http.get(path, params={"version": 2}, headers={"if-none-match": tag})
        assert (again.status_code, again.headers["etag"]) == (304, tag)
        assert await rendered(http) == before + 1  # no drawing for a 304
        # The checks run first: a seat's picture needs its token, a version must exist.
        seat = await http.get(path, params={"seat": 0}, headers={"if-none-match": "*"})
        assert (seat.status_code, seat.json()["code"]) == (401, "UNAUTHORIZED")
        bad = await http.get(path, params={"version": 99}, headers={"if-none-match": "*"})
        assert (bad.status_code, bad.json()["code"]) == (400, "BAD_VERSION")
        assert await rendered(http) == before + 1


async def test_a_state_at_a_version_is_immutable_and_revalidates(service: ServiceProcess) -> None:
    async with client(service) as http:
        game_id, tokens = await new_game(http)
        path = f"/v1/games/{game_id}/state"
        past = await http.get(path, params={"version": 2})
        assert (past.status_code, past.headers["etag"]) == (200, '"2"')
        assert past.headers["cache-control"] == "public, max-age=86400, immutable"
        assert past.json()["version"] == 2
        held = await http.get(path, params={"version": 2}, headers={"if-none-match": '"2"'})
        assert (held.status_code, held.content) == (304, b"")
        now = await http.get(path)
        current = now.json()["version"]
        assert (now.headers["etag"], now.headers["cache-control"]) == (
            f'"{current}"',
            "public, no-cache",
        )
        mine = await http.get(
            path, params={"seat": 0}, headers={"authorization": f"Bearer {tokens[0]}"}
        )
        assert mine.headers["cache-control"] == "private, no-cache"
        refused = await http.get(path, params={"seat": 0}, headers={"if-none-match": "*"})
        assert (refused.status_code, refused.json()["code"]) == (401, "UNAUTHORIZED")


async def test_a_finished_games_log_revalidates_a_running_ones_does_not(
    service: ServiceProcess,
) -> None:
    async with client(service) as http:
        game_id, tokens = await new_game(http)
        path = f"/v1/games/{game_id}/log"
        running = await http.get(path)
        assert running.status_code == 200
        assert "etag" not in running.headers
        await gql(http, RESIGN, tokens[0], g=game_id)
        ended = await http.get(path)
        tag = ended.headers["etag"]
        assert ended.headers["cache-control"] == "public, max-age=86400, immutable"
        assert ended.headers["vary"] == "Accept, Accept-Language"
        packed = await http.get(path, params={"format": "msgpack"})
        assert packed.headers["etag"] != tag
        held = await http.get(path, headers={"if-none-match": tag})
        assert (held.status_code, held.content) == (304, b"")
        assert (
            await http.get(f"/games/{game_id}/log", headers={"if-none-match": tag})
        ).status_code == 304
