"""Slow request bodies (issue 27): a request whose body is not complete
`BOARDSTATE_BODY_TIMEOUT_SECONDS` after its headers is answered 408 and its connection closed,
on both doors, whether the client stalls or trickles bytes; an honest client is served
throughout, the process's file descriptors come back and `/metrics` counts the timeouts. Large
bodies that come at once, a later request on a kept-alive connection, an event stream answering
a POST and a WebSocket are not cut. Run on plain uvicorn with each guarded parser (httptools,
h11) and on `boardstate serve`."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Iterator

import httpx
import pytest
from websockets.asyncio.client import connect as ws_connect

from tests.adversarial.conftest import ADMIN_TOKEN
from tests.adversarial.sockets import (
    QUERY,
    Conn,
    body_start,
    connect,
    drip,
    edge_counts,
    honest,
    open_fds,
    request,
)
from tests.api.server import ServiceProcess
from tests.api.webhook_support import until
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

TIMEOUT_S = 2
STALLED = 60
DRIPPING = 30
CLOSE_WAIT_S = 60.0
"""Generous: the deadline is 2 s, the machine may be loaded."""
KINDS = ("httptools", "h11", "serve")
DOORS = ("/graphql", "/v1/games")
TIMEOUTS = 'boardstate_request_timeouts_total{reason="body"}'
PADDING = 900 * 1024
FEED = {"query": "subscription { feed { position id type } }"}


@pytest.fixture(scope="module", params=KINDS)
def timed(request: pytest.FixtureRequest, redis_server: RedisServer) -> Iterator[ServiceProcess]:
    env = {
        "BOARDSTATE_BODY_TIMEOUT_SECONDS": str(TIMEOUT_S),
        "BOARDSTATE_MAX_CONNECTIONS_PER_ADDRESS": "1000",
        "BOARDSTATE_ADMIN_TOKEN": ADMIN_TOKEN,
        "BOARDSTATE_SSE_KEEPALIVE_SECONDS": "1",
    }
    kind = request.param
    with ServiceProcess(
        redis_server.url,
        env=env,
        http="h11" if kind == "h11" else "httptools",
        serve=kind == "serve",
    ) as server:
        yield server


def timed_out(answer: bytes) -> bool:
    return answer.startswith(b"HTTP/1.1 408 Request Timeout\r\n") and answer.endswith(
        b"request body not completed\n"
    )


async def test_stalled_and_trickled_bodies_are_closed_and_honest_clients_are_served(
    timed: ServiceProcess,
) -> None:
    pid = timed.pid
    baseline = open_fds(pid)
    counted = (await edge_counts(timed.url))[TIMEOUTS]
    stop = asyncio.Event()
    serving = asyncio.create_task(honest(timed.url, stop))
    stalled = [
        await connect(timed.port, f"127.0.6.{i % 8 + 1}", body_start(DOORS[i % 2]))
        for i in range(STALLED)
    ]
    dripping = [
        await connect(timed.port, f"127.0.7.{i % 8 + 1}", body_start(DOORS[i % 2]))
        for i in range(DRIPPING)
    ]
    drips = [asyncio.create_task(drip(conn.writer)) for conn in dripping]
    try:
        stalled_answers = [await conn.closed(CLOSE_WAIT_S) for conn in stalled]
        dripped_answers = [await conn.closed(CLOSE_WAIT_S) for conn in dripping]
    finally:
        for task in drips:
            task.cancel()
        stop.set()
        statuses = await serving
        for conn in [*stalled, *dripping]:
            conn.close()
    assert all(timed_out(a) for a in stalled_answers), set(stalled_answers)
    # A byte still on its way when the server closes makes the close a reset, which may cost
    # the client the 408 it was sent.
    assert all(a == b"" or timed_out(a) for a in dripped_answers), set(dripped_answers)
    assert statuses
    assert set(statuses) == {200}
    await until(lambda: open_fds(pid) <= baseline + 20, 30.0, "the descriptors come back")
    assert (await edge_counts(timed.url))[TIMEOUTS] >= counted + STALLED + DRIPPING
    log = timed.log_tail()
    assert "Traceback" not in log
    assert "Exception in ASGI application" not in log


async def test_large_bodies_sent_at_once_are_served_on_both_doors(timed: ServiceProcess) -> None:
    """900 KB bodies (JSON padded with whitespace), read over many reads of the server."""
    padding = b" " * PADDING
    create = json.dumps({"gameType": "trambahn", "players": 2}).encode()
    async with httpx.AsyncClient(base_url=timed.url, timeout=60) as http:
        headers = {"content-type": "application/json"}
        query = await http.post(
            "/graphql", headers=headers, content=json.dumps(QUERY).encode() + padding
        )
        created = await http.post("/v1/games", content=create + padding, headers=headers)
    assert query.status_code == 200, query.text
    assert query.json()["data"]["gameTypes"]
    assert created.status_code == 201, created.text
    assert created.json()["game"]["id"]


async def test_a_later_request_on_a_connection_has_its_own_body_deadline(
    timed: ServiceProcess,
) -> None:
    conn = await connect(timed.port, first=request("/v1/game-types"))
    try:
        assert (await conn.response())[0] == 200
        await conn.send(body_start("/v1/games"))  # the second request's body never ends
        answer = await conn.closed(CLOSE_WAIT_S)
    finally:
        conn.close()
    assert timed_out(answer), answer


async def read_more(conn: Conn) -> bytes:
    """What the server sends next on `conn`, once what it sent so far has been read (b"" once
    it closed)."""
    with contextlib.suppress(TimeoutError):
        while await asyncio.wait_for(conn.reader.read(65536), 0.2):
            pass
    return await asyncio.wait_for(conn.reader.read(65536), 30)


async def test_an_event_stream_answering_a_post_and_a_websocket_outlast_the_body_deadline(
    timed: ServiceProcess,
) -> None:
    body = json.dumps(FEED).encode()
    head = (
        "POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Accept: text/event-stream\r\nAuthorization: Bearer {ADMIN_TOKEN}\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    conn = await connect(timed.port, first=head.encode() + body)
    try:
        status = await asyncio.wait_for(conn.reader.readuntil(b"\r\n\r\n"), 30)
        assert status.startswith(b"HTTP/1.1 200 "), status
        await asyncio.sleep(TIMEOUT_S * 2.5)
        assert await read_more(conn)  # a keep-alive comment: the stream is still open
    finally:
        conn.close()
    async with ws_connect(timed.ws_url, subprotocols=["graphql-transport-ws"]) as ws:  # type: ignore[list-item]
        await asyncio.sleep(TIMEOUT_S * 2.5)
        await ws.send(json.dumps({"type": "connection_init"}))
        assert json.loads(await ws.recv())["type"] == "connection_ack"
