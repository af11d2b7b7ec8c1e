"""A minimal HTTP/1.1 keep-alive client for load on 127.0.0.1, cheaper than httpx.

A benchmark client on the same two cores as the servers competes with them for CPU; httpx
spends about as much CPU per request as the service does, so the load generator would bound
the measurement. This client sends pre-encoded POSTs on one connection and reads
`Content-Length` or chunked responses; nothing else (no TLS, no redirects, no proxies).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

LOOPBACK = "127.0.0.1"


class LoopbackHttp:
    """One keep-alive connection to `127.0.0.1:port`; reconnects when the server closes it."""

    def __init__(self, port: int) -> None:
        self.port = port
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def _connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self._reader is None or self._writer is None or self._writer.is_closing():
            self._reader, self._writer = await asyncio.open_connection(LOOPBACK, self.port)
        return self._reader, self._writer

    async def post_json(self, path: str, body: Any, token: str | None = None) -> tuple[int, Any]:
        """POSTs `body` as JSON; returns the status and the decoded JSON answer."""
        payload = json.dumps(body, separators=(",", ":")).encode()
        auth = f"Authorization: Bearer {token}\r\n" if token else ""
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {LOOPBACK}\r\nContent-Type: application/json\r\n"
            f"{auth}Content-Length: {len(payload)}\r\n\r\n"
        ).encode()
        for attempt in range(2):
            reader, writer = await self._connect()
            try:
                writer.write(head + payload)
                status, headers, data = await self._response(reader)
            except (ConnectionError, asyncio.IncompleteReadError):
                await self.close()
                if attempt:
                    raise
                continue
            if headers.get("connection") == "close":
                await self.close()
            return status, json.loads(data) if data else None
        raise AssertionError("unreachable")

    @staticmethod
    async def _response(reader: asyncio.StreamReader) -> tuple[int, dict[str, str], bytes]:
        status_line = await reader.readuntil(b"\r\n")
        status = int(status_line.split()[1])
        headers: dict[str, str] = {}
        while (line := await reader.readuntil(b"\r\n")) != b"\r\n":
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        if "content-length" in headers:
            return status, headers, await reader.readexactly(int(headers["content-length"]))
        chunks = []
        while size := int((await reader.readuntil(b"\r\n")).strip(), 16):
            chunks.append(await reader.readexactly(size))
            await reader.readexactly(2)
        await reader.readuntil(b"\r\n")
        return status, headers, b"".join(chunks)

    async def close(self) -> None:
        """Closes the connection."""
        if self._writer is not None:
            self._writer.close()
            self._reader = self._writer = None
