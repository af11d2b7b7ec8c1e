"""Connection caps (issue 27): one client address holds at most
`BOARDSTATE_MAX_CONNECTIONS_PER_ADDRESS` connections (a trusted proxy any number); at
`BOARDSTATE_MAX_CONNECTIONS` a new connection takes the place of the oldest one still waiting
for its headers, and when none waits it is refused (503, closed); the process never falls over
and serves again once connections close. Loopback source addresses stand for clients: the server
listens on 127.0.0.1 and sees 127.0.0.2, 127.0.1.x, ... as peers."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import httpx
import pytest
from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect

from tests.adversarial.sockets import HALF, Conn, connect, refused, request
from tests.api.server import ServiceProcess
from tests.api.webhook_support import until
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

PROCESS_CAP = 16
ADDRESS_CAP = 4
PROXY = "127.0.0.3"
KINDS = ("httptools", "h11", "serve")


@pytest.fixture(scope="module", params=KINDS)
def capped(request: pytest.FixtureRequest, redis_server: RedisServer) -> Iterator[ServiceProcess]:
    env = {
        "BOARDSTATE_MAX_CONNECTIONS": str(PROCESS_CAP),
        "BOARDSTATE_MAX_CONNECTIONS_PER_ADDRESS": str(ADDRESS_CAP),
        "BOARDSTATE_TRUSTED_PROXIES": PROXY,
        "BOARDSTATE_HEADER_TIMEOUT_SECONDS": "300",  # only the caps close connections here
    }
    kind = request.param
    with ServiceProcess(
        redis_server.url,
        env=env,
        http="h11" if kind == "h11" else "httptools",
        serve=kind == "serve",
    ) as server:
        yield server


async def served(url: str, source: str = "127.0.0.2") -> int:
    """Asks for the game types from `source`; returns the status."""
    transport = httpx.AsyncHTTPTransport(local_address=source)
    async with httpx.AsyncClient(base_url=url, transport=transport, timeout=30) as http:
        return (await http.get("/v1/game-types")).status_code


async def serves(url: str, source: str) -> bool:
    try:
        return await served(url, source) == 200
    except httpx.TransportError:
        return False


async def finish(conn: Conn) -> int:
    """Completes a half-sent request (a GraphQL query); returns the response's status."""
    body = json.dumps({"query": "{ gameTypes { id } }"}).encode()
    await conn.send(b"1\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
    return (await conn.response())[0]


async def test_one_address_holds_at_most_its_cap_and_a_trusted_proxy_more(
    capped: ServiceProcess,
) -> None:
    held = [await connect(capped.port, "127.0.0.4", HALF) for _ in range(ADDRESS_CAP)]
    proxied = [await connect(capped.port, PROXY, HALF) for _ in range(ADDRESS_CAP + 2)]
    try:
        assert await refused(capped.port, "127.0.0.4")
        assert await served(capped.url) == 200  # another address is served
        assert [await finish(conn) for conn in held] == [200] * ADDRESS_CAP
        assert [await finish(conn) for conn in proxied] == [200] * (ADDRESS_CAP + 2)
    finally:
        for conn in [*held, *proxied]:
            conn.close()


async def test_at_the_process_cap_the_oldest_waiting_connection_makes_room(
    capped: ServiceProcess,
) -> None:
    flood = [
        await connect(capped.port, f"127.0.1.{i % 8 + 1}", HALF) for i in range(PROCESS_CAP * 2)
    ]
    try:
        for _ in range(3):  # each takes the place of a half-sent request
            assert await served(capped.url) == 200
        answers = await asyncio.gather(*(conn.closed(60.0) for conn in flood[:PROCESS_CAP]))
        assert all(a == b"" or a.startswith(b"HTTP/1.1 408 ") for a in answers)
    finally:
        for conn in flood:
            conn.close()
    assert capped.log_tail().count("connections_evicted") >= 1


async def test_connections_idle_between_requests_make_room_too(capped: ServiceProcess) -> None:
    idle = [
        await connect(capped.port, f"127.0.3.{i % 8 + 1}", request()) for i in range(PROCESS_CAP)
    ]
    try:
        assert [(await conn.response())[0] for conn in idle] == [200] * PROCESS_CAP
        # All are kept alive (uvicorn closes them after 5 s idle); new clients get their places.
        assert [await served(capped.url) for _ in range(3)] == [200] * 3
    finally:
        for conn in idle:
            conn.close()


async def test_a_full_process_refuses_new_connections_and_serves_again_later(
    capped: ServiceProcess,
) -> None:
    sockets: list[ClientConnection] = []
    try:
        for i in range(PROCESS_CAP + 1):  # WebSockets: their headers are done, none can go
            try:
                ws = await ws_connect(
                    capped.ws_url,
                    subprotocols=["graphql-transport-ws"],  # type: ignore[list-item]
                    local_addr=(f"127.0.2.{i % 6 + 1}", 0),
                )
            except Exception:  # refused: a 503 or a reset during the handshake
                break
            sockets.append(ws)
        assert len(sockets) <= PROCESS_CAP
        assert await refused(capped.port, "127.0.2.9")
    finally:
        for ws in sockets:
            await ws.close()
    await until(lambda: serves(capped.url, "127.0.2.9"), 60.0, "served again")
    assert await served(capped.url) == 200
