"""HTTP clients of the service benchmark: one keep-alive connection per client, either the
minimal loopback client (`loopback_http.LoopbackHttp`, `--client raw`) or `httpx`."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any, Protocol

import httpx

from bench.loopback_http import LoopbackHttp

REQUEST_TIMEOUT_S = 30.0


class BenchError(RuntimeError):
    """A server answered something a correct run never gets."""


class Connection(Protocol):
    """One keep-alive connection: POST a JSON body, get the status and the body."""

    async def post(self, path: str, body: bytes, token: str | None) -> tuple[int, bytes]: ...


class HttpxConnection:
    """`httpx.AsyncClient` limited to one keep-alive connection."""

    def __init__(self, client: httpx.AsyncClient) -> None:
        self.client = client

    async def post(self, path: str, body: bytes, token: str | None) -> tuple[int, bytes]:
        headers = {"content-type": "application/json"}
        if token:
            headers["authorization"] = f"Bearer {token}"
        response = await self.client.post(path, content=body, headers=headers)
        return response.status_code, response.content


@dataclass(frozen=True)
class Target:
    """A server's base URL and how to open client connections to it."""

    host: str
    port: int
    client: str = "raw"

    @contextlib.asynccontextmanager
    async def connect(self) -> AsyncIterator[Connection]:
        """Opens one keep-alive connection."""
        if self.client == "httpx":
            limits = httpx.Limits(max_connections=1, max_keepalive_connections=1)
            async with httpx.AsyncClient(
                base_url=f"http://{self.host}:{self.port}",
                timeout=REQUEST_TIMEOUT_S,
                trust_env=False,
                limits=limits,
            ) as client:
                yield HttpxConnection(client)
            return
        connection = LoopbackHttp(self.port, self.host)
        try:
            yield connection
        finally:
            await connection.close()


async def post(
    conn: Connection,
    path: str,
    body: dict[str, Any],
    token: str | None = None,
    expect: int = 200,
) -> tuple[dict[str, Any], float]:
    """POSTs `body` as JSON; returns the decoded answer and the round trip in milliseconds.

    Any status but `expect` (200; the REST move route answers 201) is a `BenchError`."""
    payload = json.dumps(body).encode()
    started = time.perf_counter()
    status, raw = await asyncio.wait_for(conn.post(path, payload, token), REQUEST_TIMEOUT_S)
    elapsed = (time.perf_counter() - started) * 1000
    if status != expect:
        raise BenchError(f"{path}: HTTP {status}: {raw[:500]!r}")
    decoded: dict[str, Any] = json.loads(raw)
    if decoded.get("errors"):
        raise BenchError(f"{path}: {json.dumps(decoded['errors'])[:500]}")
    return decoded, elapsed
