"""A token that acts for no seat of a game is refused on every door of that game's stream, never
read as a spectator: REST Server-Sent Events, `gameEvents` over graphql-transport-ws and over
graphql-sse, and the command socket's `subscribe` (before issue 37 the GraphQL doors read it as a
spectator while the other two answered 401: one service, two answers)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.typing import Subprotocol

from tests.api.client import Api
from tests.api.server import ServiceProcess
from tests.api.socket_support import RawSocket
from tests.api.sse_client import open_stream, stream_path

pytestmark = pytest.mark.redis
SUBSCRIBE = "subscription($g: ID!) { gameEvents(gameId: $g) { version type } }"


async def two_games(service: ServiceProcess) -> tuple[str, str]:
    """A game, and a seat token of another game (which acts for no seat of the first)."""
    api = Api(service.url)
    try:
        game_id, _ = await api.new_game()
        _, others = await api.new_game()
    finally:
        await api.close()
    return game_id, others[0]


def code_of(errors: list[dict[str, Any]]) -> str:
    return str(errors[0]["extensions"]["code"])


async def over_websocket(service: ServiceProcess, game_id: str, token: str) -> str:
    protocols = [Subprotocol("graphql-transport-ws")]
    async with connect(service.ws_url, subprotocols=protocols, proxy=None) as ws:
        init = {"type": "connection_init", "payload": {"authorization": f"Bearer {token}"}}
        await ws.send(json.dumps(init))
        assert json.loads(await ws.recv())["type"] == "connection_ack"
        body = {"query": SUBSCRIBE, "variables": {"g": game_id}}
        await ws.send(json.dumps({"id": "1", "type": "subscribe", "payload": body}))
        message = json.loads(await ws.recv())
    assert message["type"] in ("next", "error"), message
    payload = message["payload"]
    return code_of(payload["errors"] if message["type"] == "next" else payload)


async def over_graphql_sse(service: ServiceProcess, game_id: str, token: str) -> str:
    headers = {"accept": "text/event-stream", "authorization": f"Bearer {token}"}
    body = {"query": SUBSCRIBE, "variables": {"g": game_id}}
    async with open_stream(service.url, "/graphql", headers, "POST", body) as stream:
        message = await stream.next(30)
    assert message is not None
    assert message.event == "next", message
    return code_of(message.json()["errors"])


async def over_rest_sse(service: ServiceProcess, game_id: str, token: str) -> str:
    headers = {"authorization": f"Bearer {token}"}
    async with open_stream(service.url, stream_path(game_id), headers) as stream:
        assert stream.response.status_code == 401
        return str(json.loads(await stream.response.aread())["code"])


async def over_the_socket(service: ServiceProcess, game_id: str, token: str) -> str:
    socket = await RawSocket(service.port, token).open()
    try:
        answer = await socket.call({"type": "subscribe", "gameId": game_id, "after": 0})
    finally:
        await socket.close()
    assert answer["status"] == 401, answer
    return str(answer["code"])


@pytest.mark.parametrize(
    "door",
    [over_rest_sse, over_websocket, over_graphql_sse, over_the_socket],
    ids=lambda d: d.__name__,
)
async def test_another_games_token_is_refused_on_every_door_of_a_games_stream(
    service: ServiceProcess, door: Any
) -> None:
    game_id, foreign = await two_games(service)
    assert await door(service, game_id, foreign) == "UNAUTHORIZED"
