"""The command socket door of `peer_bench.py` (`--doors socket`): one `/v1/socket` websocket
(subprotocol `boardstate.v1`, docs/socket.md) per client and match, following the game
(`subscribe`) and submitting moves (`move`) on it. The same interface as
`peer_clients.GraphqlSocket`; written for load on 127.0.0.1, not as a general client (the SDKs
have one). It offers no permessage-deflate (`compression=None`), as socket.io's clients, which
boardgame.io uses, do not compress by default: compressing every frame cost the server about
25 µs per message in a profile."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
from collections.abc import Callable
from typing import Any

import websockets


class CommandSocket:
    """One command socket acting with one seat token."""

    def __init__(self, port: int, token: str) -> None:
        self.url = f"ws://127.0.0.1:{port}/v1/socket"
        self.token = token
        self._ids = itertools.count(1)
        self._replies: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._followers: dict[str, Callable[[int], None]] = {}
        self._socket: Any = None
        self._task: asyncio.Task[None] | None = None

    async def open(self) -> None:
        """Connects, reads `welcome`, sends `hello` with the token."""
        self._socket = await websockets.connect(
            self.url, subprotocols=[websockets.Subprotocol("boardstate.v1")], compression=None
        )
        welcome = json.loads(await self._socket.recv())
        if welcome.get("type") != "welcome":
            raise ConnectionError(f"no welcome: {welcome}")
        await self._socket.send(json.dumps({"type": "hello", "token": self.token}))
        self._task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for raw in self._socket:
                message = json.loads(raw)
                kind = message["type"]
                if kind == "event":
                    follower = self._followers.get(message["gameId"])
                    if follower is not None:
                        follower(message["event"]["version"])
                elif (reply := self._replies.pop(message.get("id") or "", None)) is not None:
                    reply.set_result(message)

    async def follow(self, game_id: str, after: int, on_version: Callable[[int], None]) -> str:
        """Subscribes to the game after `after`; returns the key for `unfollow`."""
        self._followers[game_id] = on_version
        message = {"type": "subscribe", "gameId": game_id, "after": after}
        await self._socket.send(json.dumps(message))
        return game_id

    async def unfollow(self, key: str) -> None:
        """Ends a subscription."""
        self._followers.pop(key, None)
        with contextlib.suppress(websockets.ConnectionClosed):
            await self._socket.send(json.dumps({"type": "unsubscribe", "gameId": key}))

    async def submit(self, game_id: str, seat: int, move: Any, version: int) -> dict[str, Any]:
        """Sends a `move` (`expectedVersion` = `version`); returns the answer, shaped as
        `submitMove`'s result (`__typename` `MoveAccepted` when accepted)."""
        key = f"m{next(self._ids)}"
        reply: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._replies[key] = reply
        message = {
            "type": "move",
            "id": key,
            "gameId": game_id,
            "seat": seat,
            "move": move,
            "expectedVersion": version,
        }
        await self._socket.send(json.dumps(message))
        answer = await reply
        typename = "MoveAccepted" if answer["type"] == "accepted" else answer.get("code")
        return {"__typename": typename, **answer}

    async def close(self) -> None:
        """Closes the socket."""
        if self._socket is not None:
            await self._socket.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
