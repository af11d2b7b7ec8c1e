"""`GET /v1/games/{id}/board.svg` (and GraphQL `Game.boardSvg`) on a real server: the same
token and version checks as the state route, an SVG that parses, cache headers."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import AsyncIterator

import pytest

from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess

pytestmark = pytest.mark.redis
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
async def rest(service: ServiceProcess) -> AsyncIterator[Rest]:
    client = Rest(service.url)
    yield client
    await client.close()


def parsed(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    return root


async def test_spectator_picture_is_an_svg_with_csp(rest: Rest) -> None:
    game_id, _ = await rest.new_game(seed="pictures-1")
    response = await rest.request("GET", f"/games/{game_id}/board.svg")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert "default-src 'none'" in response.headers["content-security-policy"]
    assert response.headers["cache-control"] == "public, no-cache"
    root = parsed(response.text)
    assert root.find(f"{SVG}title") is not None
    assert "Spectator view" in response.text


async def test_seat_picture_needs_the_seats_token(rest: Rest) -> None:
    game_id, tokens = await rest.new_game(seed="pictures-2")
    path = f"/games/{game_id}/board.svg"
    refused = await rest.request("GET", path, params={"seat": 0})
    assert (refused.status_code, refused.json()["code"]) == (401, "UNAUTHORIZED")
    wrong = await rest.request("GET", path, tokens[1], params={"seat": 0})
    assert (wrong.status_code, wrong.json()["code"]) == (401, "UNAUTHORIZED")
    mine = await rest.request("GET", path, tokens[0], params={"seat": 0})
    assert mine.status_code == 200
    assert mine.headers["cache-control"] == "private, no-cache"
    parsed(mine.text)


@pytest.mark.parametrize(
    ("params", "status", "code"),
    [
        ({"version": 0}, 400, "BAD_VERSION"),
        ({"version": 10**12}, 400, "BAD_VERSION"),
        ({"version": -1}, 400, "BAD_VERSION"),
        ({"version": "x"}, 400, "BAD_REQUEST"),
        ({"version": "1" * 40}, 400, "BAD_REQUEST"),
    ],
)
async def test_bad_versions_are_typed(
    rest: Rest, params: dict[str, object], status: int, code: str
) -> None:
    game_id, _ = await rest.new_game(seed="pictures-3")
    response = await rest.request("GET", f"/games/{game_id}/board.svg", params=params)
    assert (response.status_code, response.json()["code"]) == (status, code)


async def test_etag_answers_304(rest: Rest) -> None:
    game_id, _ = await rest.new_game(seed="pictures-4")
    path = f"/games/{game_id}/board.svg"
    first = await rest.request("GET", path, params={"version": 3})
    again = await rest.request(
        "GET", path, params={"version": 3}, headers={"if-none-match": first.headers["etag"]}
    )
    assert again.status_code == 304
    other = await rest.request(
        "GET", path, params={"version": 2}, headers={"if-none-match": first.headers["etag"]}
    )
    assert other.status_code == 200
