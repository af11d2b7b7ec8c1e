"""GraphQL over Server-Sent Events (the graphql-sse protocol, strawberry's `SSETransport`).

A `POST /graphql` (or `GET`) with `Accept: text/event-stream` runs the operation as a stream:
each result is `event: next` with `data: {"data": ...}` (or `{"errors": [...]}`), the end is
`event: complete`, and an idle stream sends a `: ping` comment every
`BOARDSTATE_SSE_KEEPALIVE_SECONDS`. The `Authorization: Bearer <seat token>` header picks the
seat view, as for every HTTP request. Single-result HTTP still refuses subscriptions
(`schema.guard`, `SUBSCRIPTION_OVER_HTTP`).

When the server shuts down (`service.http.shutdown`), an open stream ends with a comment
`: server shutting down; resume with afterVersion=N` (N: the `version` of the last event it
sent) and `event: complete`, instead of being cut at the end of the grace period.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable

from starlette.types import Scope
from strawberry.http.streaming import SSETransport

from boardstate.service.http.shutdown import SHUTDOWN_KEY

TextStream = Callable[[], AsyncIterator[str]]


def sse_transport(heartbeat_s: float) -> type[SSETransport]:
    """strawberry's graphql-sse transport with our keep-alive interval."""

    class Transport(SSETransport):
        def __init__(self) -> None:
            super().__init__(heartbeat_s)

    return Transport


def _version(chunk: str) -> int | None:
    """The `version` of the event in a `next` message, if it carries one."""
    if not chunk.startswith("event: next"):
        return None
    _, _, data = chunk.partition("data: ")
    with contextlib.suppress(ValueError, AttributeError, TypeError):
        for value in (json.loads(data).get("data") or {}).values():
            if isinstance(value, dict) and isinstance(value.get("version"), int):
                return int(value["version"])
    return None


def ending_on_shutdown(scope: Scope, stream: TextStream) -> TextStream:
    """`stream`, ended with where to resume when the server starts shutting down."""
    stopping: asyncio.Event | None = scope.get(SHUTDOWN_KEY)
    if stopping is None:
        return stream
    shutdown = stopping

    async def ending() -> AsyncIterator[str]:
        source = aiter(stream())
        stop = asyncio.ensure_future(shutdown.wait())
        last: int | None = None
        try:
            while True:
                following = asyncio.ensure_future(anext(source))
                await asyncio.wait((following, stop), return_when=asyncio.FIRST_COMPLETED)
                if not following.done():
                    following.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await following
                    where = "the same afterVersion" if last is None else f"afterVersion={last}"
                    yield f": server shutting down; resume with {where}\r\n\r\n"
                    yield "event: complete\r\ndata: \r\n\r\n"
                    return
                try:
                    chunk = following.result()
                except StopAsyncIteration:
                    return
                last = _version(chunk) or last
                yield chunk
        finally:
            stop.cancel()
            closing = getattr(source, "aclose", None)
            if closing is not None:
                await closing()

    return ending
