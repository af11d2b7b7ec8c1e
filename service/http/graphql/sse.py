"""GraphQL over Server-Sent Events (the graphql-sse protocol, strawberry's `SSETransport`).

A `POST /graphql` (or `GET`) with `Accept: text/event-stream` runs the operation as a stream:
each result is `event: next` with `data: {"data": ...}` (or `{"errors": [...]}`), the end is
`event: complete`, and an idle stream sends a `: ping` comment every
`BOARDSTATE_SSE_KEEPALIVE_SECONDS`. The `Authorization: Bearer <seat token>` header picks the
seat view, as for every HTTP request. Single-result HTTP still refuses subscriptions
(`schema.guard`, `SUBSCRIPTION_OVER_HTTP`).

`SubscriptionResponse` sends the stream. It watches for the client leaving (as
`service.http.streams.game_stream` does) and, however the stream ends (completed, the client gone
mid-wait or mid-write, the server stopping), first cancels the pending read of the next result, then
closes the stream: the subscription's generator is never closed while it runs (which raised
`RuntimeError: aclose(): asynchronous generator is already running` and kept the stream slot).
Last it ends any stream the subscription opened that strawberry's tasks left suspended
(`service.features.live.slot_streams.StreamOwner`), so every stream slot is given back at once.

When the server shuts down (`service.http.edge.shutdown`), an open stream ends with a comment
`: server shutting down; resume with afterVersion=N` (N: the `version` of the last event it
sent) and `event: complete`, instead of being cut at the end of the grace period.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable, Mapping
from typing import Any

import structlog
from starlette.responses import Response
from starlette.types import Receive, Scope, Send
from strawberry.http.streaming import SSETransport

from boardstate.service.features.live.slot_streams import OWNER, StreamOwner
from boardstate.service.http.edge.shutdown import SHUTDOWN_KEY
from boardstate.service.runtime.stopping import ended

TextStream = Callable[[], AsyncIterator[str]]

log = structlog.get_logger("boardstate.subscriptions")


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


def _shutdown_chunks(last: int | None) -> tuple[str, str]:
    where = "the same afterVersion" if last is None else f"afterVersion={last}"
    comment = f": server shutting down; resume with {where}\r\n\r\n"
    return comment, "event: complete\r\ndata: \r\n\r\n"


class SubscriptionResponse(Response):
    """Sends a graphql-sse stream; see the module's documentation."""

    def __init__(self, stream: TextStream, status: int, headers: Mapping[str, str]) -> None:
        # As `StreamingResponse` does: no body, so no `content-length`.
        self.status_code = status
        self.background = None
        self.init_headers(dict(headers))
        self.stream = stream

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        stopping: asyncio.Event = scope.get(SHUTDOWN_KEY) or asyncio.Event()
        owner = StreamOwner()
        owning = OWNER.set(owner)  # the subscription's tasks, created below, inherit it
        source = aiter(self.stream())
        waiters: list[asyncio.Future[Any]] = []
        following: asyncio.Future[str] | None = None

        async def gone() -> None:
            while (await receive())["type"] != "http.disconnect":
                pass

        try:
            waiters += [asyncio.ensure_future(gone()), asyncio.ensure_future(stopping.wait())]
            away, stop = waiters
            start = {"type": "http.response.start", "status": self.status_code}
            await send({**start, "headers": self.raw_headers})
            last: int | None = None
            while True:
                following = asyncio.ensure_future(anext(source))
                await asyncio.wait((following, away, stop), return_when=asyncio.FIRST_COMPLETED)
                if not following.done():
                    if not away.done():  # the server is stopping: say where to resume
                        for chunk in _shutdown_chunks(last):
                            await self._body(send, chunk)
                    break
                try:
                    chunk = following.result()
                except StopAsyncIteration:
                    break
                except Exception:
                    log.exception("graphql_sse_stream_failed")
                    break
                following = None
                last = _version(chunk) or last
                await self._body(send, chunk)
            if not away.done():
                await send({"type": "http.response.body", "body": b"", "more_body": False})
        except OSError:
            pass  # the client went away while we wrote
        finally:
            await ended(following)  # the generator must not be running when it is closed
            for waiter in waiters:
                await ended(waiter)
            closing = getattr(source, "aclose", None)
            if closing is not None:
                await closing()
            await owner.close()  # whatever strawberry's tasks left suspended
            OWNER.reset(owning)

    @staticmethod
    async def _body(send: Send, chunk: str) -> None:
        await send({"type": "http.response.body", "body": chunk.encode(), "more_body": True})
