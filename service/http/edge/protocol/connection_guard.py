"""`Guard`: one HTTP connection's admission, header deadline and body deadline.

`service.http.edge.protocol.protocols` gives each connection of uvicorn's protocols a guard and
tells it what the parser saw; the process-wide bookkeeping and the limits are the `Gate`'s
(`service.http.edge.protocol.connection_limits`).

* Header deadline (`BOARDSTATE_HEADER_TIMEOUT_SECONDS`): from the connection's opening, or the
  first byte of a later request on it, to the end of the request's headers.
* Body deadline (`BOARDSTATE_BODY_TIMEOUT_SECONDS`): from the end of the headers to the last
  byte of the body; absolute, a trickle of bytes does not extend it. Only the client's time
  counts: while the server itself holds reading back (uvicorn pauses reading while the app has
  not taken what came, and while a pipelined request waits for the one before it), the deadline
  moves on by that long. A request whose body comes with its headers arms nothing.

On either deadline the connection is answered `408 Request Timeout` (nothing when it sent no
byte, or when the app had begun its answer) and closed; for a body, the app sees the client
gone (`http.disconnect`) and what it still sends is dropped. The size of the connection's
request heads is its `head`'s (`service.http.edge.protocol.head_guard`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from boardstate.service.http.edge.protocol.connection_limits import Gate
from boardstate.service.http.edge.protocol.guard_answers import BODY_TIMED_OUT, REFUSED, TIMED_OUT
from boardstate.service.http.edge.protocol.head_guard import HeadGuard

MIN_RECHECK_S = 0.5
"""A body deadline moved on because the server held reading back is checked again at least this
much later."""


def _no_request() -> bool:
    return False


def _never_held() -> float:
    return 0.0


def _idle() -> bool:
    return False


class Guard:
    """One connection's admission and deadlines.

    `end_request()` (the protocol's) ends the request whose body is being read: the app sees the
    client gone and its answer is dropped; it returns whether a 408 may still be written (no
    answer begun on the connection). `held()` returns the seconds the server has held reading
    back on the connection so far. `busy()`: see `HeadGuard`.

    The connection is in the gate's `waiting` (evictable at the process cap) from the start of a
    request until the request is wholly in (headers, and body if any), and while idle between
    two requests; it keeps its place from when that began."""

    def __init__(
        self,
        gate: Gate,
        loop: asyncio.AbstractEventLoop,
        end_request: Callable[[], bool],
        held: Callable[[], float],
        busy: Callable[[], bool] = _idle,
    ) -> None:
        self.gate = gate
        self.loop = loop
        self.end_request = end_request
        self.held = held
        self.head = HeadGuard(gate, loop, busy, self._forget)
        self.transport: asyncio.Transport | None = None
        self.peer: str | None = None
        self.refused = False
        self.started = False
        """Bytes of the request whose headers are awaited have come."""
        self.idling = False
        self.deadline: asyncio.TimerHandle | None = None
        self.reading: object | None = None
        """The request whose body is awaited (the protocol's request-response cycle)."""
        self.body_due = 0.0
        self.held_before = 0.0
        self.body_timer: asyncio.TimerHandle | None = None

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
        self.idling = False
        if self.deadline is None:
            timeout = self.gate.limits.header_timeout_s
            self.deadline = self.loop.call_later(timeout, self._expire)
        self.gate.wait(self, self._evict)

    def idle(self) -> None:
        """An answer ended and uvicorn's keep-alive timer runs: the connection waits for its
        next request and may be closed to make room, but has no deadline until a byte comes."""
        if self.deadline is None:
            self.idling = True
            self.gate.wait(self, self._evict)

    def disarm(self) -> None:
        """The headers are complete: no header deadline."""
        self.started = False
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def body(self, request: object | None) -> None:
        """Called after the parser ran: `request` is the request whose body is still awaited,
        None when none is. A new one starts the body deadline."""
        if request is not self.reading:
            was_reading = self._body_done()
            if request is not None:
                self.reading = request
                self.body_due = self.loop.time() + self.gate.limits.body_timeout_s
                self.held_before = self.held()
                self.body_timer = self.loop.call_at(self.body_due, self._body_check)
                self.gate.wait(self, self._evict)
            elif was_reading and self.idling:
                # The body ended after the answer: uvicorn's keep-alive timer is off (each read
                # stops it); wait for the next request as a new connection does.
                self.arm()
        if self.reading is None and self.deadline is None and not self.idling:
            self.gate.done_waiting(self)  # the request is wholly in

    def release(self) -> None:
        """The connection closed."""
        self._forget()
        self.head.release()
        if self.transport is not None:
            self.gate.release(self.transport, self.peer)
        # The callbacks are the protocol's bound methods: dropping them lets the protocol, and
        # this guard, be freed at once rather than by the cycle collector.
        self.end_request = _no_request
        self.held = _never_held

    def _body_done(self) -> bool:
        """Stops the body deadline; returns whether a body was awaited."""
        if self.reading is None:
            return False
        self.reading = None
        if self.body_timer is not None:
            self.body_timer.cancel()
            self.body_timer = None
        return True

    def _body_check(self) -> None:
        self.body_timer = None
        due = self.body_due + (self.held() - self.held_before)
        now = self.loop.time()
        if now < due:  # the server held reading back meanwhile: the client gets that time
            self.body_timer = self.loop.call_at(max(due, now + MIN_RECHECK_S), self._body_check)
            return
        self.gate.timed_out("body")
        self._end_body()

    def _expire(self) -> None:
        self.deadline = None
        self.gate.timed_out("headers")
        self._close(TIMED_OUT if self.started else None)

    def _evict(self) -> str:
        """Closes the connection to make room; returns what it waited for."""
        if self.reading is not None:
            self._end_body()
            return "body"
        reason = "headers" if self.deadline is not None else "idle"
        self._close(TIMED_OUT if self.started else None)
        return reason

    def _end_body(self) -> None:
        self._close(BODY_TIMED_OUT if self.end_request() else None)

    def _forget(self) -> None:
        self.disarm()
        self._body_done()
        self.idling = False
        self.gate.done_waiting(self)

    def _close(self, answer: bytes | None) -> None:
        """Closes the connection, after writing `answer`; it waits for nothing any more."""
        self._forget()
        transport = self.transport
        if transport is None or transport.is_closing():
            return
        if answer is not None:
            transport.write(answer)
        transport.close()
