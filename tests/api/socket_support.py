"""A raw client of the command socket `/v1/socket` for the tests: every message the server sends
is validated against `schema/socket.schema.json` (with `jsonschema`) as it arrives, and every
well-formed message `call` sends against the client half of the same schema."""

from __future__ import annotations

import asyncio
import itertools
import json
from pathlib import Path
from typing import Any

import jsonschema
import websockets

SCHEMA_PATH = Path(__file__).resolve().parents[2] / "schema" / "socket.schema.json"
PROTOCOL = "boardstate.v1"


def validator(direction: str) -> jsonschema.Draft202012Validator:
    """The validator of `ServerMessage` or `ClientMessage`."""
    document = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    schema = {
        "$schema": document["$schema"],
        "$defs": document["$defs"],
        "$ref": f"#/$defs/{direction}",
    }
    return jsonschema.Draft202012Validator(schema)


SERVER = validator("ServerMessage")
CLIENT = validator("ClientMessage")


class RawSocket:
    """One command socket; `received` keeps every server message (each validated)."""

    def __init__(
        self,
        port: int,
        token: str | None = None,
        headers: dict[str, str] | None = None,
        pace: float = 0.0,
        source: str | None = None,
    ):
        self.url = f"ws://127.0.0.1:{port}/v1/socket"
        self.source = source
        """The loopback address to connect from (None: any)."""
        self.token = token
        self.headers = headers or {}
        self.pace = pace
        """Seconds at least between two messages `call` sends (under a default server's
        per-second request limits: a token's 30 a second)."""
        self._called_at = 0.0
        self.received: list[dict[str, Any]] = []
        self.pushes: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.answers: dict[str, dict[str, Any]] = {}
        self.unanswered: list[dict[str, Any]] = []
        self._ids = itertools.count(1)
        self._socket: Any = None
        self._arrived = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.close_code: int | None = None
        self._pending: set[str] = set()

    async def open(self, protocol: str = PROTOCOL) -> RawSocket:
        self._socket = await websockets.connect(
            self.url,
            subprotocols=[websockets.Subprotocol(protocol)],
            additional_headers=self.headers,
            max_size=None,
            local_addr=None if self.source is None else (self.source, 0),
        )
        self._task = asyncio.create_task(self._read())
        if self.token is not None:
            await self.send({"type": "hello", "token": self.token})
        return self

    async def _read(self) -> None:
        try:
            async for raw in self._socket:
                message = json.loads(raw)
                SERVER.validate(message)
                self.received.append(message)
                key = message.get("id")
                if key is not None and key in self._pending:
                    self._pending.discard(key)
                    self.answers[key] = message
                elif message["type"] in ("event", "unsubscribed"):
                    await self.pushes.put(message)
                else:
                    self.unanswered.append(message)
                self._arrived.set()
        except websockets.ConnectionClosed as exc:
            self.close_code = exc.rcvd.code if exc.rcvd is not None else None
        finally:
            self._arrived.set()

    async def send(self, message: dict[str, Any] | str | bytes) -> None:
        await self._socket.send(
            message if isinstance(message, str | bytes) else json.dumps(message)
        )

    async def call(self, message: dict[str, Any], wait: float = 20.0) -> dict[str, Any]:
        """Sends `message` with a new `id`; returns the answer with that id."""
        key = f"t{next(self._ids)}"
        if self.pace:
            loop = asyncio.get_running_loop()
            await asyncio.sleep(max(0.0, self._called_at + self.pace - loop.time()))
            self._called_at = loop.time()
        self._pending.add(key)
        CLIENT.validate({**message, "id": key})  # what the tests send is what the schema says
        await self.send({**message, "id": key})
        async with asyncio.timeout(wait):
            while key not in self.answers:
                self._arrived.clear()
                if self._task is not None and self._task.done():
                    raise ConnectionError(f"closed ({self.close_code}) before answering {key}")
                await self._arrived.wait()
        return self.answers.pop(key)

    async def next_push(self, wait: float = 20.0) -> dict[str, Any]:
        return await asyncio.wait_for(self.pushes.get(), wait)

    async def closed(self, wait: float = 20.0) -> int | None:
        """Waits for the server to close the socket; returns its close code."""
        assert self._task is not None
        await asyncio.wait_for(asyncio.shield(self._task), wait)
        return self.close_code

    async def close(self) -> None:
        if self._socket is not None:
            await self._socket.close()
        if self._task is not None:
            await asyncio.gather(self._task, return_exceptions=True)
