"""The command socket `/v1/socket` under abuse (issue 32, item 2; docs/security.md, Command
socket): oversized, malformed and mistyped messages, floods, too many subscriptions, wrong
tokens, moves for another seat, the rate limits. Each is refused as documented (a typed `error`
with the code REST answers for the same thing, or a documented close) and the socket, or the
server, goes on serving."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import httpx
import pytest

from boardstate.service.http.socket.endpoint import FLOOD_CLOSE, MAX_SUBSCRIPTIONS
from tests.api.client import Api
from tests.api.server import ServiceProcess
from tests.api.socket_support import RawSocket
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

TOKEN_LIMIT = 6
ADDRESS_STREAMS = 3


@pytest.fixture(scope="module")
def roomy(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """Stream caps per address above the socket's own cap of subscriptions."""
    env = {"BOARDSTATE_MAX_STREAMS_PER_ADDRESS": str(MAX_SUBSCRIPTIONS * 2)}
    with ServiceProcess(redis_server.url, env=env) as process:
        yield process


@pytest.fixture(scope="module")
def tight(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """Few streams per address, and a token's rate limit of a few requests a minute."""
    env = {
        "BOARDSTATE_MAX_STREAMS_PER_ADDRESS": str(ADDRESS_STREAMS),
        "BOARDSTATE_RATE_LIMITS": "1",
        "BOARDSTATE_RATE_LIMIT_ADDRESS": "100000/minute",
        "BOARDSTATE_RATE_LIMIT_TOKEN": f"{TOKEN_LIMIT}/minute",
    }
    with ServiceProcess(redis_server.url, env=env) as process:
        yield process


async def test_bad_input_is_a_typed_error_like_rest_and_the_socket_stays(
    service: ServiceProcess,
) -> None:
    api = Api(service.url)
    try:
        game_id, tokens = await api.new_game()
    finally:
        await api.close()
    socket = await RawSocket(service.port, tokens[0]).open()
    cases: list[tuple[str | bytes, str, bytes | None]] = [
        (b"{not json", "BAD_JSON", b"{not json"),
        ("[1, 2]", "BAD_JSON", b"[1, 2]"),
        (
            '{"type": "move", "id": "a", "gameId": "g", "seat": "0", "move": {}}',
            "BAD_REQUEST",
            b'{"seat": "0", "move": {}}',
        ),
        (
            '{"type": "move", "id": "b", "gameId": "g", "seat": 0, "move": {}, "extra": 1}',
            "BAD_REQUEST",
            b'{"seat": 0, "move": {}, "extra": 1}',
        ),
        ('{"type": "teleport", "id": "c"}', "BAD_REQUEST", None),
        ('{"type": "ping", "id": ' + "[" * 5000 + "]" * 5000 + "}", "BAD_JSON", None),
        (b"\xff\xfe{}", "BAD_JSON", None),  # not UTF-8 (a binary frame)
    ]
    try:
        async with httpx.AsyncClient(base_url=service.url, timeout=30) as http:
            for raw, code, rest_body in cases:
                await socket.send(raw)
                (answer,) = [await _next_unanswered(socket)]
                assert answer["type"] == "error"
                assert answer["code"] == code, (raw, answer)
                assert answer["status"] == 400
                if rest_body is not None:
                    rest = await http.post(
                        f"/v1/games/{game_id}/moves",
                        content=rest_body,
                        headers={"content-type": "application/json"},
                    )
                    assert (rest.status_code, rest.json()["code"]) == (400, code)
        assert (await socket.call({"type": "ping"}))["type"] == "pong"  # still open
    finally:
        await socket.close()


async def _next_unanswered(socket: RawSocket, wait: float = 10.0) -> dict[str, object]:
    async with asyncio.timeout(wait):
        while True:
            found = [m for m in socket.received if m["type"] == "error"]
            if len(found) > getattr(socket, "_errors_taken", 0):
                socket._errors_taken = len(found)  # type: ignore[attr-defined]
                return found[-1]
            await asyncio.sleep(0.01)


async def test_an_oversized_message_closes_with_1009(service: ServiceProcess) -> None:
    """(Over HTTP the same is a 413 `REQUEST_TOO_LARGE`: tests/adversarial/test_rest_limits.py.)"""
    socket = await RawSocket(service.port).open()
    await socket.send('{"type": "ping", "id": "' + "x" * 70_000 + '"}')
    assert await socket.closed() == 1009
    healthy = await RawSocket(service.port).open()  # the server goes on
    try:
        assert (await healthy.call({"type": "ping"}))["type"] == "pong"
    finally:
        await healthy.close()


async def test_a_flood_is_refused_then_closed_with_1008(service: ServiceProcess) -> None:
    socket = await RawSocket(service.port).open()
    for number in range(6000):
        await socket.send(f'{{"type":"ping","id":"p{number}"}}')
        if socket.close_code is not None:
            break
    code = await socket.closed(60)
    refused = [m for m in socket.received if m["type"] == "error"]
    assert refused
    assert {m["code"] for m in refused} == {"RATE_LIMITED"}
    assert refused[0]["details"] == {"retryAfter": 1, "scope": "socket"}
    assert code == 1008
    assert len(refused) >= FLOOD_CLOSE - 1


async def test_no_more_subscriptions_than_the_cap_on_one_socket(roomy: ServiceProcess) -> None:
    api = Api(roomy.url)
    try:
        games = [(await api.new_game())[0] for _ in range(MAX_SUBSCRIPTIONS + 1)]
    finally:
        await api.close()
    socket = await RawSocket(roomy.port).open()
    try:
        for game_id in games[:MAX_SUBSCRIPTIONS]:
            answer = await socket.call({"type": "subscribe", "gameId": game_id})
            assert answer["type"] == "subscribed"
        again = await socket.call({"type": "subscribe", "gameId": games[0]})
        assert (again["type"], again["code"]) == ("error", "BAD_REQUEST")
        over = await socket.call({"type": "subscribe", "gameId": games[-1]})
        assert (over["type"], over["code"], over["status"]) == ("error", "TOO_MANY_STREAMS", 429)
        assert over["details"] == {"scope": "socket", "limit": MAX_SUBSCRIPTIONS}
        done = await socket.call({"type": "unsubscribe", "gameId": games[0]})
        assert (done["type"], done["reason"]) == ("unsubscribed", "asked")
        twice = await socket.call({"type": "unsubscribe", "gameId": games[0]})
        assert (twice["type"], twice["code"]) == ("error", "BAD_REQUEST")  # not followed now
        now = await socket.call({"type": "subscribe", "gameId": games[-1]})
        assert now["type"] == "subscribed"
    finally:
        await socket.close()


async def test_the_stream_caps_per_address_hold_across_the_socket_and_sse(
    tight: ServiceProcess,
) -> None:
    api = Api(tight.url)
    try:
        games = [(await api.new_game())[0] for _ in range(ADDRESS_STREAMS + 1)]
    finally:
        await api.close()
    socket = await RawSocket(tight.port).open()
    try:
        for game_id in games[:ADDRESS_STREAMS]:
            assert (await socket.call({"type": "subscribe", "gameId": game_id}))["type"] == (
                "subscribed"
            )
        over = await socket.call({"type": "subscribe", "gameId": games[-1]})
        async with httpx.AsyncClient(base_url=tight.url, timeout=30) as http:
            sse = await http.get(f"/v1/games/{games[-1]}/events/stream")
        assert (over["code"], over["status"]) == (sse.json()["code"], sse.status_code)
        assert over["code"] == "TOO_MANY_STREAMS"
        assert over["details"]["scope"] == "address"
    finally:
        await socket.close()
    await asyncio.sleep(0.5)  # the socket's streams are given back when it closes
    again = await RawSocket(tight.port).open()
    try:
        answer = await again.call({"type": "subscribe", "gameId": games[-1]})
        assert answer["type"] == "subscribed"
    finally:
        await again.close()


async def test_moves_over_the_token_rate_limit_are_refused_as_over_rest(
    tight: ServiceProcess,
) -> None:
    api = Api(tight.url)
    try:
        game_id, tokens = await api.new_game()
    finally:
        await api.close()
    socket = await RawSocket(tight.port, tokens[0]).open()
    try:
        answers = [
            await socket.call({"type": "legalMoves", "gameId": game_id, "seat": 0})
            for _ in range(TOKEN_LIMIT + 2)
        ]
        refused = [a for a in answers if a["type"] == "error"]
        assert refused
        assert {a["code"] for a in refused} == {"RATE_LIMITED"}
        assert all(1 <= a["details"]["retryAfter"] <= 60 for a in refused)
        async with httpx.AsyncClient(base_url=tight.url, timeout=30) as http:
            rest = await http.get(
                f"/v1/games/{game_id}/legal-moves",
                params={"seat": 0},
                headers={"authorization": f"Bearer {tokens[0]}"},
            )
        assert (rest.status_code, rest.json()["code"]) == (429, "RATE_LIMITED")
        assert (await socket.call({"type": "ping"}))["type"] == "pong"
    finally:
        await socket.close()


async def test_a_forged_player_token_is_refused_and_closes_as_rest_refuses_it(
    service: ServiceProcess,
) -> None:
    forged = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJwX3gifQ.c2lnbmF0dXJl"
    socket = await RawSocket(service.port, forged).open()
    assert await socket.closed() == 1008
    (refusal,) = [m for m in socket.received if m["type"] == "error"]
    async with httpx.AsyncClient(base_url=service.url, timeout=30) as http:
        rest = await http.get("/v1/games", headers={"authorization": f"Bearer {forged}"})
    assert (refusal["code"], refusal["status"]) == (rest.json()["code"], rest.status_code)
    assert refusal["code"] == "PLAYER_TOKEN_INVALID"


async def test_a_seat_token_cannot_move_for_the_other_seat(service: ServiceProcess) -> None:
    api = Api(service.url)
    try:
        game_id, tokens = await api.new_game()
        seat = (await api.game(game_id, "toAct"))["toAct"][0]
    finally:
        await api.close()
    socket = await RawSocket(service.port, tokens[1 - seat]).open()
    try:
        move = {"type": "move", "gameId": game_id, "seat": seat, "move": {"type": "end_turn"}}
        answer = await socket.call(move)
        legal = await socket.call({"type": "legalMoves", "gameId": game_id, "seat": seat})
    finally:
        await socket.close()
    assert (answer["code"], answer["status"]) == ("UNAUTHORIZED", 401)
    assert (legal["code"], legal["status"]) == ("UNAUTHORIZED", 401)
