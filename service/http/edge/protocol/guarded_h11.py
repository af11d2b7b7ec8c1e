"""`GuardedH11`: uvicorn's h11 protocol with the connection guard.
`service.http.edge.protocol.protocols` says what the guard does; plain uvicorn runs it by that
module's name, `boardstate.service.http.edge.protocol.protocols:GuardedH11`."""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from boardstate.service.http.edge.protocol.connection_guard import Guard
from boardstate.service.http.edge.protocol.connection_limits import Gate
from boardstate.service.http.edge.protocol.corked import Corked
from boardstate.service.http.edge.protocol.guarded_parts import HeldFlow, busy, end_cycle, gate_of


class _Connection(h11.Connection):
    """h11's connection, noting whether the head it refused was too large (its 431 hint)."""

    too_large = False

    def next_event(self) -> Any:
        try:
            return super().next_event()
        except h11.RemoteProtocolError as exc:
            self.too_large = exc.error_status_hint == 431
            raise


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
        gate = gate_of(type(self))
        self.guard = Guard(gate, self.loop, self._end_request, self._held, self._busy)
        self.held_flow: HeldFlow | None = None
        # h11's own bound on a head (16 KiB, answered 400 by uvicorn) is the documented one, and
        # answered 431 (`send_400_response`); the guard's meter refuses first but for a head
        # that came pipelined behind a request in one read.
        self.conn = _Connection(h11.SERVER, gate.limits.max_header_bytes)

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
        awaiting = self.conn.their_state is h11.IDLE  # bytes of a new request's head
        if awaiting:
            if not self.guard.head.read(data):
                return  # refused: too large, or its address has too much pending
            self.guard.arm(started=True)
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # its headers are complete
            self.guard.disarm()
        if awaiting and self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.guard.head.grew(data)
        else:
            self.guard.head.done()
        self.guard.body(self._body_awaited())

    def on_response_complete(self) -> None:
        super().on_response_complete()  # may start a pipelined request
        if self.timeout_keep_alive_task is not None:  # no pipelined request: idle
            self.guard.idle()
            self.guard.head.answered()
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.guard.head.buffered(self.conn.trailing_data[0])  # a pipelined head begun
        self.guard.body(self._body_awaited())

    def send_400_response(self, msg: str) -> None:
        if isinstance(self.conn, _Connection) and self.conn.too_large:
            self.guard.head.too_large("total")
        else:
            super().send_400_response(msg)

    def _body_awaited(self) -> object | None:
        transport = self.transport
        if self.conn.their_state is not h11.SEND_BODY or transport.is_closing():
            return None
        return self.cycle if transport.get_protocol() is self else None  # else a WebSocket

    def _end_request(self) -> bool:
        return end_cycle(self.cycle, False)  # h11 reads a pipelined request after the answer

    def _busy(self) -> bool:
        return busy(self.cycle, False)

    def _held(self) -> float:
        return 0.0 if self.held_flow is None else self.held_flow.held_s()
