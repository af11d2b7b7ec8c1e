"""`GET /v1/players/me/stream`: a player's own stream as Server-Sent Events (DESIGN §5e).

`Authorization: Bearer <player token>`; one message per event: `id: <stream id>`,
`event: <kind>` (`turn`, `game.started`, `game.ended`, `takeback.requested`, `challenge`,
`seek.matched`, `rating.changed`), `data: {id, kind, at, data}` (`docs/players.md`). It
resumes after `Last-Event-ID` (or `?after=`; `0`: from the oldest kept; without either: from
now on), sends `: keep-alive` comments while idle and ends when the client leaves or the server
stops (`event: shutdown` with `retry:`; an `EventSource` reconnects, to any replica, with its
`Last-Event-ID`).

Refusals before the stream starts are `application/problem+json`: 400 `BAD_FEED_FILTER` (a
position that is no stream id), 401 `PLAYER_TOKEN_REQUIRED` / `PLAYER_TOKEN_INVALID`, 429
`TOO_MANY_STREAMS` for the caps of the player or the address, 503 for the process's, 503
`STORE_UNAVAILABLE`.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from boardstate.engine.core.errors import MoveError
from boardstate.service.contract.codes import ApiError, as_api_error
from boardstate.service.contract.player_stream_ports import PlayerItem
from boardstate.service.features.live.slot_streams import SlotStream
from boardstate.service.http.rest_common import service_of, token_of
from boardstate.service.http.shutdown import SHUTDOWN_KEY
from boardstate.service.http.sse import refusal
from boardstate.service.runtime.callers import caller_address
from boardstate.service.runtime.stopping import ended
from boardstate.service.runtime.store_failures import store_errors

RETRY_MS = 1000


def encode_item(item: PlayerItem) -> bytes:
    """One SSE message of a player's stream."""
    data = json.dumps(item.to_dict(), separators=(",", ":")).encode()
    return b"id: %s\nevent: %s\ndata: %s\n\n" % (item.id.encode(), item.kind.encode(), data)


class PlayerStreamResponse(Response):
    """Streams an opened player stream until the client leaves or the server stops; closes it
    (and frees its slot) however it ends."""

    def __init__(self, stream: SlotStream[PlayerItem | None]) -> None:
        self.status_code = 200
        self.media_type = "text/event-stream"
        self.background = None
        self.init_headers({"cache-control": "no-cache, no-transform", "x-accel-buffering": "no"})
        self.stream = stream

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        stopping: asyncio.Event = scope.get(SHUTDOWN_KEY) or asyncio.Event()

        async def body(chunk: bytes) -> None:
            await send({"type": "http.response.body", "body": chunk, "more_body": True})

        async def pump() -> None:
            async for item in self.stream:
                await body(b": keep-alive\n\n" if item is None else encode_item(item))

        async def gone() -> None:
            while (await receive())["type"] != "http.disconnect":
                pass

        tasks: list[asyncio.Future[Any]] = []
        try:
            await send({"type": "http.response.start", "status": 200, "headers": self.raw_headers})
            tasks += [asyncio.ensure_future(c) for c in (pump(), gone(), stopping.wait())]
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            if tasks[2] in done:
                await body(f"retry: {RETRY_MS}\nevent: shutdown\ndata: {{}}\n\n".encode())
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        except OSError:
            pass  # the client went away while we wrote
        finally:
            for task in tasks:
                await ended(task)
            await self.stream.aclose()


async def player_stream(request: Request) -> Response:
    """`GET /v1/players/me/stream`: see the module's documentation."""
    service = service_of(request)
    after = request.headers.get("last-event-id") or request.query_params.get("after")
    address = caller_address(request.client.host if request.client else None)
    try:
        with store_errors():
            stream = await service.player_feeds.streams.open_stream(
                token_of(request), after, address
            )
    except MoveError as exc:
        return refusal(as_api_error(exc))
    except ApiError as exc:
        return refusal(exc)
    return PlayerStreamResponse(stream)
