"""The command socket under the default points budget (issue 37): each message is charged the
points its REST route is charged (`PriceTable.points_of`, one conversion for both doors).

Before, the socket charged a route's raw cost as points: a `move` 1,585 points and `legalMoves`
201 (REST: 16 and 3), so a seat under the default budget (5,000 points a minute) was refused
`RATE_LIMITED` after two moves, and the example of docs/socket.md never finished. Here a server
with the defaults a user gets (`default_service`: rate limits and budgets on, nothing relaxed)
serves a whole game played on the socket, and the points each message costs are read from the
budget the service tells a caller (`X-RateLimit-Used` of the same token's REST requests).

Each socket keeps below the per-second request limits (a seat token's 30 a second) by sending a
message at most every `PACE_S`: what is measured is the points budget, not the request rate.
"""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess
from tests.api.socket_support import RawSocket

pytestmark = pytest.mark.redis

PACE_S = 0.045
"""At most one message a socket every 45 ms: 22 a second, under a token's 30."""


async def test_a_whole_game_on_the_socket_fits_the_default_budget(
    default_service: ServiceProcess,
) -> None:
    rest = Rest(default_service.url)
    try:
        game_id, tokens = await rest.new_game(seed="socket-points-1")
    finally:
        await rest.close()
    sockets = [await RawSocket(default_service.port, token, pace=PACE_S).open() for token in tokens]
    rnd = random.Random(37)
    moves = [0, 0]
    asked = [0, 0]
    refusals: list[dict[str, Any]] = []
    try:
        follower = sockets[0]
        answer = await follower.call({"type": "subscribe", "gameId": game_id})
        assert answer["type"] == "subscribed", answer
        done = -1
        while True:
            push = await follower.next_push()
            if push["type"] == "unsubscribed":
                assert push["reason"] == "ended", push
                break
            header = push["event"]["header"]
            if header["status"] != "ACTIVE" or header["version"] <= done or not header["toAct"]:
                continue
            seat = header["toAct"][0]
            socket = sockets[seat]
            legal = await socket.call({"type": "legalMoves", "gameId": game_id, "seat": seat})
            asked[seat] += 1
            if legal["type"] == "error":
                refusals.append(legal)
                break
            if legal["version"] != header["version"]:
                continue  # more events of the last move are coming
            move = {"type": "move", "gameId": game_id, "seat": seat}
            move |= {"move": rnd.choice(legal["moves"]), "expectedVersion": legal["version"]}
            accepted = await socket.call(move)
            if accepted["type"] == "error":
                refusals.append(accepted)
                break
            done = accepted["version"] - 1  # its events' headers are not a new turn
            moves[seat] += 1
    finally:
        for socket in sockets:
            await socket.close()
    assert refusals == []
    assert min(moves) > 20, moves  # each seat played a few dozen moves
    assert sum(asked) >= sum(moves)


async def used(http: httpx.AsyncClient, method: str, path: str, **kwargs: Any) -> int:
    """Sends a REST request with the client's token; the points its token's window has used
    after it (`X-RateLimit-Used`)."""
    answer = await http.request(method, path, **kwargs)
    assert answer.status_code < 400, answer.text
    assert answer.headers["x-ratelimit-resource"] == "points"
    return int(answer.headers["x-ratelimit-used"])


async def test_each_socket_message_is_charged_its_rest_routes_points(
    default_service: ServiceProcess,
) -> None:
    """REST request, REST request, socket message, REST request: the budget's growth between
    the first two is REST's charge, between the last two REST's plus the socket's. A fresh
    seat token, so nothing else is charged to it meanwhile."""
    rest = Rest(default_service.url)
    try:
        game_id, tokens = await rest.new_game(seed="socket-points-2")
        game = await rest.game(game_id)
    finally:
        await rest.close()
    seat = game["toAct"][0]
    token = tokens[seat]
    headers = {"authorization": f"Bearer {token}"}
    socket = await RawSocket(default_service.port, token, pace=PACE_S).open()
    base = f"/v1/games/{game_id}"
    try:
        async with httpx.AsyncClient(
            base_url=default_service.url, headers=headers, timeout=30
        ) as http:
            legal_path = f"{base}/legal-moves"
            legal = (await http.get(legal_path, params={"seat": seat})).json()
            move = {"seat": seat, "move": legal["moves"][0], "dryRun": True}
            twins: list[tuple[dict[str, Any], str, str, dict[str, Any]]] = [
                (
                    {"type": "legalMoves", "gameId": game_id, "seat": seat},
                    "GET",
                    legal_path,
                    {"params": {"seat": seat}},
                ),
                (
                    {"type": "move", "gameId": game_id, **move},
                    "POST",
                    f"{base}/moves",
                    {"json": move},
                ),
            ]
            # a gameId no HTTP route takes (a `/` in it): the same price, though it is refused
            odd = {"type": "legalMoves", "gameId": f"{game_id}/x", "seat": seat}
            twins.append((odd, "GET", legal_path, {"params": {"seat": seat}}))
            charged: dict[str, tuple[int, int]] = {}
            for message, method, path, kwargs in twins:
                first = await used(http, method, path, **kwargs)
                second = await used(http, method, path, **kwargs)
                answer = await socket.call(message)
                assert (answer["type"] == "error") is (message is odd), answer
                third = await used(http, method, path, **kwargs)
                rest_points = second - first
                name = "odd gameId" if message is odd else message["type"]
                charged[name] = (third - second - rest_points, rest_points)
            # the stream: opening it over HTTP, subscribing on the socket
            stream = f"{base}/events/stream"
            async with http.stream("GET", stream) as opened:
                first = int(opened.headers["x-ratelimit-used"])
            async with http.stream("GET", stream) as opened:
                second = int(opened.headers["x-ratelimit-used"])
            answer = await socket.call({"type": "subscribe", "gameId": game_id})
            assert answer["type"] == "subscribed", answer
            async with http.stream("GET", stream) as opened:
                third = int(opened.headers["x-ratelimit-used"])
            charged["subscribe"] = (third - second - (second - first), second - first)
    finally:
        await socket.close()
    assert charged == {
        "legalMoves": (charged["legalMoves"][1],) * 2,
        "move": (charged["move"][1],) * 2,
        "subscribe": (charged["subscribe"][1],) * 2,
        "odd gameId": (charged["legalMoves"][1],) * 2,
    }, charged
    assert charged["move"][1] == 16  # the documented price of a move (docs/security.md)
