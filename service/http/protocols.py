"""uvicorn's HTTP/1.1 protocols with a header read timeout and connection caps (slow loris).

uvicorn has no timeout on reading a request's headers (its issue #157 lists
`--timeout-request-start` as still to do): its keep-alive timer runs only between requests and
stops at the first byte, so a client that sends half a request holds the connection, and one
file descriptor, for ever. Thousands of those exhaust the process. ASGI middleware cannot help:
it runs only once the headers are complete. `GuardedHttpTools` and `GuardedH11` are uvicorn's
two protocol classes with three additions (`Guard`):

* a header deadline (`BOARDSTATE_HEADER_TIMEOUT_SECONDS`): a connection whose request headers
  are not complete that long after it opened, or after the first byte of a later request on it,
  is closed (with `408 Request Timeout` when part of a request had arrived). The deadline ends
  when the headers are complete, so long responses, event streams, uploads and WebSockets are
  not limited by it;
* a cap on the process's open connections (`BOARDSTATE_MAX_CONNECTIONS`, lowered to fit the
  descriptor limit) and one per client address (`BOARDSTATE_MAX_CONNECTIONS_PER_ADDRESS`):
  a connection over the address cap is answered `503` with `Retry-After: 1` and closed at
  once; at the process cap the oldest connection still waiting for request headers (half-sent,
  or idle between two requests) is closed to make room (`service.http.connection_limits.Gate`),
  and only when none waits is the new one refused with that 503;
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
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

from boardstate.service.http.connection_limits import Gate
from boardstate.service.settings import Settings

REFUSED = b"".join(
    (
        b"HTTP/1.1 503 Service Unavailable\r\n",
        b"content-type: text/plain; charset=utf-8\r\n",
        b"retry-after: 1\r\n",
        b"connection: close\r\n",
        b"content-length: 21\r\n\r\n",
        b"too many connections\n",
    )
)
TIMED_OUT = b"".join(
    (
        b"HTTP/1.1 408 Request Timeout\r\n",
        b"content-type: text/plain; charset=utf-8\r\n",
        b"connection: close\r\n",
        b"content-length: 30\r\n\r\n",
        b"request headers not completed\n",
    )
)


class Guard:
    """One connection's admission and header deadline."""

    def __init__(self, gate: Gate, loop: asyncio.AbstractEventLoop) -> None:
        self.gate = gate
        self.loop = loop
        self.transport: asyncio.Transport | None = None
        self.peer: str | None = None
        self.refused = False
        self.started = False
        self.deadline: asyncio.TimerHandle | None = None

    def admit(self, transport: asyncio.Transport, open_now: int) -> bool:
        """Lets the connection in, or answers 503 and closes it; returns whether admitted."""
        info = transport.get_extra_info("peername")
        self.peer = str(info[0]) if isinstance(info, tuple) and info else None
        refusal = self.gate.admit(transport, self.peer, open_now)
        if refusal is not None:
            self.refused = True
            transport.write(REFUSED)
            transport.close()
            return False
        self.transport = transport
        self.arm()
        return True

    def arm(self, started: bool = False) -> None:
        """Starts the header deadline unless it runs; `started`: request bytes have arrived."""
        self.started = self.started or started
        if self.deadline is None:
            timeout = self.gate.limits.header_timeout_s
            self.deadline = self.loop.call_later(timeout, self._expire)
            self.gate.wait(self, self._evict)

    def idle(self) -> None:
        """Between two requests (uvicorn's keep-alive timer runs): the connection waits for
        headers again and may be closed to make room, but has no deadline until a byte comes."""
        if self.deadline is None:
            self.gate.wait(self, self._evict)

    def disarm(self) -> None:
        """The headers are complete (or the connection is gone): no deadline."""
        self.started = False
        self.gate.done_waiting(self)
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def release(self) -> None:
        """The connection closed."""
        self.disarm()
        if self.transport is not None:
            self.gate.release(self.transport, self.peer)

    def _expire(self) -> None:
        self.gate.timeouts.note(timeout_s=self.gate.limits.header_timeout_s)
        self._close()

    def _evict(self) -> None:
        self._close()  # the gate counted it

    def _close(self) -> None:
        """Closes the connection: its headers did not come in time (408 if some bytes did)."""
        started = self.started
        self.disarm()
        transport = self.transport
        if transport is None or transport.is_closing():
            return
        if started:
            transport.write(TIMED_OUT)
        transport.close()


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
        self.guard = Guard(_gate_of(type(self)), self.loop)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        if self.guard.admit(transport, len(self.connections)):
            super().connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        self.guard.release()
        if not self.guard.refused:
            super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if not self.guard.refused:
            super().data_received(data)

    def on_message_begin(self) -> None:
        self.guard.arm(started=True)
        super().on_message_begin()

    def on_headers_complete(self) -> None:
        self.guard.disarm()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.timeout_keep_alive_task is not None:  # no pipelined request: idle
            self.guard.idle()


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
        self.guard = Guard(_gate_of(type(self)), self.loop)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        if self.guard.admit(transport, len(self.connections)):
            super().connection_made(transport)

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

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.timeout_keep_alive_task is not None:  # no pipelined request: idle
            self.guard.idle()


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
