"""uvicorn's HTTP/1.1 protocols with header and body read timeouts and connection caps.

uvicorn has no timeout on reading a request's headers (its issue #157 lists
`--timeout-request-start` as still to do) nor its body: its keep-alive timer runs only between
requests and stops at the first byte, so a client that sends half a request, or complete headers
and then a body one byte at a time, holds the connection, and one file descriptor, for ever.
Thousands of those exhaust the process. ASGI middleware cannot help: it runs only once the
headers are complete, and sees the body only while the app reads it. `GuardedHttpTools` and
`GuardedH11` are uvicorn's two protocol classes with these additions
(`service.http.connection_guard.Guard`):

* a header deadline (`BOARDSTATE_HEADER_TIMEOUT_SECONDS`): a connection whose request headers
  are not complete that long after it opened, or after the first byte of a later request on it,
  is closed (with `408 Request Timeout` when part of a request had arrived). The deadline ends
  when the headers are complete, so long responses, event streams and WebSockets are not
  limited by it;
* a body deadline (`BOARDSTATE_BODY_TIMEOUT_SECONDS`): a request body not complete that long
  after its headers is answered `408` and the connection closed; the time the server holds
  reading back (`HeldFlow`) does not count. It ends with the body, so the answer, an event
  stream or a WebSocket is not limited by it;
* a cap on the process's open connections (`BOARDSTATE_MAX_CONNECTIONS`, lowered to fit the
  descriptor limit) and one per client address (`BOARDSTATE_MAX_CONNECTIONS_PER_ADDRESS`):
  a connection over the address cap is answered `503` with `Retry-After: 1` and closed at
  once; at the process cap the connection that has waited longest for its client (for a
  request's headers or body since the request began, or idle since its last answer) is closed
  to make room (`service.http.connection_limits.Gate`), and only when none waits is the new one
  refused with that 503;
* the soft `RLIMIT_NOFILE` is raised to the hard limit when the guard is created.

`boardstate serve` selects `protocol_class(settings)` (httptools, which uvicorn's `auto` picks
too; uvicorn[standard] installs it). Plain uvicorn must name one itself, and turn its own
forwarded-address rewriting off (`BOARDSTATE_TRUSTED_PROXIES` alone decides whom
`X-Forwarded-For` is trusted from):

    uvicorn boardstate.service.asgi:app --no-proxy-headers \
        --http boardstate.service.http.protocols:GuardedHttpTools

(`GuardedH11` for the pure-Python parser.) Those classes read the settings from the environment
when the first connection arrives.
"""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar, cast

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.flow_control import FlowControl
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

from boardstate.service.http.connection_guard import Guard
from boardstate.service.http.connection_limits import Gate
from boardstate.service.http.corked import Corked
from boardstate.service.settings import Settings


class HeldFlow(FlowControl):
    """uvicorn's flow control, also timing how long reading was paused: uvicorn pauses it while
    the app has not taken the body that came (or a pipelined request waits), so that time is
    the server's, not the client's."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(transport)
        self.loop = loop
        self.paused_s = 0.0
        self.paused_at: float | None = None

    def pause_reading(self) -> None:
        if not self.read_paused:
            self.paused_at = self.loop.time()
        super().pause_reading()

    def resume_reading(self) -> None:
        if self.read_paused and self.paused_at is not None:
            self.paused_s += self.loop.time() - self.paused_at
            self.paused_at = None
        super().resume_reading()

    def held_s(self) -> float:
        """Seconds reading has been paused, in all."""
        now = self.paused_s
        return now if self.paused_at is None else now + self.loop.time() - self.paused_at


def _end(cycle: Any, queued: bool) -> bool:
    """Ends `cycle` as uvicorn does when its client leaves: the app's `receive()` answers
    `http.disconnect` and its answer is dropped. Returns whether a 408 may be written instead
    (nothing answered yet, no earlier request of the connection answering: `queued`)."""
    if cycle is None:
        return not queued
    writable = not cycle.response_started and not queued
    if not cycle.response_complete:
        cycle.disconnected = True
    cycle.message_event.set()
    return writable


class GuardedHttpTools(HttpToolsProtocol):
    """uvicorn's httptools protocol with the connection guard."""

    gate: ClassVar[Gate | None] = None
    """Set by `protocol_class`; else read from the environment at the first connection."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.guard = Guard(_gate_of(type(self)), self.loop, self._end_request, self._held)
        self.held_flow: HeldFlow | None = None
        self.in_body = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        if self.guard.admit(transport, len(self.connections)):
            super().connection_made(Corked(transport, self.loop))
            self.flow = self.held_flow = HeldFlow(transport, self.loop)

    def connection_lost(self, exc: Exception | None) -> None:
        self.guard.release()
        if not self.guard.refused:
            super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if not self.guard.refused:
            super().data_received(data)
            self.guard.body(self._body_awaited())

    def on_message_begin(self) -> None:
        self.guard.arm(started=True)
        super().on_message_begin()

    def on_headers_complete(self) -> None:
        self.guard.disarm()
        super().on_headers_complete()
        self.in_body = True

    def on_message_complete(self) -> None:
        self.in_body = False
        super().on_message_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.timeout_keep_alive_task is not None:  # no pipelined request: idle
            self.guard.idle()

    def _body_awaited(self) -> object | None:
        transport = self.transport
        if not self.in_body or transport.is_closing() or transport.get_protocol() is not self:
            return None  # no body awaited, closing, or now a WebSocket
        return self.cycle

    def _end_request(self) -> bool:
        return _end(self.cycle, bool(self.pipeline))

    def _held(self) -> float:
        return 0.0 if self.held_flow is None else self.held_flow.held_s()


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with the connection guard."""

    gate: ClassVar[Gate | None] = None
    """Set by `protocol_class`; else read from the environment at the first connection."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.guard = Guard(_gate_of(type(self)), self.loop, self._end_request, self._held)
        self.held_flow: HeldFlow | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        if self.guard.admit(transport, len(self.connections)):
            super().connection_made(Corked(transport, self.loop))
            self.flow = self.held_flow = HeldFlow(transport, self.loop)

    def connection_lost(self, exc: Exception | None) -> None:
        self.guard.release()
        if not self.guard.refused:
            super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.guard.refused:
            return
        if self.conn.their_state is h11.IDLE:  # bytes of a new request
            self.guard.arm(started=True)
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # its headers are complete
            self.guard.disarm()
        self.guard.body(self._body_awaited())

    def on_response_complete(self) -> None:
        super().on_response_complete()  # may start a pipelined request
        if self.timeout_keep_alive_task is not None:  # no pipelined request: idle
            self.guard.idle()
        self.guard.body(self._body_awaited())

    def _body_awaited(self) -> object | None:
        transport = self.transport
        if self.conn.their_state is not h11.SEND_BODY or transport.is_closing():
            return None
        return self.cycle if transport.get_protocol() is self else None  # else a WebSocket

    def _end_request(self) -> bool:
        return _end(self.cycle, False)  # h11 reads a pipelined request after the answer

    def _held(self) -> float:
        return 0.0 if self.held_flow is None else self.held_flow.held_s()


Guarded = type[GuardedHttpTools] | type[GuardedH11]


def _gate_of(cls: Guarded) -> Gate:
    if cls.gate is None:
        cls.gate = Gate.from_settings(Settings.from_env())
    return cls.gate


def protocol_class(settings: Settings, parser: str = "httptools") -> Guarded:
    """Returns a guarded protocol class of its own for `settings`, on httptools or
    (`parser="h11"`) h11; its gate is created now, which raises the descriptor limit."""
    base: Guarded = GuardedH11 if parser == "h11" else GuardedHttpTools
    attributes = {"gate": Gate.from_settings(settings), "__module__": __name__}
    return cast(Guarded, type(base.__name__, (base,), attributes))
