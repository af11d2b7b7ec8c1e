"""The words for people in the caller's language (issue 39, item 6), on both doors: REST,
the REST event stream, the board picture's last move and GraphQL describe in German when
`Accept-Language` asks for it (RFC 9110 content negotiation, q-values), in English by default,
for a language we lack and for a header beyond its bounds; every API answer names its language
(`Content-Language`) and varies by the header."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from tests.api.client import subscription
from tests.api.server import ServiceProcess
from tests.api.socket_support import RawSocket
from tests.api.sse_client import open_stream, stream_path

pytestmark = pytest.mark.redis

GERMAN = {"accept-language": "de-DE,de;q=0.9,en;q=0.5"}
EVENTS = "events(first: 50, seat: 0) { edges { node { type data describe } } }"


@pytest.fixture
async def http(service: ServiceProcess) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=service.url, timeout=30, trust_env=False) as client:
        yield client


async def new_game(http: httpx.AsyncClient) -> tuple[str, list[str]]:
    body = {"gameType": "trambahn", "players": 2, "seats": ["Ada", "Bo"], "seed": "lang"}
    created = (await http.post("/v1/games", json=body)).json()
    return created["game"]["id"], [t["token"] for t in created["tokens"]]


def bearer(token: str, headers: dict[str, str] | None = None) -> dict[str, str]:
    return {"authorization": f"Bearer {token}", **(headers or {})}


def drawn(events: list[dict[str, Any]], seat: int) -> str:
    found = next(e for e in events if e["type"] == "CardsDrawn" and e["data"]["seat"] == seat)
    return str(found["describe"])


def said_in(response: httpx.Response, language: str) -> None:
    assert response.status_code == 200, response.text
    assert response.headers["content-language"] == language
    assert "Accept-Language" in response.headers["vary"]


async def test_rest_events_and_legal_moves_are_german_when_asked(http: httpx.AsyncClient) -> None:
    game_id, tokens = await new_game(http)
    path = f"/v1/games/{game_id}/events"
    german = await http.get(path, params={"seat": 0}, headers=bearer(tokens[0], GERMAN))
    said_in(german, "de")
    items = german.json()["items"]
    assert items[0]["describe"] == "Das Spiel wurde angelegt"
    assert drawn(items, 1) == "Platz 1 zieht 6 verdeckte Karten"
    english = await http.get(path, params={"seat": 0}, headers=bearer(tokens[0]))
    said_in(english, "en")
    assert drawn(english.json()["items"], 1) == "Seat 1 draws 6 hidden cards"
    seat = (await http.get(f"/v1/games/{game_id}")).json()["toAct"][0]
    legal = await http.get(
        f"/v1/games/{game_id}/legal-moves",
        params={"seat": seat},
        headers=bearer(tokens[seat], GERMAN),
    )
    said_in(legal, "de")
    assert all(d.startswith("Fahrgäste anlegen: ") for d in legal.json()["describe"])


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("de", "de"),
        ("de-AT;q=0.8, en;q=0.9", "en"),  # the higher q wins
        ("en;q=0.2, de-CH;q=0.3", "de"),
        ("fr-FR, fr;q=0.9", "en"),  # a language we lack: the default
        ("fr, *;q=0.5", "en"),  # `*` takes the first we have
        ("*, en;q=0", "de"),  # q=0 refuses English
        ("de;q=nonsense", "en"),  # a malformed weight: the range is ignored
        ("de;q=1, " + ", ".join(["fr"] * 20), "en"),  # more ranges than read: ignored
        ("de-" + "x" * 300, "en"),  # longer than read: ignored
    ],
)
async def test_the_language_is_negotiated_by_q_values_within_bounds(
    http: httpx.AsyncClient, header: str, language: str
) -> None:
    game_id, _ = await new_game(http)
    answer = await http.get(f"/v1/games/{game_id}/events", headers={"accept-language": header})
    said_in(answer, language)
    first = answer.json()["items"][0]["describe"]
    assert first == {"de": "Das Spiel wurde angelegt", "en": "The game was created"}[language]


async def test_the_rest_stream_describes_in_the_streams_language(
    service: ServiceProcess, http: httpx.AsyncClient
) -> None:
    game_id, _ = await new_game(http)
    async with (
        open_stream(service.url, stream_path(game_id, after=0), GERMAN) as german,
        open_stream(service.url, stream_path(game_id, after=0)) as english,
    ):
        assert german.response.headers["content-language"] == "de"
        de = [m.json() for m in await german.events(3)]
        en = [m.json() for m in await english.events(3)]
    assert de[0]["describe"] == "Das Spiel wurde angelegt"
    assert en[0]["describe"] == "The game was created"


async def test_the_board_pictures_last_move_is_german_when_asked(
    http: httpx.AsyncClient,
) -> None:
    game_id, _ = await new_game(http)
    path = f"/v1/games/{game_id}/board.svg"
    german, english = await http.get(path, headers=GERMAN), await http.get(path)
    said_in(german, "de")
    assert "Letzter Zug" in german.text
    assert "Last move" not in german.text
    assert "Last move" in english.text
    assert german.headers["etag"] != english.headers["etag"]


async def test_graphql_describes_in_the_language_the_header_asks_for(
    http: httpx.AsyncClient,
) -> None:
    game_id, tokens = await new_game(http)
    query = f'{{ game(id: "{game_id}") {{ toAct {EVENTS} }} }}'
    german = await http.post("/graphql", json={"query": query}, headers=bearer(tokens[0], GERMAN))
    said_in(german, "de")
    game = german.json()["data"]["game"]
    nodes = [e["node"] for e in game["events"]["edges"]]
    assert nodes[0]["describe"] == "Das Spiel wurde angelegt"
    assert drawn(nodes, 1) == "Platz 1 zieht 6 verdeckte Karten"
    seat = game["toAct"][0]
    moves = f'{{ game(id: "{game_id}") {{ describedMoves(seat: {seat}) {{ describe }} }} }}'
    legal = await http.post("/graphql", json={"query": moves}, headers=bearer(tokens[seat], GERMAN))
    said_in(legal, "de")
    described = legal.json()["data"]["game"]["describedMoves"]
    assert described
    assert all(m["describe"].startswith("Fahrgäste anlegen: ") for m in described)
    english = await http.post("/graphql", json={"query": query}, headers=bearer(tokens[0]))
    said_in(english, "en")
    edges = english.json()["data"]["game"]["events"]["edges"]
    assert drawn([e["node"] for e in edges], 1) == "Seat 1 draws 6 hidden cards"


async def test_a_graphql_subscription_keeps_the_language_of_its_handshake(
    service: ServiceProcess, http: httpx.AsyncClient
) -> None:
    game_id, _ = await new_game(http)
    document = (
        "subscription($g: ID!, $after: Int) "
        "{ gameEvents(gameId: $g, afterVersion: $after) { version type describe } }"
    )
    query = (document, "gameEvents", {"g": game_id, "after": 0})
    async with subscription(service.ws_url, game_id, query=query, headers=GERMAN) as german:
        first = (await german.take(1))[0]
    assert first["describe"] == "Das Spiel wurde angelegt"
    async with subscription(service.ws_url, game_id, query=query) as english:
        first = (await english.take(1))[0]
    assert first["describe"] == "The game was created"


async def test_the_command_socket_keeps_the_language_of_its_opening_request(
    service: ServiceProcess, http: httpx.AsyncClient
) -> None:
    game_id, tokens = await new_game(http)
    seat = (await http.get(f"/v1/games/{game_id}")).json()["toAct"][0]
    said: dict[str, list[str]] = {}
    for language, headers in (("de", GERMAN), ("en", {})):
        socket = await RawSocket(service.port, tokens[seat], headers=headers).open()
        try:
            legal = await socket.call({"type": "legalMoves", "gameId": game_id, "seat": seat})
            said[language] = legal["describe"]
        finally:
            await socket.close()
    assert all(d.startswith("Fahrgäste anlegen: ") for d in said["de"])
    assert all(d.startswith("Board ") for d in said["en"])
