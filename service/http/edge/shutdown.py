"""Graceful shutdown: on SIGTERM stop accepting, close subscriptions, finish requests, exit.

`Drain` is ASGI middleware that keeps the open WebSocket sessions; `GracefulServer` is the
uvicorn server `boardstate serve` runs. On SIGTERM (or SIGINT) it:

1. closes the listening sockets (new connections are refused; the balancer moves on);
2. closes every WebSocket with code `4503` (`CLOSE_CODE`) and the reason
   `server shutting down; resume with afterVersion=N` (N = the version of the last event
   the socket's subscription received; `<last version>` when it carries several), so that
   clients reconnect (through the balancer, to another replica) and resubscribe from there;
   Server-Sent Events streams (`service.http.streams.game_stream`) see `SHUTDOWN_KEY` set at the
   same moment and end with a `shutdown` event that says where to resume;
3. lets in-flight HTTP requests finish (uvicorn's graceful shutdown), then cancels what is
   still running, so the process is gone within `BOARDSTATE_SHUTDOWN_GRACE_SECONDS`.

Plain `uvicorn service.asgi:app` still shuts down, but closes WebSockets with uvicorn's 1012,
and Server-Sent Events streams, which uvicorn waits for like any request, end only when the
client goes or `--timeout-graceful-shutdown` cancels them (without a shutdown event).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time

import structlog
import uvicorn
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = structlog.get_logger("boardstate.shutdown")

CLOSE_CODE = 4503
"""WebSocket close code: the server is going away; reconnect and resume (documented API)."""
CLOSE_WAIT_S = 2.0
"""How long closed WebSockets get for their closing handshake (capped by the grace)."""
LIFESPAN_RESERVE_S = 1.5
"""Part of the grace kept for closing Redis connections after the requests."""
SHUTDOWN_KEY = "boardstate.shutdown"
"""HTTP scope key: an `asyncio.Event` set when the server starts shutting down (streams end)."""


class _Session:
    """One open WebSocket: its ASGI `send`, and the last event version per subscription."""

    def __init__(self, send: Send) -> None:
        self.send = send
        self.lock = asyncio.Lock()
        self.closed = False
        self.done = asyncio.Event()
        self.versions: dict[str, int] = {}

    def observe(self, text: str) -> None:
        """Notes the `version` of an event sent on a graphql-transport-ws `next` message."""
        if '"next"' not in text and '"complete"' not in text:
            return
        with contextlib.suppress(ValueError, TypeError, AttributeError):
            message = json.loads(text)
            op = str(message.get("id"))
            if message.get("type") == "complete":
                self.versions.pop(op, None)
                return
            for value in (message.get("payload", {}).get("data") or {}).values():
                if isinstance(value, dict) and isinstance(value.get("version"), int):
                    self.versions[op] = value["version"]

    def reason(self) -> str:
        """The close reason: where to resume (at most 123 bytes)."""
        if len(self.versions) == 1:
            (version,) = self.versions.values()
            return f"server shutting down; resume with afterVersion={version}"
        return "server shutting down; resume with afterVersion=<last version>"


class Drain:
    """ASGI middleware: tracks WebSocket sessions and closes them all on `close_websockets()`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.draining = False
        self.sessions: set[_Session] = set()
        self.stopping = asyncio.Event()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            if scope["type"] == "http":
                scope[SHUTDOWN_KEY] = self.stopping
            await self.app(scope, receive, send)
            return
        session = _Session(send)
        if self.draining:
            await send({"type": "websocket.close", "code": CLOSE_CODE, "reason": session.reason()})
            return

        async def tracked_send(message: Message) -> None:
            async with session.lock:
                if session.closed:
                    return  # the drain closed the socket; the app's late frames are dropped
                if message["type"] == "websocket.send" and message.get("text"):
                    session.observe(message["text"])
                elif message["type"] == "websocket.close":
                    session.closed = True
                await send(message)

        self.sessions.add(session)
        try:
            await self.app(scope, receive, tracked_send)
        finally:
            self.sessions.discard(session)
            session.done.set()

    async def close_websockets(self, wait_s: float) -> int:
        """Closes every open WebSocket with `CLOSE_CODE`; waits up to `wait_s` for the
        sessions to end. Returns how many were closed. HTTP event streams are told to end
        (`SHUTDOWN_KEY`) at the same moment."""
        self.draining = True
        self.stopping.set()
        sessions = list(self.sessions)
        for session in sessions:
            async with session.lock:
                if session.closed:
                    continue
                session.closed = True
                close = {"type": "websocket.close", "code": CLOSE_CODE, "reason": session.reason()}
                with contextlib.suppress(Exception):
                    await session.send(close)
        if sessions:
            waits = [asyncio.create_task(s.done.wait()) for s in sessions]
            _, pending = await asyncio.wait(waits, timeout=max(wait_s, 0.01))
            for task in pending:
                task.cancel()
        return len(sessions)


class GracefulServer(uvicorn.Server):
    """uvicorn's server, which closes WebSockets itself before uvicorn's shutdown runs."""

    def __init__(self, config: uvicorn.Config, drain: Drain, grace_s: float) -> None:
        super().__init__(config)
        self.drain = drain
        self.grace_s = grace_s

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        """Stops listening, closes WebSockets, then runs uvicorn's shutdown within the grace."""
        started = time.monotonic()
        for server in self.servers:
            server.close()
        closed = await self.drain.close_websockets(min(CLOSE_WAIT_S, self.grace_s / 4))
        left = self.grace_s - (time.monotonic() - started)
        self.config.timeout_graceful_shutdown = max(1, int(left - LIFESPAN_RESERVE_S))
        log.info("draining", websockets_closed=closed, grace_left_s=round(left, 2))
        await super().shutdown(sockets)


def run(
    app: ASGIApp,
    host: str,
    port: int,
    grace_s: float,
    ws_max_size: int = 64 * 1024,
    listening: socket.socket | None = None,
    protocol: type[asyncio.Protocol] | None = None,
) -> None:
    """Serves `app` until SIGTERM or SIGINT, then shuts down within `grace_s` seconds;
    uvicorn closes a websocket whose message is over `ws_max_size` bytes (1009). `listening`:
    a socket already bound and listening (shared by the workers of `boardstate serve
    --workers N`), else uvicorn binds `host:port` itself. `protocol`: the HTTP protocol class
    (`service.http.edge.protocol.protocols.protocol_class`: header timeout, connection caps), else
    uvicorn's. uvicorn's own `X-Forwarded-For` rewriting is off: the app trusts the header only from
    `BOARDSTATE_TRUSTED_PROXIES` (`service.http.edge.rate_limits`)."""
    drain = Drain(app)
    config = uvicorn.Config(
        drain,
        host=host,
        port=port,
        http=protocol or "auto",
        proxy_headers=False,
        log_config=None,
        access_log=False,
        ws_max_size=ws_max_size,
        timeout_graceful_shutdown=max(1, int(grace_s - LIFESPAN_RESERVE_S)),
    )
    GracefulServer(config, drain, grace_s).run(sockets=None if listening is None else [listening])
