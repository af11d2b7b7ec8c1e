"""`SseResponse`: the one streaming response of the three Server-Sent Events doors (a game's
events, a player's stream, the feed); each door only says how its messages are framed
(`pump`) and what its shutdown message is (`shutdown`).

The response sends its head, then runs the door's `pump` (one task for the whole stream, not
one per message) until the stream ends, the client goes away or the server stops
(`service.http.edge.shutdown`). On a stop the pump is ended first, then the shutdown message
is sent, so the two never interleave. With `keepalive_s`, a `: keep-alive` comment goes out
after every quiet `keepalive_s` (streams whose items include their own keep-alives pass None).
However it ends, the stream is closed (`aclose`), which gives its stream slot back at once.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Protocol

from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from boardstate.service.features.live.deliveries import step
from boardstate.service.http.edge.shutdown import SHUTDOWN_KEY
from boardstate.service.runtime.stopping import ended

MEDIA_TYPE = "text/event-stream"
KEEPALIVE = b": keep-alive\n\n"

Body = Callable[[bytes], Coroutine[Any, Any, None]]


class Closable(Protocol):
    async def aclose(self) -> None: ...


class SseResponse(Response):
    """Streams `stream` as `text/event-stream`; see the module's documentation."""

    def __init__(self, stream: Closable, keepalive_s: float | None = None) -> None:
        # As `StreamingResponse` does: no body, so no `content-length`.
        self.status_code = 200
        self.media_type = MEDIA_TYPE
        self.background = None
        self.init_headers({"cache-control": "no-cache, no-transform", "x-accel-buffering": "no"})
        self.stream = stream
        self.keepalive_s = keepalive_s
        self.sent_at = 0.0
        """When the last message or keep-alive was sent (the loop's clock)."""
        self._send: Send | None = None
        self._clock: Callable[[], float] = time.monotonic

    def write_now(self, chunk: bytes) -> Awaitable[None] | None:
        """Sends `chunk` from whatever task calls it, with no task switch when the transport
        takes it (None), else the awaitable that finishes the send (`deliveries.step`): how the
        fanout of a game's events writes to each subscriber (`service.features.live.fanout`)."""
        assert self._send is not None  # the response has started
        self.sent_at = self._clock()
        return step(self._send({"type": "http.response.body", "body": chunk, "more_body": True}))

    async def pump(self, body: Body) -> None:
        """Sends the stream's messages with `body` until the stream ends."""
        raise NotImplementedError

    def shutdown(self) -> bytes:
        """The last message when the server stops."""
        raise NotImplementedError

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        stopping: asyncio.Event = scope.get(SHUTDOWN_KEY) or asyncio.Event()
        loop = asyncio.get_running_loop()
        self._send, self._clock = send, loop.time

        async def body(chunk: bytes) -> None:
            self.sent_at = loop.time()
            await send({"type": "http.response.body", "body": chunk, "more_body": True})

        async def gone() -> None:
            while (await receive())["type"] != "http.disconnect":
                pass

        tasks: list[asyncio.Future[Any]] = []
        try:
            await send({"type": "http.response.start", "status": 200, "headers": self.raw_headers})
            self.sent_at = loop.time()
            tasks += [asyncio.ensure_future(c) for c in (self.pump(body), gone(), stopping.wait())]
            pump, away, stop = tasks
            while True:
                quiet = None if self.keepalive_s is None else self.keepalive_s
                if quiet is not None:
                    quiet -= loop.time() - self.sent_at
                    if quiet <= 0:
                        await body(KEEPALIVE)
                        continue
                done, _ = await asyncio.wait(
                    tasks, timeout=quiet, return_when=asyncio.FIRST_COMPLETED
                )
                if pump in done:
                    pump.result()  # the stream ended (or failed: raised here)
                    break
                if away in done:
                    return
                if stop in done:
                    await ended(pump)
                    await body(self.shutdown())
                    break
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        except OSError:
            pass  # the client went away while we wrote
        finally:
            for task in tasks:
                await ended(task)
            await self.stream.aclose()
