"""`HeadGuard`: one connection's request heads, bounded in bytes (issue 37).

The guarded protocols (`service.http.edge.protocol.protocols`) tell it about every read of a head,
before and after their parser sees it; it meters the bytes (`service.http.edge.protocol.head_meter`)
and counts them against the client's address until the head is complete
(`service.http.edge.protocol.pending_bytes`, through the `Gate`).

* A line longer than `BOARDSTATE_MAX_HEADER_LINE_BYTES` (8 KiB, its ending included) or a head
  larger than `BOARDSTATE_MAX_HEADER_BYTES` (32 KiB: request line, header lines and the blank
  line) is answered `431 Request Header Fields Too Large`.
* A read that would take the address's pending head bytes past
  `BOARDSTATE_MAX_PENDING_BYTES_PER_ADDRESS` (1 MiB) is answered `503` with `Retry-After: 1`.

Either way the read is not fed to the parser, the answer is followed by the end of the stream
(FIN), and what the client still sends is read and dropped for `LINGER_S` before the connection
closes, so that the client reads the answer rather than a reset (nginx's lingering close). A
head pipelined behind requests still being answered is answered after them, in order: until
then the connection reads nothing more.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from boardstate.service.http.edge.protocol.connection_limits import Gate
from boardstate.service.http.edge.protocol.guard_answers import PENDING_REFUSED, TOO_LARGE
from boardstate.service.http.edge.protocol.head_meter import HeadMeter

LINGER_S = 2.0
"""After refusing a head, how long what the client still sends is read and dropped."""


class HeadGuard:
    """One connection's head limits. `busy()` (the protocol's) tells whether an earlier request
    of the connection is still being answered or waits to be (the protocol calls `answered()`
    once none is); `stop()` (the connection guard's) ends its deadlines and its place among
    the waiting."""

    def __init__(
        self,
        gate: Gate,
        loop: asyncio.AbstractEventLoop,
        busy: Callable[[], bool],
        stop: Callable[[], None],
    ) -> None:
        self.gate = gate
        self.loop = loop
        self.busy = busy
        self.stop = stop
        self.pending: bytes | None = None
        """The refusal to write once the earlier requests are answered."""
        self.meter = HeadMeter(gate.limits.max_header_line, gate.limits.max_header_bytes)
        self.transport: asyncio.Transport | None = None
        """What the protocol writes through (`service.http.edge.protocol.corked`)."""
        self.key: str | None = None
        """The address the pending bytes count against (None: not counted)."""
        self.held = 0
        """Head bytes counted against the address now."""
        self.discarding = False
        """A head was refused: what comes is dropped until the connection closes."""
        self.linger: asyncio.TimerHandle | None = None

    def attach(self, transport: asyncio.Transport, peer: str | None) -> None:
        """The connection was admitted; `transport` is what its protocol writes through."""
        self.transport = transport
        self.key = self.gate.pending_key(peer)

    def read(self, data: bytes) -> bool:
        """Before the parser sees `data`, which begins or continues a head: whether to feed it
        (if not, the request was refused and what comes is dropped)."""
        if self.discarding:
            return False
        reason, end = self.meter.check(data)
        if reason is not None:
            self.too_large(reason)
            return False
        return self._hold(self.meter.head + end)

    def grew(self, data: bytes) -> None:
        """The parser ran: all of `data` was head, and the head is still incomplete."""
        self._settle(self.meter.grew(data))

    def began(self, data: bytes, body: int) -> None:
        """The parser ran: a head began inside `data` (behind an earlier request, `body` bytes
        of body in it) and is incomplete."""
        self._settle(self.meter.began(data, body))

    def buffered(self, data: bytes) -> None:
        """The parser holds `data`, the start of a head it has not finished."""
        self._settle(self.meter.restart(data))

    def done(self) -> None:
        """No head is incomplete (complete, or none begun)."""
        if self.meter.head or self.held:
            self.meter.done()
            self._hold(0)

    def release(self) -> None:
        """The connection closed."""
        self._give_back()
        if self.linger is not None:
            self.linger.cancel()
            self.linger = None
        self.busy = _idle  # frees the protocol at once (see `Guard.release`)

    def _settle(self, reason: str | None) -> None:
        if reason is not None:
            self.too_large(reason)
        else:
            self._hold(self.meter.head)

    def _hold(self, count: int) -> bool:
        """Counts `count` head bytes against the address; past its cap refuses the request."""
        if self.discarding:
            return False
        if self.key is None or count == self.held:
            return True
        if not self.gate.hold(self.key, self.held, count):
            self._refuse(PENDING_REFUSED)
            return False
        self.held = count
        return True

    def _give_back(self) -> None:
        if self.key is not None and self.held:
            self.gate.hold(self.key, self.held, 0)
        self.held = 0

    def too_large(self, reason: str) -> None:
        """Refuses the head for `reason` (`LINE`, `TOTAL`) with a 431."""
        if self.discarding:
            return
        self.gate.head_too_large(reason)
        self._refuse(TOO_LARGE[reason])

    def answered(self) -> None:
        """The earlier requests of the connection are answered: a refusal kept is written."""
        answer, self.pending = self.pending, None
        if answer is not None:
            if self.transport is not None:
                self.transport.resume_reading()
            self._answer(answer)

    def _refuse(self, answer: bytes) -> None:
        """Refuses the head with `answer` (now, or once the earlier requests are answered);
        what comes is dropped."""
        if self.discarding:
            return  # refused already
        self.stop()
        self._give_back()
        self.meter.done()
        self.discarding = True
        if self.busy() and self.transport is not None:
            self.pending = answer
            self.transport.pause_reading()
            return
        self._answer(answer)

    def _answer(self, answer: bytes) -> None:
        """Writes `answer` and the stream's end; closes after `LINGER_S`."""
        transport = self.transport
        if transport is None or transport.is_closing():
            return
        transport.write(answer)
        if transport.can_write_eof():
            transport.write_eof()
        self.linger = self.loop.call_later(LINGER_S, transport.close)


def _idle() -> bool:
    return False
