"""Every `/v1` route's success and error paths (architecture §5b), on a real service process."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

import pytest

from tests.api.rest_client import Rest, RestError
from tests.api.server import ServiceProcess

pytestmark = pytest.mark.redis


@pytest.fixture
async def rest(service: ServiceProcess) -> AsyncIterator[Rest]:
    client = Rest(service.url)
    yield client
    await client.close()


async def test_game_types_list_and_one(rest: Rest) -> None:
    types = await rest.ok("GET", "/game-types")
    ids = [t["id"] for t in types]
    assert "trambahn" in ids
    one = await rest.ok("GET", "/game-types/trambahn")
    assert one == next(t for t in types if t["id"] == "trambahn")
    assert {"minPlayers", "maxPlayers", "optionsSchema", "moveSchema", "provenance"} <= set(one)
    with pytest.raises(RestError) as caught:
        await rest.ok("GET", "/game-types/chess")
    assert (caught.value.status, caught.value.code) == (404, "UNKNOWN_GAME_TYPE")


async def test_create_returns_201_with_location_and_tokens(rest: Rest) -> None:
    response = await rest.request(
        "POST", "/games", json={"gameType": "trambahn", "players": 2, "seats": ["a", "b"]}
    )
    assert response.status_code == 201
    body = response.json()
    game = body["game"]
    assert response.headers["location"] == f"/v1/games/{game['id']}"
    assert [t["seat"] for t in body["tokens"]] == [0, 1]
    assert game["status"] == "ACTIVE"
    assert [s["index"] for s in game["seats"]] == [0, 1]


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"gameType": "nope", "players": 2}, 404, "UNKNOWN_GAME_TYPE"),
        ({"gameType": "trambahn", "players": 9}, 422, "BAD_PLAYER_COUNT"),
        ({"gameType": "trambahn", "players": "2"}, 400, "BAD_REQUEST"),
        ({"gameType": "trambahn", "players": 2, "extra": 1}, 400, "BAD_REQUEST"),
        ({"players": 2}, 400, "BAD_REQUEST"),
    ],
)
async def test_create_refusals(rest: Rest, body: dict[str, object], status: int, code: str) -> None:
    response = await rest.request("POST", "/games", json=body)
    assert (response.status_code, response.json()["code"]) == (status, code)


@pytest.mark.parametrize(
    "raw", [b"{", b"[]", b"null", b'{"a": NaN}', b"\xff", b'{"players": 1' + b"0" * 200 + b"}"]
)
async def test_bodies_are_parsed_strictly(rest: Rest, raw: bytes) -> None:
    response = await rest.request(
        "POST", "/games", content=raw, headers={"content-type": "application/json"}
    )
    assert (response.status_code, response.json()["code"]) == (400, "BAD_JSON")


async def raw_exchange(service: ServiceProcess, head: bytes) -> bytes:
    """Sends `head` on a fresh connection; returns all the server answers until it closes (the
    413 closes the connection), however many segments the answer arrives in."""
    reader, writer = await asyncio.open_connection("127.0.0.1", service.port)
    try:
        writer.write(head)
        await writer.drain()
        return await asyncio.wait_for(reader.read(), timeout=10)
    finally:
        writer.close()


async def test_a_body_over_the_limit_is_413(service: ServiceProcess) -> None:
    head = (
        b"POST /v1/games/x/moves HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 5000000\r\n\r\n"
    )
    answer = await raw_exchange(service, head)
    assert b" 413 " in answer.partition(b"\r\n")[0]
    assert b"content-type: application/problem+json" in answer.lower()
    problem = json.loads(answer.partition(b"\r\n\r\n")[2])
    assert (problem["status"], problem["code"]) == (413, "REQUEST_TOO_LARGE")


async def test_join_until_full(rest: Rest) -> None:
    game = (await rest.create())["game"]
    assert game["status"] == "OPEN"
    path = f"/games/{game['id']}/seats"
    first = await rest.request("POST", path, json={"name": "ann", "seat": 1})
    assert first.status_code == 201
    assert first.json()["seat"] == 1
    taken = await rest.request("POST", path, json={"name": "bob", "seat": 1})
    assert (taken.status_code, taken.json()["code"]) == (409, "SEAT_TAKEN")
    second = await rest.ok("POST", path, json={"name": "bob"})
    assert second["seat"] == 0
    assert second["game"]["status"] == "ACTIVE"
    full = await rest.request("POST", path, json={"name": "cy"})
    assert (full.status_code, full.json()["code"]) == (409, "GAME_FULL")
    missing = await rest.request("POST", "/games/nope/seats", json={"name": "cy"})
    assert (missing.status_code, missing.json()["code"]) == (404, "GAME_NOT_FOUND")


async def test_get_game_etag_and_304(rest: Rest) -> None:
    game_id, _ = await rest.new_game()
    response = await rest.request("GET", f"/games/{game_id}")
    assert response.status_code == 200
    version = response.json()["version"]
    assert response.headers["etag"] == f'"{version}"'
    again = await rest.request(
        "GET", f"/games/{game_id}", headers={"if-none-match": f'"{version}"'}
    )
    assert again.status_code == 304
    assert again.content == b""
    stale = await rest.request("GET", f"/games/{game_id}", headers={"if-none-match": '"1"'})
    assert stale.status_code == 200
    missing = await rest.request("GET", "/games/nope")
    assert (missing.status_code, missing.json()["code"]) == (404, "GAME_NOT_FOUND")


async def test_list_games_pages_with_cursor_and_filters(rest: Rest) -> None:
    name = "pager-player"
    ids = [(await rest.create([name, "x"]))["game"]["id"] for _ in range(3)]
    first = await rest.ok("GET", "/games", params={"player": name, "limit": 2})
    assert [g["id"] for g in first["items"]] == ids[::-1][:2]
    assert first["nextCursor"]
    second = await rest.ok(
        "GET", "/games", params={"player": name, "limit": 2, "cursor": first["nextCursor"]}
    )
    assert [g["id"] for g in second["items"]] == ids[:1]
    assert second["nextCursor"] is None
    active = await rest.ok("GET", "/games", params={"player": name, "status": "ACTIVE"})
    assert len(active["items"]) == 3
    for params in ({"status": "DONE"}, {"cursor": "zzz"}, {"limit": "x"}, {"limit": "-1"}):
        response = await rest.request("GET", "/games", params=params)
        assert response.status_code == 400, params


async def test_state_and_legal_moves_need_the_seat_token(rest: Rest) -> None:
    game_id, tokens = await rest.new_game()
    spectator = await rest.ok("GET", f"/games/{game_id}/state")
    assert spectator["version"] == (await rest.game(game_id))["version"]
    seat0 = await rest.ok("GET", f"/games/{game_id}/state", tokens[0], params={"seat": 0})
    assert seat0["state"] != spectator["state"]
    for token in (None, tokens[1]):
        response = await rest.request("GET", f"/games/{game_id}/state", token, params={"seat": 0})
        assert (response.status_code, response.json()["code"]) == (401, "UNAUTHORIZED")
        response = await rest.request(
            "GET", f"/games/{game_id}/legal-moves", token, params={"seat": 0}
        )
        assert (response.status_code, response.json()["code"]) == (401, "UNAUTHORIZED")
    past = await rest.ok("GET", f"/games/{game_id}/state", params={"version": 1})
    assert past["version"] == 1
    bad = await rest.request("GET", f"/games/{game_id}/state", params={"version": 999})
    assert (bad.status_code, bad.json()["code"]) == (400, "BAD_VERSION")
    no_seat = await rest.request("GET", f"/games/{game_id}/legal-moves")
    assert no_seat.status_code == 400


async def test_events_page_and_next_after_version(rest: Rest) -> None:
    game_id, _ = await rest.new_game()
    version = (await rest.game(game_id))["version"]
    first = await rest.events(game_id, limit=1)
    assert [e["version"] for e in first["items"]] == [1]
    assert first["items"][0]["type"] == "GameCreated"
    assert (first["nextAfterVersion"], first["hasMore"]) == (1, version > 1)
    rest_of = await rest.events(game_id, afterVersion=first["nextAfterVersion"])
    assert [e["version"] for e in rest_of["items"]] == list(range(2, version + 1))
    assert (rest_of["nextAfterVersion"], rest_of["hasMore"]) == (version, False)
    at_end = await rest.events(game_id, afterVersion=version)
    assert (at_end["items"], at_end["hasMore"]) == ([], False)
    beyond = await rest.request(
        "GET", f"/games/{game_id}/events", params={"afterVersion": version + 5}
    )
    assert (beyond.status_code, beyond.json()["code"]) == (400, "BAD_VERSION")
    seat = await rest.request("GET", f"/games/{game_id}/events", params={"seat": 0})
    assert (seat.status_code, seat.json()["code"]) == (401, "UNAUTHORIZED")


async def test_log_export_under_v1_and_the_alias(rest: Rest) -> None:
    game_id, _ = await rest.new_game()
    v1 = await rest.http.get(f"/v1/games/{game_id}/log")
    alias = await rest.http.get(f"/games/{game_id}/log")
    assert v1.status_code == alias.status_code == 200
    assert v1.text == alias.text
    missing = await rest.request("GET", "/games/nope/log")
    assert (missing.status_code, missing.json()["code"]) == (404, "GAME_NOT_FOUND")


async def test_unknown_routes_and_methods_are_problems(rest: Rest) -> None:
    missing = await rest.request("GET", "/nothing/here")
    assert missing.status_code == 404
    wrong = await rest.request("DELETE", "/games")
    assert wrong.status_code == 405


async def test_metrics_label_v1_routes_by_their_full_template(rest: Rest) -> None:
    game_id, _ = await rest.new_game()
    await rest.http.get(f"/v1/games/{game_id}/log")
    for _ in range(50):  # a request is counted just after its last byte is sent
        metrics = (await rest.http.get("/metrics")).text
        if 'route="/v1/games/{game_id}/log"' in metrics:
            break
        await asyncio.sleep(0.05)
    assert 'route="/v1/games/{game_id}/log"' in metrics
    assert 'route="/v1/games"' in metrics
    assert game_id not in metrics
