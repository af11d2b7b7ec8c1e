"""`GET /v1/feed/stream`: the cross-game feed as Server-Sent Events (architecture §5d).

`?gameType=&playerId=&gameId=&after=`: one message per announcement: `id: <feed position>`,
`event: <type>` (`turn.changed`, ...), `data: <{id, type, timestamp, data}>`. It resumes after
`Last-Event-ID` (or `after`; without either: from now on), sends `: keep-alive` comments while
idle and ends when the client leaves or the server stops (`event: shutdown`, with `retry:`; an
`EventSource` reconnects with its `Last-Event-ID`).

A stream that has read `BOARDSTATE_FEED_MAX_CATCH_UP` announcements without catching up with
the feed ends with `retry: 1000`, `id: <position>`, `event: resume`,
`data: {"resumeAfter": "<position>", "limit": N}`: an `EventSource` reconnects with that
`Last-Event-ID` by itself and reads on (`service.features.webhooks.feed`).

Refusals before the stream starts are `application/problem+json`: 400 `BAD_FEED_FILTER` (a
position that is none, out-of-range parts included, or a filter too long), 401 `UNAUTHORIZED`,
429 `TOO_MANY_STREAMS` for the caps of a seat or an address, 503 for the process's (with
`Retry-After`), 503 `STORE_UNAVAILABLE`. A client that goes away frees its stream slot at once.
"""

from __future__ import annotations

import json
from typing import Any

import structlog
from starlette.requests import Request
from starlette.responses import Response

from boardstate.engine.core.errors import MoveError
from boardstate.service.contract.codes import ApiError, as_api_error
from boardstate.service.contract.webhooks.webhook_ports import CatchUpLimit, FeedItem, FeedStream
from boardstate.service.http.edge.problems import problem_of
from boardstate.service.http.rest.common import service_of, token_of
from boardstate.service.http.streams.game_stream import refusal
from boardstate.service.http.streams.sse_response import KEEPALIVE, Body, SseResponse
from boardstate.service.runtime.callers import caller_address
from boardstate.service.runtime.store_failures import store_errors

RETRY_MS = 1000
"""The `retry:` hint of the `shutdown` and `resume` messages: reconnect after a second."""

log = structlog.get_logger("boardstate.subscriptions")


def encode_item(item: FeedItem) -> bytes:
    """One SSE message of the feed."""
    data = json.dumps(item.announcement, separators=(",", ":")).encode()
    kind = str(item.announcement["type"]).encode()
    return b"id: %s\nevent: %s\ndata: %s\n\n" % (item.position.encode(), kind, data)


def encode_resume(limit: CatchUpLimit) -> bytes:
    """The last message of a stream that read its catch-up limit: where to go on."""
    data = json.dumps({"resumeAfter": limit.resume_after, "limit": limit.limit})
    where = limit.resume_after
    return f"retry: {RETRY_MS}\nid: {where}\nevent: resume\ndata: {data}\n\n".encode()


class FeedResponse(SseResponse):
    """Streams an opened feed (its items include its keep-alives) until the client leaves, the
    server stops or the stream ends."""

    def __init__(self, stream: FeedStream) -> None:
        super().__init__(stream)
        self.items = stream

    async def pump(self, body: Body) -> None:
        try:
            async for item in self.items:
                await body(KEEPALIVE if item is None else encode_item(item))
        except CatchUpLimit as limit:
            await body(encode_resume(limit))
        except Exception:  # the store or the outbox failing: the stream ends cleanly
            log.info("feed_stream_ended", exc_info=True)

    def shutdown(self) -> bytes:
        return f"retry: {RETRY_MS}\nevent: shutdown\ndata: {{}}\n\n".encode()


async def feed_stream(request: Request) -> Response:
    """`GET /v1/feed/stream`: see the module's documentation."""
    service = service_of(request)
    params: dict[str, Any] = {
        k: request.query_params.get(k) for k in ("gameType", "playerId", "gameId")
    }
    after = request.headers.get("last-event-id") or request.query_params.get("after")
    address = caller_address(request.client.host if request.client else None)
    try:
        with store_errors():
            stream = await service.feed.open_feed(
                token_of(request),
                after,
                params["gameType"],
                params["playerId"],
                params["gameId"],
                address,
            )
    except MoveError as exc:
        return problem_of(as_api_error(exc))
    except ApiError as exc:
        return refusal(exc)
    return FeedResponse(stream)
