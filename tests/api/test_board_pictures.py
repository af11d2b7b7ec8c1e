"""`GET /v1/games/{id}/board.svg` (and GraphQL `Game.boardSvg`) on a real server: the same
token and version checks as the state route, an SVG that parses, cache headers."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.api.client import Api, GraphQLErrors
from tests.api.history import export
from tests.api.play import play
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess
from tests.api.test_history_cli import run

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
    assert "spectator view" in response.text


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


def hand_cards(svg: str, seat: int) -> list[str]:
    root = parsed(svg)
    hand = root.find(f".//*[@id='hand-{seat}']")
    assert hand is not None
    return [e.get("data-card", "") for e in hand.iter() if e.get("data-card") is not None]


async def test_a_spectator_picture_shows_no_hand_whatever_token_is_sent(rest: Rest) -> None:
    game_id, tokens = await rest.new_game(seed="pictures-5")
    state = await rest.ok("GET", f"/games/{game_id}/state", tokens[0], params={"seat": 0})
    hand = state["state"]["players"][0]["hand"]
    path = f"/games/{game_id}/board.svg"
    own = (await rest.request("GET", path, tokens[0], params={"seat": 0})).text
    assert hand_cards(own, 0) == hand
    for token in (None, tokens[0], tokens[1]):
        spectator = (await rest.request("GET", path, token)).text
        assert hand_cards(spectator, 0) == ["hidden"] * len(hand)
        assert "spectator view" in spectator
    other = (await rest.request("GET", path, tokens[1], params={"seat": 1})).text
    assert hand_cards(other, 0) == ["hidden"] * len(hand)


@pytest.mark.parametrize(
    ("params", "status", "code"),
    [
        ({"seat": 2}, 422, "BAD_SEAT"),
        ({"seat": -1}, 422, "BAD_SEAT"),
        ({"seat": 10**12}, 422, "BAD_SEAT"),
        ({"seat": "0x1"}, 400, "BAD_REQUEST"),
        ({"version": -(10**12)}, 400, "BAD_VERSION"),
    ],
)
async def test_adversarial_seats_and_versions_are_refused(
    rest: Rest, params: dict[str, object], status: int, code: str
) -> None:
    game_id, tokens = await rest.new_game(seed="pictures-6")
    response = await rest.request("GET", f"/games/{game_id}/board.svg", tokens[0], params=params)
    assert (response.status_code, response.json()["code"]) == (status, code)


async def test_unknown_game_is_404(rest: Rest) -> None:
    response = await rest.request("GET", "/games/no-such-game/board.svg")
    assert (response.status_code, response.json()["code"]) == (404, "GAME_NOT_FOUND")


BOARD = "query($id: ID!, $seat: Int, $version: Int) { game(id: $id) { boardSvg(seat: $seat, version: $version) } }"


async def test_graphql_board_svg_is_the_rest_picture_with_the_same_checks(
    rest: Rest, api: Api
) -> None:
    game_id, tokens = await rest.new_game(seed="pictures-7")
    spectator = await api.gql(BOARD, id=game_id, version=5)
    served = await rest.request("GET", f"/games/{game_id}/board.svg", params={"version": 5})
    assert spectator["game"]["boardSvg"] == served.text
    own = await api.gql(BOARD, tokens[1], id=game_id, seat=1)
    assert hand_cards(own["game"]["boardSvg"], 1) != ["hidden"] * len(hand_cards(served.text, 1))
    with pytest.raises(GraphQLErrors) as refused:
        await api.gql(BOARD, id=game_id, seat=1)
    assert refused.value.codes == ["UNAUTHORIZED"]
    with pytest.raises(GraphQLErrors) as wrong:
        await api.gql(BOARD, tokens[0], id=game_id, seat=1)
    assert wrong.value.codes == ["UNAUTHORIZED"]
    with pytest.raises(GraphQLErrors) as bad:
        await api.gql(BOARD, id=game_id, version=10**6)
    assert bad.value.codes == ["BAD_VERSION"]


async def test_finished_games_pictures_are_cacheable_and_open_to_all(
    service: ServiceProcess, rest: Rest, api: Api, tmp_path: Path
) -> None:
    game_id, tokens = await api.new_game(seed="pictures-8")
    await play([api], game_id, tokens, random.Random(8))
    path = f"/games/{game_id}/board.svg"
    final = await rest.request("GET", path, params={"seat": 0})
    assert final.status_code == 200
    assert final.headers["cache-control"] == "private, max-age=86400, immutable"
    assert "Game over" in final.text
    spectator = await rest.request("GET", path, params={"version": 40})
    assert spectator.headers["cache-control"] == "public, max-age=86400, immutable"
    log = tmp_path / "game.ndjson"
    log.write_bytes(await export(service.url, game_id))
    for version, seat in ((40, None), (40, 1), (None, 0)):
        args = [] if version is None else ["--to", str(version)]
        args += [] if seat is None else ["--seat", str(seat)]
        drawn = run("render", str(log), *args)
        assert drawn.returncode == 0, drawn.stderr
        params = {k: v for k, v in (("version", version), ("seat", seat)) if v is not None}
        served = await rest.request("GET", path, params=params)
        assert drawn.stdout.strip() == served.text


async def test_render_of_a_running_games_export_stops_where_its_data_is_hidden(
    service: ServiceProcess, rest: Rest, api: Api, tmp_path: Path
) -> None:
    """A running game's export hides the shuffled deck: it replays (and draws) only up to
    there, as `boardstate replay` does, and says so."""
    game_id, tokens = await api.new_game(seed="pictures-9")
    await play([api], game_id, tokens, random.Random(9), max_moves=12)
    log = tmp_path / "running.ndjson"
    log.write_bytes(await export(service.url, game_id))
    drawn = run("render", str(log), "--to", "3")
    assert drawn.returncode == 0, drawn.stderr
    served = await rest.request("GET", f"/games/{game_id}/board.svg", params={"version": 3})
    assert drawn.stdout.strip() == served.text
    hidden = run("render", str(log), "--to", "20")
    assert hidden.returncode == 1
    assert "export the log again once the game has ended" in hidden.stderr
    assert run("render", str(log), "--to", "100000").returncode == 1
    assert run("render", str(log), "--to", "-5").returncode == 1
    assert run("render", str(log), "--to", "3", "--seat", "7").returncode == 1
    (tmp_path / "garbage").write_text("not a log\n")
    assert run("render", str(tmp_path / "garbage")).returncode == 2
