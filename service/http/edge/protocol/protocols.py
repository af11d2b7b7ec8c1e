"""uvicorn's HTTP/1.1 protocols with header and body read timeouts and connection caps.

uvicorn has no timeout on reading a request's headers (its issue #157 lists
`--timeout-request-start` as still to do) nor its body: its keep-alive timer runs only between
requests and stops at the first byte, so a client that sends half a request, or complete headers
and then a body one byte at a time, holds the connection, and one file descriptor, for ever.
Thousands of those exhaust the process. ASGI middleware cannot help: it runs only once the
headers are complete, and sees the body only while the app reads it. `GuardedHttpTools` and
`GuardedH11` are uvicorn's two protocol classes with these additions
(`service.http.edge.protocol.connection_guard.Guard`):

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
  to make room (`service.http.edge.protocol.connection_limits.Gate`), and only when none waits is
  the new one refused with that 503;
* a bound on a request's head in bytes (`BOARDSTATE_MAX_HEADER_LINE_BYTES` per line,
  `BOARDSTATE_MAX_HEADER_BYTES` in all) and on the head bytes one client address has pending
  over its connections (`BOARDSTATE_MAX_PENDING_BYTES_PER_ADDRESS`): every read of a head is
  metered before the parser sees it (`service.http.edge.protocol.head_guard`), answered `431 Request
  Header Fields Too Large` past a size and `503` past the address's pending bytes. Neither parser
  bounds a head the same way by itself: httptools not at all, h11 at 16 KiB with a `400`;
* the soft `RLIMIT_NOFILE` is raised to the hard limit when the guard is created.

`boardstate serve` selects `protocol_class(settings)` (httptools, which uvicorn's `auto` picks
too; uvicorn[standard] installs it). Plain uvicorn must name one itself, and turn its own
forwarded-address rewriting off (`BOARDSTATE_TRUSTED_PROXIES` alone decides whom
`X-Forwarded-For` is trusted from):

    uvicorn boardstate.service.asgi:app --no-proxy-headers \
        --http boardstate.service.http.edge.protocol.protocols:GuardedHttpTools

(`GuardedH11` for the pure-Python parser.) Those classes read the settings from the environment
when the first connection arrives.
"""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar, cast

from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

from boardstate.service.http.edge.protocol.connection_guard import Guard
from boardstate.service.http.edge.protocol.connection_limits import Gate
from boardstate.service.http.edge.protocol.corked import Corked
from boardstate.service.http.edge.protocol.guarded_h11 import GuardedH11 as GuardedH11
from boardstate.service.http.edge.protocol.guarded_parts import HeldFlow, busy, end_cycle, gate_of
from boardstate.service.settings import Settings


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
        gate = gate_of(type(self))
        self.guard = Guard(gate, self.loop, self._end_request, self._held, self._busy)
        self.held_flow: HeldFlow | None = None
        self.in_head = False
        self.in_body = False
        self.heads = 0
        """Heads completed on the connection."""
        self.body_bytes = 0
        """Body bytes the parser handed over on the connection."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        if self.guard.admit(transport, len(self.connections)):
            super().connection_made(Corked(transport, self.loop))
            self.flow = self.held_flow = HeldFlow(transport, self.loop)
            self.guard.head.attach(self.transport, self.guard.peer)

    def connection_lost(self, exc: Exception | None) -> None:
        self.guard.release()
        if not self.guard.refused:
            super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.guard.refused or self.guard.head.discarding:
            return  # refused at admission, or its head was: what comes is dropped
        awaiting = self.in_head or not self.in_body  # a head is incomplete, or the next is due
        if awaiting and not self.guard.head.read(data):
            return  # refused: too large, or its address has too much pending
        heads, body_bytes = self.heads, self.body_bytes
        super().data_received(data)
        head = self.guard.head
        if not self.in_head or self.transport.is_closing():
            head.done()
        elif awaiting and heads == self.heads:
            head.grew(data)
        else:
            head.began(data, self.body_bytes - body_bytes)
        self.guard.body(self._body_awaited())

    def on_message_begin(self) -> None:
        self.in_head = True
        self.guard.arm(started=True)
        super().on_message_begin()

    def on_headers_complete(self) -> None:
        self.in_head = False
        self.heads += 1
        self.guard.disarm()
        super().on_headers_complete()
        self.in_body = True

    def on_body(self, body: bytes) -> None:
        self.body_bytes += len(body)
        super().on_body(body)

    def on_message_complete(self) -> None:
        self.in_body = False
        super().on_message_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.timeout_keep_alive_task is not None:  # no pipelined request: idle
            self.guard.idle()
            self.guard.head.answered()  # a refused pipelined head is answered now

    def _body_awaited(self) -> object | None:
        transport = self.transport
        if not self.in_body or transport.is_closing() or transport.get_protocol() is not self:
            return None  # no body awaited, closing, or now a WebSocket
        return self.cycle

    def _end_request(self) -> bool:
        return end_cycle(self.cycle, bool(self.pipeline))

    def _busy(self) -> bool:
        return busy(self.cycle, bool(self.pipeline))

    def _held(self) -> float:
        return 0.0 if self.held_flow is None else self.held_flow.held_s()


Guarded = type[GuardedHttpTools] | type[GuardedH11]


def protocol_class(settings: Settings, parser: str = "httptools") -> Guarded:
    """Returns a guarded protocol class of its own for `settings`, on httptools or
    (`parser="h11"`) h11; its gate is created now, which raises the descriptor limit."""
    base: Guarded = GuardedH11 if parser == "h11" else GuardedHttpTools
    attributes = {"gate": Gate.from_settings(settings), "__module__": __name__}
    return cast(Guarded, type(base.__name__, (base,), attributes))
