"""A minimal HTTP/1.1 keep-alive client for load on 127.0.0.1, cheaper than httpx.

A benchmark client on the same two cores as the servers competes with them for CPU; httpx
spends about as much CPU per request as the service does, so the load generator would bound
the measurement. This client sends POSTs on one connection and reads `Content-Length` or
chunked responses; nothing else (no TLS, no redirects, no proxies). `scale_bench.py` and
`service_bench.py` (`--client raw`) use it.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

LOOPBACK = "127.0.0.1"


class LoopbackHttp:
    """One keep-alive connection to `127.0.0.1:port`; reconnects when the server closes it."""

    def __init__(self, port: int, host: str = LOOPBACK) -> None:
        self.host = host
        self.port = port
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def _connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self._reader is None or self._writer is None or self._writer.is_closing():
            self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        return self._reader, self._writer

    async def post(self, path: str, body: bytes, token: str | None = None) -> tuple[int, bytes]:
        """POSTs a JSON body (already encoded); returns the status and the raw answer."""
        auth = f"authorization: Bearer {token}\r\n" if token else ""
        head = (
            f"POST {path} HTTP/1.1\r\nhost: {self.host}:{self.port}\r\n"
            f"content-type: application/json\r\ncontent-length: {len(body)}\r\n{auth}\r\n"
        ).encode("latin-1")
        for attempt in range(2):
            reader, writer = await self._connect()
            try:
                writer.write(head + body)
                status, close, data = await self._response(reader)
            except (ConnectionError, asyncio.IncompleteReadError):
                await self.close()
                if attempt:
                    raise
                continue
            if close:
                await self.close()
            return status, data
        raise AssertionError("unreachable")

    async def post_json(self, path: str, body: Any, token: str | None = None) -> tuple[int, Any]:
        """POSTs `body` as JSON; returns the status and the decoded JSON answer."""
        payload = json.dumps(body, separators=(",", ":")).encode()
        status, data = await self.post(path, payload, token)
        return status, json.loads(data) if data else None

    @staticmethod
    async def _response(reader: asyncio.StreamReader) -> tuple[int, bool, bytes]:
        """Reads one response: its status, whether the server closes, and the body."""
        lines = (await reader.readuntil(b"\r\n\r\n")).split(b"\r\n")
        status = int(lines[0].split(b" ", 2)[1])
        length: int | None = None
        chunked = close = False
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"transfer-encoding":
                chunked = b"chunked" in value.lower()
            elif name == b"connection":
                close = value.strip().lower() == b"close"
        if length is not None:
            return status, close, await reader.readexactly(length)
        if not chunked:
            raise ConnectionError("response without a length")
        chunks = []
        while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
            chunks.append(await reader.readexactly(size))
            await reader.readexactly(2)
        await reader.readuntil(b"\r\n")
        return status, close, b"".join(chunks)

    async def close(self) -> None:
        """Closes the connection."""
        if self._writer is not None:
            self._writer.close()
            self._reader = self._writer = None
