"""`GET /v1/players/me/stream`: a player's own stream as Server-Sent Events (architecture §5e).

`Authorization: Bearer <player token>`; one message per event: `id: <stream id>`,
`event: <kind>` (`turn`, `game.started`, `game.ended`, `takeback.requested`, `challenge`,
`seek.matched`, `rating.changed`), `data: {id, kind, at, data}` (`docs/players.md`). It
resumes after `Last-Event-ID` (or `?after=`; `0`: from the oldest kept; without either: from
now on), sends `: keep-alive` comments while idle and ends when the client leaves or the server
stops (`event: shutdown` with `retry:`; an `EventSource` reconnects, to any replica, with its
`Last-Event-ID`). An open stream re-checks its token every 15 s: once the token was revoked,
retired by a refresh (after the overlap) or expired, the stream ends with a comment
`: closed: PLAYER_TOKEN_INVALID (<reason>)`; reconnecting with that token gets the 401.

Refusals before the stream starts are `application/problem+json`: 400 `BAD_FEED_FILTER` (a
position that is no stream id, or after the newest event and in the future), 401
`PLAYER_TOKEN_REQUIRED` / `PLAYER_TOKEN_INVALID`, 429 `TOO_MANY_STREAMS` for the caps of the
player or the address, 503 for the process's, 503 `STORE_UNAVAILABLE`.
"""

from __future__ import annotations

import json

import structlog
from starlette.requests import Request
from starlette.responses import Response

from boardstate.engine.core.errors import MoveError
from boardstate.service.contract.codes import ApiError, as_api_error
from boardstate.service.contract.players.player_stream_ports import PlayerItem
from boardstate.service.features.live.slot_streams import SlotStream
from boardstate.service.http.rest.common import service_of, token_of
from boardstate.service.http.streams.game_stream import refusal
from boardstate.service.http.streams.sse_response import KEEPALIVE, Body, SseResponse
from boardstate.service.runtime.callers import caller_address
from boardstate.service.runtime.store_failures import store_errors

RETRY_MS = 1000

log = structlog.get_logger("boardstate.subscriptions")


def encode_item(item: PlayerItem) -> bytes:
    """One SSE message of a player's stream."""
    data = json.dumps(item.to_dict(), separators=(",", ":")).encode()
    return b"id: %s\nevent: %s\ndata: %s\n\n" % (item.id.encode(), item.kind.encode(), data)


def ended_comment(error: MoveError) -> bytes:
    """The comment a stream whose token stopped being valid ends with (a client reconnecting
    with that token gets the typed 401)."""
    reason = error.details.get("reason", "")
    return f": closed: {error.code} ({reason}): {error.message}\n\n".encode()


class PlayerStreamResponse(SseResponse):
    """Streams an opened player stream (its items include its keep-alives) until the client
    leaves or the server stops."""

    def __init__(self, stream: SlotStream[PlayerItem | None]) -> None:
        super().__init__(stream)
        self.items = stream

    async def pump(self, body: Body) -> None:
        try:
            async for item in self.items:
                await body(KEEPALIVE if item is None else encode_item(item))
        except MoveError as exc:  # its token was revoked, retired or expired meanwhile
            await body(ended_comment(exc))
        except Exception:  # the store or the hub failing: the stream ends cleanly
            log.info("player_stream_ended", exc_info=True)

    def shutdown(self) -> bytes:
        return f"retry: {RETRY_MS}\nevent: shutdown\ndata: {{}}\n\n".encode()


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
