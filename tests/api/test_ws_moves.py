"""Moves over the websocket a client follows the game on (issue 15, item 2): `submitMove` sent
as a graphql-transport-ws `subscribe` message on the same socket as the `gameEvents`
subscription, with the same semantics and results as over HTTP."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bench.peer_clients import GraphqlSocket
from tests.api.client import SUBMIT, Api
from tests.api.server import ServiceProcess

pytestmark = pytest.mark.redis

LEGAL = "query($g: ID!, $s: Int!) { game(id: $g) { legalMoves(seat: $s) toAct status } }"
STATE = "query($g: ID!, $s: Int) { game(id: $g) { state(seat: $s) } }"


async def data(socket: GraphqlSocket, query: str, **variables: Any) -> dict[str, Any]:
    """Runs an operation on the socket; returns its `data` (no errors allowed)."""
    message = await socket.execute(query, variables)
    assert message["type"] == "next", message
    assert not message["payload"].get("errors"), message
    result: dict[str, Any] = message["payload"]["data"]
    return result


async def submit(socket: GraphqlSocket, game_id: str, seat: int, move: Any, **kw: Any) -> Any:
    """`submitMove` over the socket (kw: v, id, dry), selecting what the HTTP tests select."""
    return (await data(socket, SUBMIT, g=game_id, s=seat, m=move, **kw))["submitMove"]


async def opened(service: ServiceProcess, token: str) -> GraphqlSocket:
    socket = GraphqlSocket(service.port, token)
    await socket.open()
    return socket


async def test_a_whole_game_is_played_over_one_websocket_per_seat_that_also_follows_it(
    service: ServiceProcess, api: Api
) -> None:
    game_id, tokens = await api.new_game(seed="ws-whole-game")
    sockets = [await opened(service, token) for token in tokens]
    heard: list[list[int]] = [[], []]
    try:
        for seat, socket in enumerate(sockets):
            await socket.follow(game_id, 0, heard[seat].append)
        rnd = random.Random(7)
        moves = 0
        while True:
            seat = (await api.game(game_id, "toAct"))["toAct"]
            if not seat:
                break
            acting = seat[0]
            legal = (await data(sockets[acting], LEGAL, g=game_id, s=acting))["game"]
            result = await submit(sockets[acting], game_id, acting, rnd.choice(legal["legalMoves"]))
            assert result["__typename"] == "MoveAccepted", result
            moves += 1
        final = await api.game(game_id, "status version")
        assert final["status"] == "FINISHED"
        assert moves > 20
        for versions in heard:  # each socket heard every event, in order, once
            assert versions == list(range(1, final["version"] + 1))
    finally:
        for socket in sockets:
            await socket.close()


async def test_a_retry_with_the_same_move_id_over_the_socket_returns_the_original_acceptance(
    service: ServiceProcess, api: Api
) -> None:
    game_id, tokens = await api.new_game(seed="ws-retry")
    seat = (await api.game(game_id, "toAct"))["toAct"][0]
    move = (await api.legal_moves(game_id, seat, tokens[seat]))[0]
    socket = await opened(service, tokens[seat])
    try:
        first = await submit(socket, game_id, seat, move, id="ws-move-1")
        again = await submit(socket, game_id, seat, move, id="ws-move-1")
        over_http = await api.submit(game_id, seat, move, tokens[seat], id="ws-move-1")
        assert first["__typename"] == "MoveAccepted"
        assert again == first == over_http
        assert (await api.game(game_id, "version"))["version"] == first["version"]
        reused = await submit(socket, game_id, seat, {"type": "end_turn"}, id="ws-move-1")
        assert reused["__typename"] == "Rejected"
        assert reused["code"] == "IDEMPOTENCY_KEY_REUSED"
    finally:
        await socket.close()


async def test_refusals_over_the_socket_carry_the_codes_http_gives(
    service: ServiceProcess, api: Api
) -> None:
    game_id, tokens = await api.new_game(seed="ws-refusals")
    seat = (await api.game(game_id, "toAct"))["toAct"][0]
    other = 1 - seat
    move = (await api.legal_moves(game_id, seat, tokens[seat]))[0]
    mine, theirs = await opened(service, tokens[seat]), await opened(service, tokens[other])
    try:
        cases = [
            (theirs, seat, move, {}),  # another seat's token
            (theirs, other, move, {}),  # not its turn
            (mine, seat, {"type": "no_such_move"}, {}),  # cannot be parsed
            (mine, seat, move, {"v": 1}),  # stale expectedVersion
        ]
        for socket, as_seat, submitted, kw in cases:
            over_ws = await submit(socket, game_id, as_seat, submitted, **kw)
            token = tokens[other] if socket is theirs else tokens[seat]
            over_http = await api.submit(game_id, as_seat, submitted, token, **kw)
            assert over_ws == over_http
            assert over_ws["__typename"] in ("Rejected", "VersionConflict")
        codes = [(await submit(s, game_id, a, m, **kw)).get("code") for s, a, m, kw in cases[:3]]
        assert codes == ["UNAUTHORIZED", "NOT_YOUR_TURN", "MALFORMED_MOVE"]
    finally:
        await mine.close()
        await theirs.close()


async def test_the_answer_to_a_move_over_the_socket_is_redacted_for_the_mover_as_its_log_is(
    service: ServiceProcess, api: Api
) -> None:
    game_id, tokens = await api.new_game(seed="ws-hidden")
    seat = (await api.game(game_id, "toAct"))["toAct"][0]
    socket = await opened(service, tokens[seat])
    answered: list[dict[str, Any]] = []
    try:
        rnd = random.Random(3)
        while len(answered) < 12:  # this seat's turn, up to its end_turn (which draws cards)
            legal = (await data(socket, LEGAL, g=game_id, s=seat))["game"]
            if seat not in legal["toAct"]:
                break
            result = await submit(socket, game_id, seat, rnd.choice(legal["legalMoves"]))
            assert result["__typename"] == "MoveAccepted"
            answered.extend(result["events"])
    finally:
        await socket.close()
    logged = await api.game(game_id, EVENTS, token=tokens[seat])
    as_logged = {e["node"]["version"]: e["node"] for e in logged["events"]["edges"]}
    assert answered
    for event in answered:
        assert event == as_logged[event["version"]]
    spectators = await api.game(game_id, EVENTS)
    hidden = [
        e["node"]
        for e in spectators["events"]["edges"]
        if e["node"] != as_logged[e["node"]["version"]]
    ]
    assert hidden, "the mover's turn revealed something to the mover only (its draw)"


EVENTS = "events(first: 100) { edges { node { version type seat moveId data stateHash } } }"
