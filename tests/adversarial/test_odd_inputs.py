"""Issue 13 items 4, 8 and 10 against a real server: lone surrogates, odd cursors, long and
deep inputs get typed errors (never an internal error), and echo at most a clipped prefix."""

from __future__ import annotations

import base64
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from tests.adversarial.shapes import assert_typed, new_game
from tests.api.server import ServiceProcess

pytestmark = [pytest.mark.redis, pytest.mark.xdist_group("adversarial-odd")]

SUBMIT = """mutation($id: ID!, $move: JSON!, $moveId: String) {
  submitMove(gameId: $id, seat: 0, move: $move, moveId: $moveId) {
    __typename ... on Rejected { code message }
  }
}"""
JOIN = """mutation($id: ID!, $name: String!) {
  joinGame(gameId: $id, name: $name) { __typename ... on Rejected { code message } }
}"""
CREATE = """mutation($options: JSON, $seed: String, $seats: [String!]) {
  createGame(gameType: "trambahn", players: 2, options: $options, seed: $seed, seats: $seats) {
    __typename ... on Rejected { code message }
  }
}"""
EVENTS = (
    "query($id: ID!, $after: String) { game(id: $id) { events(after: $after) { totalCount } } }"
)
GAMES = "query($after: String, $player: String) { games(after: $after, player: $player) { totalCount } }"


@pytest.fixture
async def client(service: ServiceProcess) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=service.url, timeout=30, trust_env=False) as c:
        yield c


async def gql(
    client: httpx.AsyncClient, query: str, token: str | None = None, **variables: Any
) -> dict[str, Any]:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    response = await client.post(
        "/graphql", json={"query": query, "variables": variables}, headers=headers
    )
    return assert_typed(response)


def cursor(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode()


def deep(levels: int) -> Any:
    value: Any = {"type": "draw"}
    for _ in range(levels):
        value = {"x": value}
    return value


async def test_a_lone_surrogate_is_a_rejection_not_an_internal_error(
    client: httpx.AsyncClient,
) -> None:
    game_id, token = await new_game(client)
    # Raw JSON text, so the escape reaches the server unpaired.
    body = '{{"query": {}, "variables": {{"id": "{}", "move": {{"type": "draw\\ud800"}}}}}}'.format(
        __import__("json").dumps(SUBMIT),
        game_id,
    )
    response = await client.post(
        "/graphql",
        content=body,
        headers={"content-type": "application/json", "authorization": f"Bearer {token}"},
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["extensions"]["code"] == "BAD_JSON"
    assert "surrogate" in response.json()["errors"][0]["message"]


async def test_surrogates_in_graphql_literals_are_refused(client: httpx.AsyncClient) -> None:
    query = 'mutation { joinGame(gameId: "abc", name: "\\ud800") { __typename } }'
    body = await gql(client, query)
    assert body["errors"]
    assert "Unicode" in body["errors"][0]["message"]


async def test_a_move_deeper_than_16_levels_is_malformed(client: httpx.AsyncClient) -> None:
    game_id, token = await new_game(client)
    result = (await gql(client, SUBMIT, token, id=game_id, move=deep(20)))["data"]["submitMove"]
    assert result["code"] == "MALFORMED_MOVE"
    assert "nested deeper than 16 levels" in result["message"]


async def test_a_move_larger_than_16_kib_is_malformed(client: httpx.AsyncClient) -> None:
    game_id, token = await new_game(client)
    move = {"type": "draw", "pad": "x" * 20_000}
    result = (await gql(client, SUBMIT, token, id=game_id, move=move))["data"]["submitMove"]
    assert result["code"] == "MALFORMED_MOVE"
    assert "at most 16384 are allowed" in result["message"]


async def test_options_deeper_or_larger_than_allowed_are_bad_options(
    client: httpx.AsyncClient,
) -> None:
    for options in (deep(20), {"pad": "x" * 20_000}):
        result = (await gql(client, CREATE, options=options))["data"]["createGame"]
        assert result["code"] == "BAD_OPTIONS", result


async def test_a_long_move_id_and_seed_are_typed(client: httpx.AsyncClient) -> None:
    game_id, token = await new_game(client)
    move = {"type": "draw"}
    result = await gql(client, SUBMIT, token, id=game_id, move=move, moveId="m" * 100_000)
    assert result["data"]["submitMove"]["code"] == "MALFORMED_MOVE"
    created = (await gql(client, CREATE, seed="s" * 100_000))["data"]["createGame"]
    assert created["code"] == "BAD_SEED"
    seats = (await gql(client, CREATE, seats=["x"] * 50_000))["data"]["createGame"]
    assert seats["code"] == "BAD_PLAYER_COUNT"


@pytest.mark.parametrize(
    "text",
    ["v:٣", "v:²", "v:-1", "v:+1", "v:01", "v: 1", "v:1_0", "v:" + "9" * 13, "v:1\n", "g:", "x:1"],
)
async def test_cursors_are_parsed_strictly(client: httpx.AsyncClient, text: str) -> None:
    game_id, _ = await new_game(client)
    body = await gql(client, EVENTS, id=game_id, after=cursor(text))
    assert body["errors"][0]["extensions"]["code"] == "BAD_CURSOR", body


@pytest.mark.parametrize(
    "after", ["Z" * 100_000, "é", "%%%", cursor("g:\x00"), cursor("g:" + "a" * 400)]
)
async def test_odd_game_cursors_are_bad_cursor(client: httpx.AsyncClient, after: str) -> None:
    body = await gql(client, GAMES, after=after)
    assert body["errors"][0]["extensions"]["code"] == "BAD_CURSOR"
    assert len(body["errors"][0]["message"]) < 120


async def test_a_long_player_filter_is_bad_input(client: httpx.AsyncClient) -> None:
    body = await gql(client, GAMES, player="p" * 10_000)
    assert body["errors"][0]["extensions"]["code"] == "BAD_INPUT"


async def test_a_100_kb_id_is_echoed_as_a_short_marked_prefix(
    client: httpx.AsyncClient, service: ServiceProcess
) -> None:
    long_id = "q" * 100_000
    result = (await gql(client, JOIN, id=long_id, name="Ann"))["data"]["joinGame"]
    assert result["code"] == "GAME_NOT_FOUND"
    assert result["message"] == f"no game {'q' * 64!r}…(+{100_000 - 64} chars)"
    export = await client.get(f"/games/{'q' * 5000}/log")
    assert export.status_code == 404
    assert len(export.text) < 300
    assert "…(+" in export.text
    longest = max(len(line) for line in service.log_tail().splitlines())
    assert longest < 3000


async def test_ids_are_parsed_strictly(client: httpx.AsyncClient) -> None:
    query = "query($id: ID!) { game(id: $id) { id } }"
    for odd in ("a{b}", "٣٣٣", "a b", "x" * 65, "x" * 100_000):
        response = await client.post("/graphql", json={"query": query, "variables": {"id": odd}})
        assert assert_typed(response)["data"]["game"] is None
