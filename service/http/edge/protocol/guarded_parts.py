"""What the guarded protocols (`service.http.edge.protocol.protocols`) share: `HeldFlow`, how a
request is ended when its client is cut off, and the gate a protocol class reads from the
environment."""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.flow_control import FlowControl

from boardstate.service.http.edge.protocol.connection_limits import Gate
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


def end_cycle(cycle: Any, queued: bool) -> bool:
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


def busy(cycle: Any, queued: bool) -> bool:
    """Whether a request of the connection is being answered (`cycle`, its last) or waits to
    be (`queued`): a refused head is answered after them."""
    return queued or (cycle is not None and not cycle.response_complete)


def gate_of(cls: Any) -> Gate:
    """The gate of the protocol class `cls` (its `gate`), read from the environment at first."""
    if cls.gate is None:
        cls.gate = Gate.from_settings(Settings.from_env())
    gate: Gate = cls.gate
    return gate
