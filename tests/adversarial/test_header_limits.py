"""Request heads bounded in bytes (issue 37): a header line over 8 KiB or a head over 32 KiB is
answered 431 as its bytes arrive, before the parser holds them, whether it comes at once, as
many headers or slowly in pieces, and on a websocket upgrade; an address whose connections hold
more than 1 MiB of unfinished heads is answered 503; an honest client on another address is
served meanwhile and the process's memory does not grow with the attack. Run on plain uvicorn
with each guarded parser (httptools, h11) and on `boardstate serve`, with the default limits.

Before: httptools answered a 64 MiB header 200 after holding it whole (4 × 48 MiB took 6 s of
CPU), h11 a 17 KiB head 400, and unfinished heads of one address were bounded only by its
connection count."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Iterator

import pytest

from tests.adversarial.sockets import Conn, connect, edge_counts, honest, request
from tests.api.server import ServiceProcess
from tests.api.webhook_support import until
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

KINDS = ("httptools", "h11", "serve")
KIB = 1024
MIB = 1024 * KIB
ANSWER_S = 60.0
"""Generous waits for an answer: the machine may be loaded."""
TOO_LARGE = "boardstate_request_headers_too_large_total"
PENDING_CAP = MIB
"""`BOARDSTATE_MAX_PENDING_BYTES_PER_ADDRESS`, default."""
ADDRESS_BYTES = 'boardstate_connections_refused_total{reason="address_bytes"}'


def problem(limit: str, detail: str) -> bytes:
    """The problem+json body of a head refused for `limit` (`line` or `total`)."""
    answer = {
        "type": "about:blank",
        "title": "Request header fields too large",
        "status": 431,
        "detail": detail,
        "code": "HEADERS_TOO_LARGE",
        "details": {"limit": limit},
    }
    return json.dumps(answer).encode()


LINE = problem("line", "request header line too large")
TOTAL = problem("total", "request headers too large")


@pytest.fixture(scope="module", params=KINDS)
def server(request: pytest.FixtureRequest, redis_server: RedisServer) -> Iterator[ServiceProcess]:
    # The default limits and rate limits; only the header deadline is longer, so that unfinished
    # heads stay pending on a loaded machine for as long as a test needs them.
    env = {"BOARDSTATE_RATE_LIMITS": "1", "BOARDSTATE_HEADER_TIMEOUT_SECONDS": "60"}
    kind = request.param
    with ServiceProcess(
        redis_server.url,
        env=env,
        http="h11" if kind == "h11" else "httptools",
        serve=kind == "serve",
    ) as process:
        yield process


def head(*lines: str, path: str = "/healthz") -> bytes:
    """The start of a GET's head with `lines` (no blank line after them)."""
    text = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n" + "".join(f"{x}\r\n" for x in lines)
    return text.encode()


async def push(conn: Conn, data: bytes, piece: int, pause_s: float, sent: list[int]) -> None:
    """Sends `data` in pieces until done or the server stops reading, counting in `sent`."""
    with contextlib.suppress(OSError):
        for at in range(0, len(data), piece):
            await conn.send(data[at : at + piece])
            sent[0] += len(data[at : at + piece])
            if pause_s:
                await asyncio.sleep(pause_s)


async def attempt(
    port: int, data: bytes, piece: int = 64 * KIB, pause_s: float = 0.0, source: str = "127.0.0.1"
) -> tuple[int | None, bytes, int]:
    """Sends `data` on a new connection while reading the answer; returns its status (None when
    the connection closed without one), its body and the bytes sent until the answer came."""
    conn = await connect(port, source)
    sent = [0]
    sending = asyncio.create_task(push(conn, data, piece, pause_s, sent))
    try:
        status, body = await conn.response(ANSWER_S)
    except (asyncio.IncompleteReadError, ConnectionResetError, BrokenPipeError):
        status, body = None, b""
    finally:
        answered_after = sent[0]
        sending.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sending
        conn.close()
    return status, body, answered_after


async def count(server: ServiceProcess, name: str) -> float:
    counts = await edge_counts(server.url)
    return sum(v for k, v in counts.items() if k.startswith(name))


def rss_kib(pid: int) -> tuple[int, int]:
    """The process's resident memory now and at its peak (KiB)."""
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            fields[name] = value.split()[0] if value.split() else "0"
    return int(fields["VmRSS"]), int(fields["VmHWM"])


async def test_one_huge_header_is_refused(server: ServiceProcess) -> None:
    before = await count(server, TOO_LARGE)
    status, body, _ = await attempt(server.port, head("X-Big: " + "a" * MIB) + b"\r\n")
    assert status == 431, (status, body)
    assert body == LINE
    assert await count(server, TOO_LARGE) >= before + 1
    status, _, _ = await attempt(server.port, request())  # the next client is served
    assert status == 200


async def test_many_headers_summing_over_the_cap_are_refused(server: ServiceProcess) -> None:
    lines = [f"X-Part-{i}: {'b' * 1000}" for i in range(100)]  # each line well under 8 KiB
    status, body, _ = await attempt(server.port, head(*lines) + b"\r\n")
    assert status == 431, (status, body)
    assert body == TOTAL


async def test_a_head_just_within_the_limits_is_served(server: ServiceProcess) -> None:
    lines = [f"X-Part-{i}: {'c' * 4000}" for i in range(7)]  # 28 KiB, lines of 4 KiB
    status, body, _ = await attempt(server.port, head(*lines) + b"\r\n")
    assert status == 200, (status, body)


async def test_a_header_sent_slowly_in_pieces_is_refused(server: ServiceProcess) -> None:
    data = head("X-Slow: " + "d" * (64 * KIB)) + b"\r\n"
    status, body, sent = await attempt(server.port, data, piece=512, pause_s=0.01)
    assert status == 431, (status, body)
    assert sent < len(data)  # answered before the client had sent it all
    lines = [f"X-Part-{i}: {'e' * 500}" for i in range(100)]  # many short lines, slowly
    status, body, _ = await attempt(server.port, head(*lines) + b"\r\n", piece=700, pause_s=0.01)
    assert (status, body) == (431, TOTAL)


async def test_a_large_head_pipelined_behind_a_request_is_refused_after_its_answer(
    server: ServiceProcess,
) -> None:
    lines = [f"X-Part-{i}: {'p' * 1000}" for i in range(60)]  # 60 KB, never ended
    conn = await connect(server.port, first=request() + head(*lines))  # one write: one read
    try:
        assert (await conn.response(ANSWER_S))[0] == 200  # the first request is answered
        status, body = await conn.response(ANSWER_S)  # then the second refused, in order
    finally:
        conn.close()
    assert (status, body) == (431, TOTAL)


def upgrade(*lines: str) -> bytes:
    """A websocket upgrade of `/graphql` with more `lines`."""
    return head(
        "Upgrade: websocket",
        "Connection: Upgrade",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        "Sec-WebSocket-Version: 13",
        "Sec-WebSocket-Protocol: graphql-transport-ws",
        *lines,
        path="/graphql",
    )


async def test_websocket_upgrades_with_large_heads_are_refused(server: ServiceProcess) -> None:
    # 100 lines of 1 KB: within what the websocket library parses (128 lines of 8 KiB), so
    # before they were upgraded (101) after httptools or h11 had held 100 KB.
    many = upgrade(*(f"X-Part-{i}: {'f' * 1000}" for i in range(100)))
    status, body, _ = await attempt(server.port, many + b"\r\n")
    assert (status, body) == (431, TOTAL)
    status, body, _ = await attempt(server.port, upgrade("X-Big: " + "f" * MIB) + b"\r\n")
    assert (status, body) == (431, LINE)
    status, _, _ = await attempt(server.port, upgrade("X-Small: f") + b"\r\n")
    assert status == 101  # an upgrade within the limits is taken


async def test_honest_clients_are_served_and_memory_stays_bounded(server: ServiceProcess) -> None:
    pid = server.pid
    rss_before, peak_before = rss_kib(pid)
    stop = asyncio.Event()
    serving = asyncio.create_task(honest(server.url, stop))
    answers = []
    try:
        for _ in range(3):  # 4 connections at once, each a 16 MiB header
            big = head("X-Big: " + "g" * (16 * MIB)) + b"\r\n"
            answers += await asyncio.gather(*(attempt(server.port, big) for _ in range(4)))
    finally:
        stop.set()
        statuses = await serving
    rss_after, peak_after = rss_kib(pid)
    # 192 MiB were sent: held whole, they would have raised the peak by 64 MiB or more.
    assert peak_after - peak_before < 48 * KIB, (peak_before, peak_after)
    assert rss_after - rss_before < 48 * KIB, (rss_before, rss_after)
    assert [status for status, _, _ in answers] == [431] * 12
    assert statuses
    assert set(statuses) == {200}


async def test_an_address_with_too_many_pending_head_bytes_is_refused(
    server: ServiceProcess,
) -> None:
    source = "127.0.0.3"
    partial = head(*(f"X-Part-{i}: {'h' * 1000}" for i in range(31)))  # 31 KiB, never ended
    fit = PENDING_CAP // len(partial)  # 33 heads fit within the address's 1 MiB; one more not
    pending = [await connect(server.port, source, partial) for _ in range(fit)]
    try:
        # A round trip from the same address: the server has read what came before it.
        status, _, _ = await attempt(server.port, request(), source=source)
        assert status == 200
        refused_before = await count(server, ADDRESS_BYTES)
        status, body, _ = await attempt(server.port, partial, source=source)  # past 1 MiB
        assert (status, body) == (503, b"too many request header bytes pending from this address\n")
        assert await count(server, ADDRESS_BYTES) >= refused_before + 1
        status, _, _ = await attempt(server.port, request(), source="127.0.0.4")
        assert status == 200  # another address is not concerned
    finally:
        for conn in pending:
            conn.close()

    async def served_again() -> bool:
        status, _, _ = await attempt(server.port, partial + b"\r\n", source=source)
        return status == 200

    await until(served_again, ANSWER_S, "the address's pending bytes are given back")
