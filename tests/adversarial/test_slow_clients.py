"""Slow loris (issue 27): connections that never finish their request headers are closed after
`BOARDSTATE_HEADER_TIMEOUT_SECONDS` (408 when part of a request came), an honest client is
served throughout, and the process's file descriptors come back; what a connection does once
its headers are complete (keep-alive pauses, WebSockets) is not cut by the deadline. Run on
plain uvicorn with each guarded parser (httptools, h11) and on `boardstate serve`."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Iterator

import httpx
import pytest
from websockets.asyncio.client import connect as ws_connect

from tests.adversarial.sockets import HALF, connect, open_fds, request
from tests.api.server import ServiceProcess
from tests.api.webhook_support import until
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

TIMEOUT_S = 1
HALF_SENT = 120
SILENT = 40
DRIPPING = 40
CLOSE_WAIT_S = 60.0
"""Generous: the deadline is 1 s, the machine may be loaded."""
KINDS = ("httptools", "h11", "serve")
QUERY = {"query": "{ gameTypes { id } }"}


@pytest.fixture(scope="module", params=KINDS)
def timed(request: pytest.FixtureRequest, redis_server: RedisServer) -> Iterator[ServiceProcess]:
    env = {
        "BOARDSTATE_HEADER_TIMEOUT_SECONDS": str(TIMEOUT_S),
        "BOARDSTATE_MAX_CONNECTIONS_PER_ADDRESS": "1000",
    }
    kind = request.param
    with ServiceProcess(
        redis_server.url,
        env=env,
        http="h11" if kind == "h11" else "httptools",
        serve=kind == "serve",
    ) as server:
        yield server


async def honest(url: str, stop: asyncio.Event) -> list[int]:
    """Asks both doors from another address, a new connection each time, until `stop`."""
    statuses: list[int] = []
    limits = httpx.Limits(max_keepalive_connections=0)
    transport = httpx.AsyncHTTPTransport(local_address="127.0.0.2", limits=limits)
    async with httpx.AsyncClient(base_url=url, transport=transport, timeout=30) as http:
        while not stop.is_set() or not statuses:
            statuses.append((await http.post("/graphql", json=QUERY)).status_code)
            statuses.append((await http.get("/v1/game-types")).status_code)
            await asyncio.sleep(0.05)
    return statuses


async def drip(conn_send: asyncio.StreamWriter) -> None:
    """Sends one more byte of a header value every 0.2 s, for ever."""
    with contextlib.suppress(OSError):
        while True:
            conn_send.write(b"x")
            await conn_send.drain()
            await asyncio.sleep(0.2)


async def test_half_sent_requests_are_closed_and_honest_clients_are_served(
    timed: ServiceProcess,
) -> None:
    pid = timed.pid
    baseline = open_fds(pid)
    stop = asyncio.Event()
    serving = asyncio.create_task(honest(timed.url, stop))
    half = [await connect(timed.port, first=HALF) for _ in range(HALF_SENT)]
    silent = [await connect(timed.port) for _ in range(SILENT)]
    dripping = [await connect(timed.port, first=HALF) for _ in range(DRIPPING)]
    drips = [asyncio.create_task(drip(conn.writer)) for conn in dripping]
    try:
        half_answers = [await conn.closed(CLOSE_WAIT_S) for conn in half]
        silent_answers = [await conn.closed(CLOSE_WAIT_S) for conn in silent]
        for conn in dripping:  # bytes keep coming, but the headers never end
            await conn.closed(CLOSE_WAIT_S)
    finally:
        for task in drips:
            task.cancel()
        stop.set()
        statuses = await serving
        for conn in [*half, *silent, *dripping]:
            conn.close()
    # 408 once the server had read some of the request; closed silently if the deadline passed
    # first (a stalled server runs due timers before reading).
    assert all(a == b"" or a.startswith(b"HTTP/1.1 408 ") for a in half_answers), set(half_answers)
    assert silent_answers == [b""] * SILENT  # nothing was asked: closed without an answer
    assert statuses
    assert set(statuses) == {200}
    # The attack held 200 descriptors; a few may be Redis connections opened meanwhile.
    await until(lambda: open_fds(pid) <= baseline + 20, 30.0, "the descriptors come back")
    assert "Traceback" not in timed.log_tail()


async def test_a_later_request_on_a_connection_has_its_own_deadline(
    timed: ServiceProcess,
) -> None:
    conn = await connect(timed.port, first=request())
    try:
        assert (await conn.response())[0] == 200
        await conn.send(HALF)  # the second request's headers never end
        answer = await conn.closed(CLOSE_WAIT_S)
    finally:
        conn.close()
    assert answer.startswith(b"HTTP/1.1 408 Request Timeout\r\n"), answer
    assert b"connection: close" in answer


async def test_a_keep_alive_pause_and_a_websocket_outlast_the_header_deadline(
    timed: ServiceProcess,
) -> None:
    conn = await connect(timed.port, first=request())
    try:
        assert (await conn.response())[0] == 200
        await asyncio.sleep(TIMEOUT_S * 2.5)  # idle between requests: the keep-alive timer's
        await conn.send(request("/v1/game-types"))
        assert (await conn.response())[0] == 200
    finally:
        conn.close()
    async with ws_connect(timed.ws_url, subprotocols=["graphql-transport-ws"]) as ws:  # type: ignore[list-item]
        await asyncio.sleep(TIMEOUT_S * 2.5)
        await ws.send(json.dumps({"type": "connection_init"}))
        assert json.loads(await ws.recv())["type"] == "connection_ack"
