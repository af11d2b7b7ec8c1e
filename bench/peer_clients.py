"""The two connections a table's client of `peer_bench.py` can hold to Boardstate.

* `SseFollower`: `GET /v1/games/{id}/events/stream` read line by line on a raw loopback
  socket; it reports the `id:` (the version) of every event the server pushes.
* `GraphqlSocket`: one `graphql-transport-ws` websocket on `/graphql` that follows games
  (`gameEvents` subscriptions) and submits moves (`submitMove` mutations sent as `subscribe`
  messages, answered by one `next` and a `complete`) on the same socket.

Both are written for load on 127.0.0.1 with as little client CPU as possible; neither is a
general client.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
from collections.abc import Callable
from typing import Any

import websockets

from bench.service_games import SUBMIT

FOLLOW = "subscription($g: ID!, $a: Int) { gameEvents(gameId: $g, afterVersion: $a) { version } }"


class SseFollower:
    """Follows one game's SSE stream; calls `on_version(v)` for each event pushed."""

    def __init__(
        self, port: int, game_id: str, after: int, token: str, on_version: Callable[[int], None]
    ) -> None:
        self.port = port
        self.path = f"/v1/games/{game_id}/events/stream?afterVersion={after}"
        self.token = token
        self.on_version = on_version
        self._task: asyncio.Task[None] | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def start(self) -> None:
        """Opens the stream and waits for the response head; then reads in the background."""
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        self._writer = writer
        writer.write(
            f"GET {self.path} HTTP/1.1\r\nhost: 127.0.0.1\r\naccept: text/event-stream\r\n"
            f"authorization: Bearer {self.token}\r\n\r\n".encode("latin-1")
        )
        head = await reader.readuntil(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 200"):
            raise ConnectionError(f"stream refused: {head[:200]!r}")
        self._task = asyncio.create_task(self._read(reader))

    async def _read(self, reader: asyncio.StreamReader) -> None:
        with contextlib.suppress(ConnectionError, asyncio.IncompleteReadError, ValueError):
            while line := await reader.readline():
                # chunked framing: a chunk holds whole SSE lines; only `id:` lines matter
                at = line.find(b"id: ")
                if at >= 0:
                    self.on_version(int(line[at + 4 :]))

    async def close(self) -> None:
        """Closes the connection (the server frees the stream's slot)."""
        if self._writer is not None:
            self._writer.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task


class GraphqlSocket:
    """One `graphql-transport-ws` connection: follow games and submit moves on it."""

    def __init__(self, port: int, token: str) -> None:
        self.url = f"ws://127.0.0.1:{port}/graphql"
        self.token = token
        self._ids = itertools.count(1)
        self._replies: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._followers: dict[str, Callable[[int], None]] = {}
        self._socket: Any = None
        self._task: asyncio.Task[None] | None = None

    async def open(self) -> None:
        """Connects and completes the `connection_init` / `connection_ack` handshake."""
        self._socket = await websockets.connect(
            self.url, subprotocols=[websockets.Subprotocol("graphql-transport-ws")]
        )
        init = {"type": "connection_init", "payload": {"authorization": f"Bearer {self.token}"}}
        await self._socket.send(json.dumps(init))
        ack = json.loads(await self._socket.recv())
        if ack.get("type") != "connection_ack":
            raise ConnectionError(f"no connection_ack: {ack}")
        self._task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for raw in self._socket:
                message = json.loads(raw)
                kind, key = message.get("type"), message.get("id")
                if kind == "next" and key in self._followers:
                    data = message["payload"].get("data") or {}
                    event = data.get("gameEvents")
                    if event is not None:
                        self._followers[key](event["version"])
                elif kind in ("next", "error") and key in self._replies:
                    reply = self._replies.pop(key)
                    if not reply.done():
                        reply.set_result(message)
                elif kind == "ping":
                    await self._socket.send('{"type":"pong"}')

    async def follow(self, game_id: str, after: int, on_version: Callable[[int], None]) -> str:
        """Subscribes to `gameEvents`; returns the subscription's id (for `unfollow`)."""
        key = f"f{next(self._ids)}"
        self._followers[key] = on_version
        payload = {"query": FOLLOW, "variables": {"g": game_id, "a": after}}
        await self._socket.send(json.dumps({"id": key, "type": "subscribe", "payload": payload}))
        return key

    async def unfollow(self, key: str) -> None:
        """Ends a subscription."""
        self._followers.pop(key, None)
        with contextlib.suppress(websockets.ConnectionClosed):
            await self._socket.send(json.dumps({"id": key, "type": "complete"}))

    async def execute(self, query: str, variables: dict[str, Any]) -> dict[str, Any]:
        """Runs a query or mutation on the socket; returns its `next` (or `error`) message."""
        key = f"m{next(self._ids)}"
        reply: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._replies[key] = reply
        payload = {"query": query, "variables": variables}
        await self._socket.send(json.dumps({"id": key, "type": "subscribe", "payload": payload}))
        return await reply

    async def submit(self, game_id: str, seat: int, move: Any, version: int) -> dict[str, Any]:
        """Sends `submitMove` on the socket; returns its result (the `submitMove` field)."""
        variables = {"g": game_id, "s": seat, "m": move, "v": version}
        message = await self.execute(SUBMIT, variables)
        if message["type"] != "next" or message["payload"].get("errors"):
            raise ConnectionError(f"submitMove over the websocket: {message}")
        result: dict[str, Any] = message["payload"]["data"]["submitMove"]
        return result

    async def close(self) -> None:
        """Closes the socket."""
        if self._socket is not None:
            await self._socket.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
