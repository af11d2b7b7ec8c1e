"""A server configured from its environment: page cap, CORS, client seeds off, GraphQL limits;
and the Relay connections and past versions it serves."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.api.client import Api, GraphQLErrors
from tests.api.play import play
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

ORIGIN = "https://boards.example"
CAP = 5
PAGE = "totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor }"


@pytest.fixture(scope="module")
def service(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    env = {
        "BOARDSTATE_PAGE_CAP": str(CAP),
        "BOARDSTATE_CORS_ORIGINS": f"{ORIGIN}, https://other.example",
        "BOARDSTATE_ALLOW_CLIENT_SEEDS": "0",
        "BOARDSTATE_MAX_ALIASES": "4",
        "BOARDSTATE_MAX_QUERY_DEPTH": "5",
    }
    with ServiceProcess(redis_server.url, env=env) as process:
        yield process


async def events_page(api: Api, game_id: str, args: str) -> dict[str, Any]:
    fields = f"events({args}) {{ {PAGE} edges {{ cursor node {{ version }} }} }}"
    page: dict[str, Any] = (await api.game(game_id, fields))["events"]
    return page


async def test_event_pages_are_clamped_and_cursors_stable(api: Api) -> None:
    game_id, _ = await api.new_game()
    first = await events_page(api, game_id, "first: 1000")
    assert [e["node"]["version"] for e in first["edges"]] == [1, 2, 3, 4, 5]
    assert first["totalCount"] == 11
    assert first["pageInfo"]["hasNextPage"] is True
    assert first["pageInfo"]["hasPreviousPage"] is False
    again = await events_page(api, game_id, "first: 2")
    assert [e["cursor"] for e in again["edges"]] == [e["cursor"] for e in first["edges"][:2]]
    after = first["pageInfo"]["endCursor"]
    second = await events_page(api, game_id, f'first: 3, after: "{after}"')
    assert [e["node"]["version"] for e in second["edges"]] == [6, 7, 8]
    assert second["pageInfo"]["hasPreviousPage"] is True
    last = await events_page(api, game_id, f'after: "{second["pageInfo"]["endCursor"]}"')
    assert [e["node"]["version"] for e in last["edges"]] == [9, 10, 11]
    assert last["pageInfo"]["hasNextPage"] is False
    end = await events_page(api, game_id, f'after: "{last["pageInfo"]["endCursor"]}"')
    assert (end["edges"], end["pageInfo"]["endCursor"]) == ([], None)
    with pytest.raises(GraphQLErrors) as negative:  # a page size below 0 is no page size
        await events_page(api, game_id, "first: -3")
    assert negative.value.codes == ["BAD_INPUT"]
    with pytest.raises(GraphQLErrors) as caught:
        await events_page(api, game_id, 'after: "bogus"')
    assert caught.value.codes == ["BAD_CURSOR"]


async def test_games_are_listed_newest_first_and_filtered(api: Api) -> None:
    count = "query($s: GameStatus) { games(status: $s) { totalCount } }"
    before = (await api.gql(count))["games"]["totalCount"]
    before_open = (await api.gql(count, s="OPEN"))["games"]["totalCount"]
    open_ids = [(await api.create(None))["game"]["id"] for _ in range(3)]
    active_ids = [(await api.new_game())[0] for _ in range(4)]
    query = """query($after: String, $status: GameStatus, $type: ID) {
      games(first: 100, after: $after, status: $status, gameType: $type) {
        totalCount pageInfo { hasNextPage endCursor } edges { node { id status createdAt } } } }"""
    seen: list[str] = []
    stamps: list[str] = []
    after = None
    while True:
        page = (await api.gql(query, after=after))["games"]
        assert page["totalCount"] == before + 7
        assert len(page["edges"]) <= CAP
        seen += [edge["node"]["id"] for edge in page["edges"]]
        stamps += [edge["node"]["createdAt"] for edge in page["edges"]]
        if not page["pageInfo"]["hasNextPage"]:
            break
        after = page["pageInfo"]["endCursor"]
    # Newest first; games created in the same millisecond are ordered by id.
    assert set(seen[:7]) == set(open_ids + active_ids)
    assert stamps == sorted(stamps, reverse=True)
    assert len(seen) == len(set(seen)) == before + 7
    opened = (await api.gql(query, status="OPEN"))["games"]
    assert opened["totalCount"] == before_open + 3
    assert {e["node"]["status"] for e in opened["edges"]} == {"OPEN"}
    assert (await api.gql(query, type="tinners-trail"))["games"]["totalCount"] == 0
    with pytest.raises(GraphQLErrors) as caught:
        await api.gql(query, after="not-a-cursor")
    assert caught.value.codes == ["BAD_CURSOR"]


async def test_past_versions_fold_to_the_states_seen_then(api: Api) -> None:
    game_id, tokens = await api.new_game()
    seen: dict[int, Any] = {}
    for step in range(4):
        game = await api.game(game_id, "version state state0: state(seat: 0)", token=tokens[0])
        seen[game["version"]] = (game["state"], game["state0"])
        await play([api], game_id, tokens, random.Random(step), max_moves=1)
    for version, (spectator, seat0) in seen.items():
        query = f"a: state(version: {version}) b: state(seat: 0, version: {version})"
        past = await api.game(game_id, query, token=tokens[0])
        assert (past["a"], past["b"]) == (spectator, seat0)
    opening = await api.game(game_id, "state(version: 2)")
    assert opening["state"]["turn"] == 0
    for bad in (0, 10_000):
        with pytest.raises(GraphQLErrors) as caught:
            await api.game(game_id, f"state(version: {bad})")
        assert caught.value.codes == ["BAD_VERSION"]


async def test_client_seeds_are_refused_when_the_server_forbids_them(api: Api) -> None:
    rejected = await api.create(["a", "b"], seed="mine")
    assert (rejected["__typename"], rejected["code"]) == ("Rejected", "BAD_SEED")
    created = await api.create(["a", "b"])
    assert created["__typename"] == "GameCreated"


async def test_cors_allows_the_configured_origins_only(service: ServiceProcess) -> None:
    headers = {
        "origin": ORIGIN,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
    }
    async with httpx.AsyncClient(trust_env=False) as http:
        allowed = await http.options(f"{service.url}/graphql", headers=headers)
        refused = await http.options(
            f"{service.url}/graphql", headers=headers | {"origin": "https://evil.example"}
        )
    assert allowed.status_code == 200
    assert allowed.headers["access-control-allow-origin"] == ORIGIN
    assert "access-control-allow-origin" not in refused.headers


async def test_graphql_limits_come_from_the_environment(api: Api) -> None:
    aliases = "{ " + " ".join(f"a{i}: gameTypes {{ id }}" for i in range(5)) + " }"
    body = await api.raw(aliases)
    assert "aliases" in body["errors"][0]["message"]
    assert body["data"] is None
    shallow = await api.raw("{ games { edges { node { id } } } }")
    assert shallow.get("errors") is None
    deep = await api.raw("{ games { edges { node { events { edges { node { version } } } } } } }")
    assert "exceeds maximum operation depth" in deep["errors"][0]["message"]
