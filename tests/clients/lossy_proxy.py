"""A real TCP proxy in front of a service that loses the answers of its first connections: the
request reaches the service (and is acted on), the client's connection is then closed before a
byte of the answer comes back, as when a network drops a reply. `cut()` drops every connection
open at that moment (a stream in the middle of a game, say), as a network failing does."""

from __future__ import annotations

import asyncio
import contextlib
from types import TracebackType
from typing import Self


class LossyProxy:
    """Forwards `127.0.0.1:<port>`; drops the answer on the first `drop_answers` connections."""

    def __init__(self, target_port: int, drop_answers: int) -> None:
        self.target_port = target_port
        self.drop_answers = drop_answers
        self.connections = 0
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._open: set[asyncio.StreamWriter] = set()

    @property
    def url(self) -> str:
        assert self._server is not None
        port = self._server.sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}"

    async def __aenter__(self) -> Self:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        assert self._server is not None
        self._server.close()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def cut(self) -> int:
        """Aborts every open connection, both sides (no goodbye); returns how many."""
        writers = list(self._open)
        for writer in writers:
            writer.transport.abort()
        return len(writers) // 2

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        drop = self.connections <= self.drop_answers
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        self._open.update((writer, up_writer))
        upstream = asyncio.create_task(self._pipe(reader, up_writer))
        self._tasks.add(upstream)
        try:
            if drop:
                await up_reader.read(1)  # the service has answered: the move was acted on
            else:
                await self._pipe(up_reader, writer)
        finally:
            upstream.cancel()
            self._open.difference_update((writer, up_writer))
            for w in (writer, up_writer):
                w.close()
                with contextlib.suppress(ConnectionError):
                    await w.wait_closed()

    @staticmethod
    async def _pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError):  # a side went away (or was cut)
            while chunk := await source.read(65536):
                sink.write(chunk)
                await sink.drain()
