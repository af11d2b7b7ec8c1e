"""`Corked`: a transport whose writes of one event-loop turn leave as one `write`.

uvicorn writes a response's head and its body with two `transport.write` calls, and every
chunk of an event stream or websocket frame with one more: each a `send` system call on the
socket, which on loopback also runs the receiver's side of TCP. A move's answer and the pushes
it causes are written within the same turn of the loop, so `Corked` keeps what is written
during a turn and hands it to the real transport once, from a callback at the next turn
(`call_soon`). Nothing is reordered or held longer than that turn: `close`, `write_eof` and
`set_protocol` (a websocket taking the connection over) write what is kept first; `abort`
drops it, as the real transport drops its own buffer. Flow control is the real transport's
(it calls the protocol's `pause_writing` / `resume_writing`); `get_write_buffer_size` counts
the bytes kept too.
"""

from __future__ import annotations

import asyncio
from typing import Any


class Corked(asyncio.Transport):
    """Wraps `transport`; see the module's documentation."""

    __slots__ = ("_loop", "_pending", "_real", "_size")

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self._real = transport
        self._loop = loop
        self._pending: list[bytes] = []
        self._size = 0

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not data:
            return
        if not self._pending:
            self._loop.call_soon(self.flush)
        self._pending.append(bytes(data))
        self._size += len(data)

    def writelines(self, list_of_data: Any) -> None:
        for data in list_of_data:
            self.write(data)

    def flush(self) -> None:
        """Hands what was kept to the real transport (one `write`)."""
        if not self._pending:
            return
        pending, self._pending, self._size = self._pending, [], 0
        if not self._real.is_closing():
            self._real.write(pending[0] if len(pending) == 1 else b"".join(pending))

    def close(self) -> None:
        self.flush()
        self._real.close()

    def abort(self) -> None:
        self._pending, self._size = [], 0
        self._real.abort()

    def write_eof(self) -> None:
        self.flush()
        self._real.write_eof()

    def can_write_eof(self) -> bool:
        return self._real.can_write_eof()

    def is_closing(self) -> bool:
        return self._real.is_closing()

    def get_write_buffer_size(self) -> int:
        return self._real.get_write_buffer_size() + self._size

    def get_write_buffer_limits(self) -> tuple[int, int]:
        return self._real.get_write_buffer_limits()

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        self._real.set_write_buffer_limits(high, low)

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self._real.get_extra_info(name, default)

    def pause_reading(self) -> None:
        self._real.pause_reading()

    def resume_reading(self) -> None:
        self._real.resume_reading()

    def is_reading(self) -> bool:
        return self._real.is_reading()

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:
        self.flush()
        self._real.set_protocol(protocol)

    def get_protocol(self) -> asyncio.BaseProtocol:
        return self._real.get_protocol()
