"""The two doors of a game's stream for the header tests (issue 29, item 4): REST (Server-Sent
Events, `GET /v1/games/{id}/events/stream`) and GraphQL (`gameEvents` over graphql-transport-ws),
each read as a list of event objects with their `header`, and each with its own way to act."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any, Protocol

from tests.api.client import Api, subscription
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess
from tests.api.sse_client import open_stream

DOORS = ("rest", "graphql", "graphql-sse")
"""REST Server-Sent Events; `gameEvents` over graphql-transport-ws and over graphql-sse (the
GraphQL doors act through GraphQL mutations, the REST door through REST routes)."""

HEADER = (
    "header { version status toAct deadline deadlines { seat remainingMs deadline } "
    "result { scores winners details } state }"
)
SUBSCRIBE_HEADERS = f"""
subscription($g: ID!, $after: Int, $withState: Boolean!) {{
  gameEvents(gameId: $g, afterVersion: $after, withState: $withState) {{
    version type seat moveId data at stateHash {HEADER}
  }}
}}"""


class Follower(Protocol):
    async def next(self, wait: float = 10.0) -> dict[str, Any] | None:
        """The next event (with its header), or None once the stream has ended."""


class _SseFollower:
    def __init__(self, stream: Any, graphql: bool = False) -> None:
        self.stream = stream
        self.graphql = graphql

    async def next(self, wait: float = 10.0) -> dict[str, Any] | None:
        message = await self.stream.next(wait)
        if message is None:
            return None
        if self.graphql:
            if message.event == "complete":
                return None
            assert message.event == "next", message
            payload = message.json()
            assert not payload.get("errors"), payload
            found: dict[str, Any] = payload["data"]["gameEvents"]
            return found
        event: dict[str, Any] = message.json()
        assert message.id == str(event["version"]), message
        assert message.event == event["type"], message
        return event


@contextlib.asynccontextmanager
async def follow(
    door: str,
    service: ServiceProcess,
    game_id: str,
    token: str | None = None,
    after: int = 0,
    with_state: bool = False,
) -> AsyncIterator[Follower]:
    """Follows the game's stream through `door` as `token`'s seat (a spectator without one)."""
    if door == "rest":
        query = f"?afterVersion={after}" + ("&withState=true" if with_state else "")
        headers = {"authorization": f"Bearer {token}"} if token else {}
        path = f"/v1/games/{game_id}/events/stream{query}"
        async with open_stream(service.url, path, headers) as stream:
            assert stream.response.status_code == 200
            yield _SseFollower(stream)
        return
    variables = {"g": game_id, "after": after, "withState": with_state}
    payload = {"authorization": f"Bearer {token}"} if token else {}
    if door == "graphql-sse":
        body = {"query": SUBSCRIBE_HEADERS, "variables": variables}
        sse_headers = {"accept": "text/event-stream"} | payload
        async with open_stream(service.url, "/graphql", sse_headers, "POST", body) as stream:
            assert stream.response.status_code == 200
            yield _SseFollower(stream, graphql=True)
        return
    document = (SUBSCRIBE_HEADERS, "gameEvents", variables)
    async with subscription(service.ws_url, game_id, payload=payload, query=document) as events:
        yield events


async def legal_moves(
    door: str, clients: tuple[Api, Rest], game_id: str, seat: int, token: str
) -> list[Any]:
    api, rest = clients
    if door == "rest":
        return await rest.legal_moves(game_id, seat, token)
    return await api.legal_moves(game_id, seat, token)


async def submit(
    door: str,
    clients: tuple[Api, Rest],
    game_id: str,
    seat: int,
    move: Any,
    token: str,
    version: int,
) -> bool:
    """Submits `move` at `version`; False when the game had moved on (a version conflict)."""
    api, rest = clients
    if door == "rest":
        answer = await rest.move(game_id, seat, move, token, expectedVersion=version)
        if answer.status_code == 409:
            assert answer.json()["code"] == "VERSION_CONFLICT", answer.text
            return False
        assert answer.status_code == 201, answer.text
        return True
    result = await api.submit(game_id, seat, move, token, v=version)
    if result["__typename"] == "VersionConflict":
        return False
    assert result["__typename"] == "MoveAccepted", result
    return True


async def resign(door: str, clients: tuple[Api, Rest], game_id: str, seat: int, token: str) -> None:
    api, rest = clients
    if door == "rest":
        await rest.ok("POST", f"/games/{game_id}/seats/{seat}/resign", token)
        return
    query = "mutation($g: ID!, $s: Int!) { resign(gameId: $g, seat: $s) { __typename } }"
    answer = await api.gql(query, token, g=game_id, s=seat)
    assert answer["resign"]["__typename"] == "TableUpdated", answer
