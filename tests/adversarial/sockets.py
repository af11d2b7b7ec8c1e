"""Raw TCP clients of the slow-client tests: half-sent requests, complete ones, bodies that never
end, an honest client, the count of a server process's open file descriptors and the
connection guard's counters."""

from __future__ import annotations

import asyncio
import contextlib
import os
from dataclasses import dataclass

import httpx

HALF = b"POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Slow: "
"""The start of a request whose headers never end."""
QUERY = {"query": "{ gameTypes { id } }"}


def request(path: str = "/healthz", host: str = "127.0.0.1") -> bytes:
    """A complete keep-alive GET."""
    return f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()


def body_start(path: str = "/graphql", length: int = 100_000, headers: str = "") -> bytes:
    """Complete headers of a JSON POST of `length` bytes and the first bytes of its body.
    `headers`: more header lines, each ending in CRLF."""
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {length}\r\n{headers}\r\n"
    )
    return head.encode() + b'{"query": "'


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


async def drip(writer: asyncio.StreamWriter, byte: bytes = b"x") -> None:
    """Sends one more byte every 0.2 s, for ever."""
    with contextlib.suppress(OSError):
        while True:
            writer.write(byte)
            await writer.drain()
            await asyncio.sleep(0.2)


async def edge_counts(url: str) -> dict[str, float]:
    """The connection guard's counters on `/metrics`: `{"<name>{reason=...}": value}`."""
    async with httpx.AsyncClient(timeout=30) as http:
        text = (await http.get(f"{url}/metrics")).text
    counts = {}
    for line in text.splitlines():
        if line.startswith(
            (
                "boardstate_connections_",
                "boardstate_request_timeouts_total",
                "boardstate_request_headers_too_large_total",
            )
        ):
            name, _, value = line.rpartition(" ")
            counts[name] = float(value)
    return counts


def open_fds(pid: int) -> int:
    """Returns how many file descriptors process `pid` holds (Linux)."""
    return len(os.listdir(f"/proc/{pid}/fd"))


@dataclass
class Conn:
    """One client connection."""

    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter

    async def send(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def closed(self, seconds: float) -> bytes:
        """Waits until the server closes the connection; returns what it sent before (a reset
        counts as closed with nothing sent). Raises TimeoutError after `seconds`."""
        try:
            return await asyncio.wait_for(self.reader.read(), seconds)
        except (ConnectionResetError, BrokenPipeError):
            return b""

    async def response(self, seconds: float = 30.0) -> tuple[int, bytes]:
        """Reads one response with a Content-Length; returns its status and body."""
        head = await asyncio.wait_for(self.reader.readuntil(b"\r\n\r\n"), seconds)
        lines = head.decode("latin-1").split("\r\n")
        length = 0
        for line in lines[1:]:
            name, _, value = line.partition(":")
            if name.strip().lower() == "content-length":
                length = int(value)
        body = await asyncio.wait_for(self.reader.readexactly(length), seconds)
        return int(lines[0].split()[1]), body

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.writer.close()


async def connect(port: int, source: str = "127.0.0.1", first: bytes = b"") -> Conn:
    """Opens a connection to 127.0.0.1:`port` from the loopback address `source` and sends
    `first`."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    conn = Conn(reader, writer)
    if first:
        await conn.send(first)
    return conn


async def refused(port: int, source: str = "127.0.0.1") -> bool:
    """Sends a complete request on a new connection; True when the server answered 503 and
    closed, or closed without an answer (its 503 can be lost to the reset the unread request
    causes), False when it served the request."""
    try:
        conn = await connect(port, source, request())
    except (ConnectionResetError, BrokenPipeError):
        return True
    try:
        status, _ = await conn.response()
    except (asyncio.IncompleteReadError, ConnectionResetError, BrokenPipeError):
        return True
    finally:
        conn.close()
    return status == 503
