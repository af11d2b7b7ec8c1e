"""The command socket `/v1/socket` (issue 32, item 2; docs/socket.md): a whole game played on it,
push-driven, every server message valid against `schema/socket.schema.json`; the same answers,
codes, idempotency and redaction as REST."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
import threading
import time
from typing import Any

import httpx
import pytest

from tests.api.client import Api
from tests.api.server import ServiceProcess
from tests.api.socket_support import SCHEMA_PATH, RawSocket
from tests.doc_blocks import block

pytestmark = pytest.mark.redis


def without_header(event: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in event.items() if k != "header"}


async def rest_events(
    service: ServiceProcess, game_id: str, token: str | None, seat: int | None
) -> list[Any]:
    """Every event of `GET /v1/games/{id}/events` for the viewer, page after page."""
    headers = {} if token is None else {"authorization": f"Bearer {token}"}
    params: dict[str, Any] = {} if seat is None else {"seat": seat}
    events: list[Any] = []
    async with httpx.AsyncClient(base_url=service.url, headers=headers, timeout=30) as http:
        while True:
            after = {"afterVersion": events[-1]["version"] if events else 0}
            answer = await http.get(f"/v1/games/{game_id}/events", params=params | after)
            assert answer.status_code == 200, answer.text
            page = answer.json()
            events += page["items"]
            if not page["hasMore"]:
                return events


async def test_a_whole_game_is_played_on_the_socket_and_every_message_fits_the_schema(
    service: ServiceProcess, api: Api
) -> None:
    game_id, tokens = await api.new_game(seed="socket-1")
    seats = [await RawSocket(service.port, token).open() for token in tokens]
    spectator = await RawSocket(service.port).open()
    rnd = random.Random(7)
    try:
        for socket in (*seats, spectator):
            answer = await socket.call({"type": "subscribe", "gameId": game_id, "after": 0})
            assert answer["type"] == "subscribed"
        seen: list[dict[str, Any]] = []
        moves = 0
        mid: list[list[Any]] = []
        target = (await api.game(game_id, "version"))[
            "version"
        ]  # act once the move's last event is in
        while True:
            push = await seats[0].next_push()
            if push["type"] == "unsubscribed":
                assert push["reason"] == "ended"
                break
            event = push["event"]
            seen.append(event)
            header = event["header"]
            if header["status"] != "ACTIVE" or event["version"] < target:
                continue
            for seat in header["toAct"][:1]:
                socket = seats[seat]
                legal = await socket.call({"type": "legalMoves", "gameId": game_id, "seat": seat})
                assert legal["type"] == "legalMoves"
                assert legal["version"] == header["version"]
                move = rnd.choice(legal["moves"])
                answer = await socket.call(
                    {
                        "type": "move",
                        "gameId": game_id,
                        "seat": seat,
                        "move": move,
                        "expectedVersion": header["version"],
                        "moveId": f"m{moves}",
                    }
                )
                assert answer["type"] == "accepted", answer
                assert answer["replayed"] is False
                assert answer["version"] > header["version"]
                target = answer["version"]
                moves += 1
                if moves == 6:  # while the game runs (once ended, REST serves the whole log)
                    mid = [
                        await rest_events(service, game_id, tokens[0], 0),
                        await rest_events(service, game_id, None, None),
                    ]
        assert moves > 5
        assert seen[-1]["type"] == "GameEnded"
        # every push is the REST event of the same viewer: the same redaction
        for rest, socket in zip(mid, (seats[0], spectator), strict=True):
            pushed = [without_header(m["event"]) for m in socket.received if m["type"] == "event"]
            assert pushed[: len(rest)] == rest
        assert mid[0] != mid[1]  # the seat sees its own hidden part, the spectator does not
        ours = [m["event"] for m in seats[1].received if m["type"] == "event"]
        public = [m["event"] for m in spectator.received if m["type"] == "event"]
        assert len(ours) == len(public)
        kinds = {m["type"] for s in (*seats, spectator) for m in s.received}
        assert {"welcome", "subscribed", "event", "unsubscribed", "legalMoves", "accepted"} <= kinds
    finally:
        for socket in (*seats, spectator):
            await socket.close()


async def test_a_move_id_is_answered_once_and_replayed_after(
    service: ServiceProcess, api: Api
) -> None:
    game_id, tokens = await api.new_game(seed="socket-2")
    game = await api.game(game_id, "version toAct")
    seat = game["toAct"][0]
    socket = await RawSocket(service.port, tokens[seat]).open()
    try:
        legal = await socket.call({"type": "legalMoves", "gameId": game_id, "seat": seat})
        move = {"type": "move", "gameId": game_id, "seat": seat, "move": legal["moves"][0]}
        first = await socket.call({**move, "moveId": "once"})
        again = await socket.call({**move, "moveId": "once"})
        assert first["type"] == again["type"] == "accepted"
        assert (first["replayed"], again["replayed"]) == (False, True)
        assert first["version"] == again["version"]
        other = await socket.call({**move, "moveId": "once", "move": {"type": "nonsense"}})
        assert other["type"] == "error"
        assert other["code"] == "IDEMPOTENCY_KEY_REUSED"
        assert other["status"] == 409
    finally:
        await socket.close()


async def test_refusals_carry_the_codes_rest_answers(service: ServiceProcess, api: Api) -> None:
    game_id, tokens = await api.new_game(seed="socket-3")
    game = await api.game(game_id, "version toAct")
    seat = game["toAct"][0]
    other = 1 - seat
    socket = await RawSocket(service.port, tokens[seat]).open()
    cases: list[tuple[dict[str, Any], dict[str, Any], str]] = [
        # a move for another seat with this seat's token
        ({"seat": other, "move": {"type": "draw_from_deck"}}, {"token": tokens[seat]}, "seat"),
        # a stale expectedVersion
        (
            {"seat": seat, "move": {"type": "draw_from_deck"}, "expectedVersion": 99},
            {"token": tokens[seat]},
            "stale",
        ),
        # a game that does not exist
        ({"seat": seat, "move": {"type": "draw_from_deck"}}, {"game": "nope"}, "missing"),
    ]
    try:
        async with httpx.AsyncClient(base_url=service.url, timeout=30) as http:
            for body, how, _name in cases:
                target = how.get("game", game_id)
                rest = await http.post(
                    f"/v1/games/{target}/moves",
                    json=body,
                    headers={"authorization": f"Bearer {tokens[seat]}"},
                )
                answer = await socket.call({"type": "move", "gameId": target, **body})
                assert answer["type"] == "error"
                assert (answer["code"], answer["status"]) == (
                    rest.json()["code"],
                    rest.status_code,
                )
            wrong = await RawSocket(service.port, "not-a-token").open()
            try:
                body = {"seat": seat, "move": {"type": "draw_from_deck"}}
                answer = await wrong.call({"type": "move", "gameId": game_id, **body})
                rest = await http.post(
                    f"/v1/games/{game_id}/moves",
                    json=body,
                    headers={"authorization": "Bearer not-a-token"},
                )
                assert (answer["code"], answer["status"]) == (rest.json()["code"], 401)
                follow = await wrong.call({"type": "subscribe", "gameId": game_id})
                sse = await http.get(
                    f"/v1/games/{game_id}/events/stream",
                    headers={"authorization": "Bearer not-a-token"},
                )
                assert (follow["code"], follow["status"]) == (sse.json()["code"], 401)
            finally:
                await wrong.close()
        assert (await socket.call({"type": "ping"}))["type"] == "pong"
    finally:
        await socket.close()


async def test_the_handshake_token_and_a_socket_without_the_subprotocol(
    service: ServiceProcess, api: Api
) -> None:
    game_id, tokens = await api.new_game(seed="socket-4")
    headers = {"authorization": f"Bearer {tokens[0]}"}
    socket = await RawSocket(service.port, headers=headers).open()
    try:
        answer = await socket.call({"type": "legalMoves", "gameId": game_id, "seat": 0})
        assert answer["type"] == "legalMoves"
    finally:
        await socket.close()
    bare = RawSocket(service.port)
    await bare.open(protocol="boardstate.v0")
    assert await bare.closed() == 1002
    assert bare.unanswered[0]["code"] == "BAD_REQUEST"


def test_the_committed_schema_is_the_generated_one() -> None:
    check = [sys.executable, "scripts/export_socket_schema.py", "--check"]
    result = subprocess.run(check, cwd=SCHEMA_PATH.parents[1], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


async def test_the_docs_example_plays_a_whole_game_against_the_defaults(
    default_service: ServiceProcess,
) -> None:
    """docs/socket.md's example (the blocking SDK), both seats at once, against the limits and
    budgets a user gets (issue 37: it stopped after two moves, refused for the points budget,
    and then at the first second a seat went past its token's 30 requests: the SDK now sends a
    message refused `RATE_LIMITED` again after its `retryAfter`)."""
    api = Api(default_service.url)
    try:
        game_id, tokens = await api.new_game(seed="socket-docs")
    finally:
        await api.close()
    code = compile(block("socket.md", "Play a seat's turns on the socket"), "socket.md", "exec")
    failures: list[BaseException] = []

    def seat(number: int) -> None:
        names = {"BASE_URL": default_service.url, "GAME_ID": game_id, "SEAT": number}
        try:
            exec(code, names | {"SEAT_TOKEN": tokens[number]})
        except BaseException as exc:  # reported below; the other seat would wait for ever
            failures.append(exc)

    # daemon threads: a seat refused for good leaves the other waiting for pushes
    threads = [threading.Thread(target=seat, args=(n,), daemon=True) for n in (0, 1)]
    for thread in threads:
        thread.start()

    def settle() -> None:
        """Until both seats are done, one failed, or 240 s have passed."""
        deadline = time.monotonic() + 240
        for thread in threads:
            while thread.is_alive() and not failures and time.monotonic() < deadline:
                thread.join(0.1)

    await asyncio.to_thread(settle)
    assert failures == []
    assert not any(thread.is_alive() for thread in threads)
    async with httpx.AsyncClient(base_url=default_service.url, timeout=30) as http:
        game = (await http.get(f"/v1/games/{game_id}")).json()
    assert game["status"] == "FINISHED"


async def test_a_client_that_goes_while_its_answer_is_sent_is_no_failure(
    service: ServiceProcess, api: Api
) -> None:
    """A client closing its socket right after a message (as a client leaving a match does) is
    the end of that socket, not a failure: nothing is logged as an error, the socket's work ends
    (seen in the peer benchmark: every match's last `unsubscribe` logged a traceback)."""
    game_id, tokens = await api.new_game(seed="socket-5")
    start = service.log_path.stat().st_size
    for _ in range(12):
        socket = await RawSocket(service.port, tokens[0]).open()
        assert (await socket.call({"type": "subscribe", "gameId": game_id}))["type"] == "subscribed"
        await socket.send({"type": "unsubscribe", "gameId": game_id, "id": "u1"})
        await socket.send({"type": "ping", "id": "p1"})
        socket._socket.transport.abort()  # gone at once, mid-answer
        await socket.close()
    probe = await RawSocket(service.port, tokens[0]).open()
    try:
        assert (await probe.call({"type": "ping"}))["type"] == "pong"
    finally:
        await probe.close()
    await asyncio.sleep(1.0)
    logged = service.log_path.read_bytes()[start:].decode(errors="replace")
    assert "socket_message_failed" not in logged
    assert "Exception in ASGI application" not in logged
