"""Dropped streams give their slots back (issue 27), on a real service and real Redis.

A graphql-sse subscription dropped at any moment (before its first event or after it) used to
end in `RuntimeError: aclose(): asynchronous generator is already running` and keep its stream
slot, so nine quick reconnects locked a seat token (8 streams at most) out of every stream.
Here 30 quick connect/drop cycles of `gameEvents` and 10 of `feed` over graphql-sse leave no
slot held, no such error in the service's log, and the token opens its full share again, on
both doors.
"""

from __future__ import annotations

import httpx
import pytest

from tests.adversarial.conftest import ADMIN_TOKEN
from tests.api.client import Api, subscription
from tests.api.live_support import gauge
from tests.api.server import ServiceProcess
from tests.api.sse_client import open_stream, stream_path
from tests.api.webhook_support import until

pytestmark = pytest.mark.redis

GAME_EVENTS = "subscription($g: ID!) { gameEvents(gameId: $g) { version type } }"
FEED = 'subscription($g: ID) { feed(gameId: $g, after: "0") { position type } }'
PER_TOKEN = 8
"""`BOARDSTATE_MAX_STREAMS_PER_TOKEN`'s default."""


async def open_counts(service: ServiceProcess) -> tuple[float, float]:
    async with httpx.AsyncClient(trust_env=False, timeout=30) as client:
        text = (await client.get(f"{service.url}/metrics")).text
    return gauge(text, "boardstate_subscribers"), gauge(text, "boardstate_feed_streams")


async def drop_cycles(
    service: ServiceProcess, token: str, query: str, game_id: str, cycles: int
) -> None:
    """Opens the subscription over graphql-sse `cycles` times and drops the connection, every
    other time before reading anything."""
    headers = {"accept": "text/event-stream", "authorization": f"Bearer {token}"}
    body = {"query": query, "variables": {"g": game_id}}
    for cycle in range(cycles):
        async with open_stream(service.url, "/graphql", headers, "POST", body) as stream:
            assert stream.response.status_code == 200
            if cycle % 2:
                first = await stream.next(30.0)
                assert first is not None
                assert first.event == "next", first
                assert "errors" not in first.json(), first.data


async def test_quick_graphql_sse_drops_free_every_slot(service: ServiceProcess) -> None:
    api = Api(service.url)
    try:
        game_id, tokens = await api.new_game()
    finally:
        await api.close()
    await drop_cycles(service, tokens[0], GAME_EVENTS, game_id, 30)
    await drop_cycles(service, tokens[0], FEED, game_id, 10)

    async def released() -> bool:
        return await open_counts(service) == (0, 0)

    await until(released, seconds=60, what="every dropped stream to give its slot back")
    log = service.log_path.read_text(errors="replace")
    assert "already running" not in log
    assert "Traceback" not in log

    # The seat token opens its whole share again: half over REST, half over the websocket.
    bearer = {"authorization": f"Bearer {tokens[0]}"}
    async with (
        open_stream(service.url, stream_path(game_id, 0), bearer) as one,
        open_stream(service.url, stream_path(game_id, 0), bearer) as two,
        open_stream(service.url, stream_path(game_id, 0), bearer) as three,
        open_stream(service.url, stream_path(game_id, 0), bearer) as four,
        subscription(service.ws_url, game_id, payload={"token": tokens[0]}) as five,
        subscription(service.ws_url, game_id, payload={"token": tokens[0]}) as six,
        subscription(service.ws_url, game_id, payload={"token": tokens[0]}) as seven,
        subscription(service.ws_url, game_id, payload={"token": tokens[0]}) as eight,
    ):
        for rest in (one, two, three, four):
            assert rest.response.status_code == 200
            assert (await rest.events(1, wait=30.0))[0].id == "1"
        for ws in (five, six, seven, eight):
            assert (await ws.next(30.0) or {}).get("version") == 1
        assert (await open_counts(service))[0] == PER_TOKEN


async def test_an_admin_feed_dropped_over_graphql_sse_frees_its_slot(
    service: ServiceProcess,
) -> None:
    headers = {"accept": "text/event-stream", "authorization": f"Bearer {ADMIN_TOKEN}"}
    body = {"query": "subscription { feed { position } }"}
    for _ in range(10):
        async with open_stream(service.url, "/graphql", headers, "POST", body) as stream:
            assert stream.response.status_code == 200

    async def released() -> bool:
        return (await open_counts(service))[1] == 0

    await until(released, seconds=60, what="every dropped feed stream to give its slot back")
