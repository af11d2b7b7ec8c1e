"""Helpers of the adversarial stream tests: a live stream opened on each door (REST SSE,
graphql-transport-ws, graphql-sse; game events and the feed) from a given client address
(`X-Forwarded-For` through this machine as a trusted proxy), held open until the block ends,
and what a refused one reports."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

import httpx

from tests.api.client import GraphQLErrors, subscription
from tests.api.live_support import gauge
from tests.api.server import ServiceProcess
from tests.api.sse_client import open_stream, stream_path

DOORS = ("rest", "ws", "graphql-sse", "rest-feed", "ws-feed")
"""Game events over REST, a websocket and graphql-sse; the feed over REST and a websocket."""
GAME_EVENTS = "subscription($g: ID!) { gameEvents(gameId: $g) { version } }"
FEED = 'subscription($g: ID) { feed(gameId: $g, after: "0") { position type } }'


class Refused(Exception):
    """A stream that was refused: its code and (for `TOO_MANY_STREAMS`) scope and limit."""

    def __init__(self, status: int | None, body: dict[str, Any]) -> None:
        super().__init__(f"{status}: {body}")
        self.status = status
        self.code = body.get("code")
        self.scope = body.get("scope")
        self.limit = body.get("limit")


def _headers(address: str, token: str | None) -> dict[str, str]:
    headers = {"x-forwarded-for": address}
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    return headers


@contextlib.asynccontextmanager
async def live(
    service: ServiceProcess, door: str, game_id: str, token: str | None, address: str
) -> AsyncIterator[None]:
    """A stream of `game_id` (its feed for the `*-feed` doors) on `door`, from `address`, with
    `token`; entered once its first message arrived, so it holds its slot. Raises `Refused`."""
    headers = _headers(address, token)
    if door in ("rest", "rest-feed", "graphql-sse"):
        if door == "rest":
            args: dict[str, Any] = {"path": stream_path(game_id, 0), "headers": headers}
        elif door == "rest-feed":
            args = {"path": f"/v1/feed/stream?gameId={game_id}&after=0", "headers": headers}
        else:
            body = {"query": GAME_EVENTS, "variables": {"g": game_id}}
            args = {"path": "/graphql", "method": "POST", "body": body}
            args["headers"] = headers | {"accept": "text/event-stream"}
        async with open_stream(service.url, **args) as stream:
            if stream.response.status_code != 200:
                await stream.response.aread()
                problem = stream.response.json()
                details = problem.get("details") or {}
                raise Refused(stream.response.status_code, problem | details)
            first = await stream.next(30.0)
            assert first is not None
            errors = first.json().get("errors") if door == "graphql-sse" else None
            if errors:
                raise Refused(None, errors[0]["extensions"])
            yield
        return
    query = (FEED, "feed", {"g": game_id}) if door == "ws-feed" else None
    payload = {} if token is None else {"token": token}
    async with subscription(
        service.ws_url, game_id, payload=payload, query=query, headers={"x-forwarded-for": address}
    ) as events:
        try:
            event = await events.next(30.0)
        except GraphQLErrors as exc:
            raise Refused(None, exc.errors[0]["extensions"]) from None
        assert event is not None
        yield


async def refusal(
    service: ServiceProcess, door: str, game_id: str, token: str | None, address: str
) -> Refused:
    """What refuses a stream that must be refused (fails the test if it opens)."""
    try:
        async with live(service, door, game_id, token, address):
            pass
    except Refused as refused:
        return refused
    raise AssertionError(f"a stream on {door} from {address} was not refused")


async def open_counts(service: ServiceProcess) -> tuple[float, float]:
    """`boardstate_subscribers` and `boardstate_feed_streams`."""
    async with httpx.AsyncClient(trust_env=False, timeout=30) as client:
        text = (await client.get(f"{service.url}/metrics")).text
    return gauge(text, "boardstate_subscribers"), gauge(text, "boardstate_feed_streams")
