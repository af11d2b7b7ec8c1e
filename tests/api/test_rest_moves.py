"""`POST /v1/games/{id}/moves`: the order of checks of architecture §5, move ids, headers, statuses."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess

pytestmark = pytest.mark.redis


@pytest.fixture
async def rest(service: ServiceProcess) -> AsyncIterator[Rest]:
    client = Rest(service.url)
    yield client
    await client.close()


async def turn(rest: Rest, game_id: str) -> tuple[int, int]:
    game = await rest.game(game_id)
    return game["version"], game["toAct"][0]


def problem(response: Any) -> tuple[int, str]:
    return response.status_code, response.json()["code"]


async def test_a_legal_move_is_201_with_its_events_and_the_game(rest: Rest) -> None:
    game_id, tokens = await rest.new_game()
    version, seat = await turn(rest, game_id)
    move = (await rest.legal_moves(game_id, seat, tokens[seat]))[0]
    response = await rest.move(game_id, seat, move, tokens[seat], expectedVersion=version)
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["version"] > version
    assert body["game"]["version"] == body["version"]
    assert response.headers["etag"] == f'"{body["version"]}"'
    assert [e["version"] for e in body["events"]] == list(range(version + 1, body["version"] + 1))
    assert body["events"][0]["moveId"].startswith("srv-")
    assert body["dryRun"] is False


async def test_rejections_in_the_documented_order(rest: Rest) -> None:
    game_id, tokens = await rest.new_game()
    version, seat = await turn(rest, game_id)
    other = 1 - seat
    good = (await rest.legal_moves(game_id, seat, tokens[seat]))[0]
    cases: list[tuple[str, int, Any, str | None, dict[str, Any], int, str]] = [
        ("missing", seat, good, tokens[seat], {}, 404, "GAME_NOT_FOUND"),
        (game_id, 5, good, tokens[seat], {}, 422, "BAD_SEAT"),
        (game_id, seat, good, None, {}, 401, "UNAUTHORIZED"),
        (game_id, seat, good, "not-a-token", {}, 401, "UNAUTHORIZED"),
        (game_id, seat, good, tokens[other], {}, 401, "UNAUTHORIZED"),
        (game_id, seat, good, tokens[seat], {"moveId": ""}, 422, "MALFORMED_MOVE"),
        (game_id, seat, {"type": "fly"}, tokens[seat], {}, 422, "MALFORMED_MOVE"),
        (game_id, seat, "end_turn", tokens[seat], {}, 422, "MALFORMED_MOVE"),
        (game_id, other, {"type": "end_turn"}, tokens[other], {}, 422, "NOT_YOUR_TURN"),
        (game_id, seat, {"type": "end_turn"}, tokens[seat], {}, 422, "ILLEGAL_MOVE"),
    ]
    for gid, s, move, token, extra, status, code in cases:
        response = await rest.move(gid, s, move, token or "", **extra)
        assert problem(response) == (status, code), (code, response.text)
    stale = await rest.move(game_id, seat, {"type": "fly"}, tokens[other], expectedVersion=1)
    assert problem(stale) == (401, "UNAUTHORIZED")
    stale = await rest.move(game_id, seat, {"type": "fly"}, tokens[seat], expectedVersion=1)
    assert problem(stale) == (409, "VERSION_CONFLICT")
    assert stale.json()["details"] == {"expectedVersion": 1, "currentVersion": version}
    illegal = await rest.move(game_id, seat, {"type": "end_turn"}, tokens[seat])
    assert illegal.json()["details"]["rule"]
    assert (await rest.game(game_id))["version"] == version


async def test_a_retry_is_200_with_the_same_body_and_appends_nothing(rest: Rest) -> None:
    game_id, tokens = await rest.new_game()
    _, seat = await turn(rest, game_id)
    moves = await rest.legal_moves(game_id, seat, tokens[seat])
    assert len(moves) > 1
    first = await rest.move(game_id, seat, moves[0], tokens[seat], moveId="k")
    assert first.status_code == 201
    again = await rest.move(game_id, seat, moves[0], tokens[seat], moveId="k")
    assert again.status_code == 200
    assert again.json() == first.json()
    by_header = await rest.request(
        "POST",
        f"/games/{game_id}/moves",
        tokens[seat],
        headers={"idempotency-key": "k"},
        json={"seat": seat, "move": moves[0]},
    )
    assert by_header.status_code == 200
    assert by_header.json() == first.json()
    reused = await rest.move(game_id, seat, moves[1], tokens[seat], moveId="k")
    assert problem(reused) == (409, "IDEMPOTENCY_KEY_REUSED")
    assert reused.json()["details"]["moveId"] == "k"
    assert (await rest.game(game_id))["version"] == first.json()["version"]


async def test_concurrent_retries_of_one_move_id_append_once(service: ServiceProcess) -> None:
    """Three clients (connections of their own) send one move under one id at once, by body
    `moveId` and by `Idempotency-Key`: one 201, the others 200 with the same answer, and the
    move's events are in the log once."""
    clients = [Rest(service.url) for _ in range(3)]
    try:
        game_id, tokens = await clients[0].new_game()
        version, seat = await turn(clients[0], game_id)
        move = (await clients[0].legal_moves(game_id, seat, tokens[seat]))[0]
        by_header = {"idempotency-key": "twin"}
        answers = await asyncio.gather(
            clients[0].move(game_id, seat, move, tokens[seat], moveId="twin"),
            clients[1].move(game_id, seat, move, tokens[seat], headers=by_header),
            clients[2].move(game_id, seat, move, tokens[seat], moveId="twin"),
        )
        assert sorted(a.status_code for a in answers) == [200, 200, 201], [a.text for a in answers]
        bodies = [a.json() for a in answers]
        assert len({b["version"] for b in bodies}) == 1
        assert all(b["events"] == bodies[0]["events"] for b in bodies)
        game = await clients[0].game(game_id)
        assert game["version"] == bodies[0]["version"]
        assert game["version"] - version == len(bodies[0]["events"])
        log = await clients[0].stored_log(game_id)
        assert [e.move_id for e in log].count("twin") == len(bodies[0]["events"])
    finally:
        for client in clients:
            await client.close()


async def test_two_seats_using_the_same_move_id_both_get_recorded(rest: Rest) -> None:
    game_id, tokens = await rest.new_game()
    _, first_seat = await turn(rest, game_id)
    move = (await rest.legal_moves(game_id, first_seat, tokens[first_seat]))[0]
    mine = await rest.move(game_id, first_seat, move, tokens[first_seat], moveId="same")
    assert mine.status_code == 201
    version, seat = await turn(rest, game_id)
    while seat == first_seat:
        move = (await rest.legal_moves(game_id, seat, tokens[seat]))[0]
        assert (await rest.move(game_id, seat, move, tokens[seat])).status_code == 201
        version, seat = await turn(rest, game_id)
    move = (await rest.legal_moves(game_id, seat, tokens[seat]))[0]
    theirs = await rest.move(game_id, seat, move, tokens[seat], moveId="same")
    assert theirs.status_code == 201, theirs.text
    assert {(e["seat"], e["moveId"]) for e in theirs.json()["events"]} == {(seat, "same")}
    assert theirs.json()["version"] > version


async def test_if_match_carries_the_expected_version(rest: Rest) -> None:
    game_id, tokens = await rest.new_game()
    version, seat = await turn(rest, game_id)
    move = (await rest.legal_moves(game_id, seat, tokens[seat]))[0]
    path = f"/games/{game_id}/moves"
    body = {"seat": seat, "move": move}
    stale = await rest.request("POST", path, tokens[seat], headers={"if-match": '"1"'}, json=body)
    assert problem(stale) == (409, "VERSION_CONFLICT")
    for headers, extra in (
        ({"if-match": "3"}, {}),
        ({"if-match": f'"{version}"'}, {"expectedVersion": version + 1}),
        ({"idempotency-key": "a"}, {"moveId": "b"}),
    ):
        response = await rest.request(
            "POST", path, tokens[seat], headers=headers, json=body | extra
        )
        assert problem(response) == (400, "BAD_REQUEST"), headers
    ok = await rest.request(
        "POST",
        path,
        tokens[seat],
        headers={"if-match": f'"{version}"'},
        json=body | {"expectedVersion": version},
    )
    assert ok.status_code == 201


async def test_a_dry_run_is_200_and_records_nothing(rest: Rest) -> None:
    game_id, tokens = await rest.new_game()
    version, seat = await turn(rest, game_id)
    move = (await rest.legal_moves(game_id, seat, tokens[seat]))[0]
    response = await rest.move(game_id, seat, move, tokens[seat], dryRun=True)
    assert response.status_code == 200
    assert response.json()["dryRun"] is True
    assert response.json()["events"] == []
    assert (await rest.game(game_id))["version"] == version


async def test_moves_before_the_start_are_refused(rest: Rest) -> None:
    game = (await rest.create())["game"]
    joined = await rest.ok("POST", f"/games/{game['id']}/seats", json={"name": "ann"})
    response = await rest.move(game["id"], 0, {"type": "end_turn"}, joined["token"])
    assert problem(response) == (422, "GAME_NOT_STARTED")


async def test_a_malformed_body_is_400(rest: Rest) -> None:
    game_id, tokens = await rest.new_game()
    bodies: list[dict[str, Any]] = [
        {"move": {}},
        {"seat": "0", "move": {}},
        {"seat": 0, "move": {}, "x": 1},
    ]
    for body in bodies:
        response = await rest.request("POST", f"/games/{game_id}/moves", tokens[0], json=body)
        assert problem(response) == (400, "BAD_REQUEST"), body


async def test_the_move_route_answers_alike_past_the_router_and_through_it(
    rest: Rest, service: ServiceProcess
) -> None:
    """The move route is called straight from the edge (`service.http.edge.hot_routes.Lanes`); a
    request with an `Origin` takes the router, a wrong method gets the router's 405, and both
    ways are counted under the route's template."""
    game_id, tokens = await rest.new_game()
    _, seat = await turn(rest, game_id)
    move = (await rest.legal_moves(game_id, seat, tokens[seat]))[0]
    origin = {"origin": "https://elsewhere.example"}
    for headers in ({}, origin):
        dry = await rest.move(game_id, seat, move, tokens[seat], headers, dryRun=True)
        assert dry.status_code == 200, dry.text
        assert dry.json()["dryRun"] is True
        late = await rest.move(game_id, seat, move, tokens[seat], headers, expectedVersion=0)
        assert problem(late) == (409, "VERSION_CONFLICT")
    wrong = await rest.request("GET", f"/games/{game_id}/moves")
    assert problem(wrong) == (405, "BAD_REQUEST")
    assert "POST" in wrong.headers["allow"]
    gone = await rest.move("G-doesnotexist12", 0, move, tokens[seat])
    assert problem(gone) == (404, "GAME_NOT_FOUND")
    metrics = (await rest.http.get("/metrics")).text
    counted = [
        line
        for line in metrics.splitlines()
        if line.startswith("boardstate_http_requests_total")
        and 'route="/v1/games/{game_id}/moves"' in line
        and 'method="POST"' in line
    ]
    assert any('status="200"' in line for line in counted), counted
    assert any('status="409"' in line for line in counted), counted
