"""`GET /v1/games/{id}/events/stream`: a game's events as Server-Sent Events (architecture §5b).

The stream is `LiveEvents.open_game_events` (the same stream as the `gameEvents`
subscription: catch-up, then live, redacted for the caller, counted against the same caps),
encoded as `text/event-stream`:

* every event is `id: <version>`, `event: <type>`, `data: <event JSON>` (the GraphQL `Event`:
  `version, type, seat, moveId, data, at, stateHash, move`, and `header`: the game just after
  the event, `features.live.stream_headers`; with `withState=true` the header's `state` is the
  caller's state view, redacted as the state route redacts it for the same token);
* it starts after `afterVersion` (exclusive, default 0) or after the `Last-Event-ID` header. The
  header wins: a browser's `EventSource` reconnects to the same URL (with the first
  `afterVersion`) and sends the `id` of the last event it received, which is where it must go on;
* the caller is a seat with `Authorization: Bearer <seat token>`, else a spectator; a token that
  is not a seat token of this game is a 401 before the stream starts;
* while idle, a `: keep-alive` comment every `BOARDSTATE_SSE_KEEPALIVE_SECONDS` (15);
* it ends after `GameEnded`. A request after the end of a finished game (`Last-Event-ID` or
  `afterVersion` at its last version) is answered `204 No Content`, which tells an
  `EventSource` to stop reconnecting;
* when the server shuts down (`service.http.edge.shutdown`), the last message is
  `event: shutdown`, `data: {"resumeAfterVersion": N}` with `retry: 1000`; the stream then ends.
  N is the version of the last event sent (or where the stream started); an `EventSource`
  reconnects by itself with `Last-Event-ID: N` (through the balancer, to another replica).

Refusals before the stream starts are `application/problem+json` (RFC 9457): 400 `BAD_VERSION`
(`afterVersion` or `Last-Event-ID` is not a version), 400 `BAD_REQUEST` (`withState` is not
`true` or `false`), 401 `UNAUTHORIZED`, 404 `GAME_NOT_FOUND`,
429 `TOO_MANY_STREAMS` for the caps of a seat or a client address (the caller holds too many
streams: close one, then retry), 503 `TOO_MANY_STREAMS` for the process's caps (this replica is
full: retry, perhaps elsewhere), 503 `STORE_UNAVAILABLE`; 429 and 503 carry `Retry-After`.
A client that goes away ends its stream at once: the subscription and its slot are released.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Awaitable

import msgspec
from starlette.requests import Request
from starlette.responses import Response

from boardstate.engine.core.errors import UNAUTHORIZED, MoveError
from boardstate.service.composition import Service
from boardstate.service.contract.codes import (
    BAD_REQUEST,
    BAD_VERSION,
    GAME_NOT_FOUND,
    TOO_MANY_STREAMS,
    ApiError,
    as_api_error,
)
from boardstate.service.contract.ports import EventView
from boardstate.service.contract.tokens import bearer_token
from boardstate.service.features.live.deliveries import Batch, finish
from boardstate.service.features.live.event_streams import EventStream
from boardstate.service.features.live.stream_limits import PROCESS_SCOPES
from boardstate.service.http.edge.problems import problem_of, problem_response
from boardstate.service.http.streams.sse_response import MEDIA_TYPE, Body, SseResponse
from boardstate.service.http.streams.stream_models import stream_event_out
from boardstate.service.inputs import echo
from boardstate.service.runtime.callers import caller_address
from boardstate.service.runtime.store_failures import store_errors

STREAM_PATH = "/v1/games/{game_id}/events/stream"
RETRY_MS = 1000
"""The `retry:` hint of the shutdown event: reconnect after a second."""
RETRY_AFTER_S = 5
"""`Retry-After` of a stream refused for a cap."""
MAX_VERSION_DIGITS = 12


def problem(code: str, detail: str) -> Response:
    """A refusal before the stream starts: the `/v1` problem+json answer for `code`."""
    return problem_response(code, detail, retry_after=RETRY_AFTER_S)


def refusal(exc: ApiError) -> Response:
    """A typed failure as `/v1` answers it; a full process (not this client) is a 503."""
    scope = exc.extensions.get("scope")
    process_full = exc.code == TOO_MANY_STREAMS and scope in PROCESS_SCOPES
    return problem_of(exc, 503 if process_full else None, RETRY_AFTER_S)


def _version(raw: str | None, name: str) -> int | None:
    """A version from a query parameter or header: digits only; None when absent."""
    if raw is None:
        return None
    raw = raw.strip()
    if not raw.isascii() or not raw.isdigit() or len(raw) > MAX_VERSION_DIGITS:
        raise ValueError(f"{name} must be a version (a whole number of at most 12 digits)")
    return int(raw)


def encode_event(view: EventView) -> bytes:
    """One SSE message: `id`, `event`, one `data` line (compact JSON has no newlines)."""
    data = msgspec.json.encode(stream_event_out(view))  # the REST `Event`, with its `header`
    return b"id: %d\nevent: %s\ndata: %s\n\n" % (view.version, view.type.encode(), data)


class EventStreamResponse(SseResponse):
    """Streams an opened `EventStream`: each event framed once per view, shared by every
    subscriber of that view (`PreparedEvent.encoded`), written by the fanout of the view once
    caught up (`EventStream.deliver`); ends after `GameEnded`."""

    def __init__(self, stream: EventStream, start: int, keepalive_s: float) -> None:
        super().__init__(stream, keepalive_s)
        self.events = stream
        self.last = start
        """The version of the last event written (the shutdown message's resume position)."""

    async def pump(self, body: Body) -> None:
        await self.events.deliver(self.write)

    def write(self, batch: Batch) -> Awaitable[None] | None:
        """Writes a batch's messages in one chunk (`step`: no task switch when the transport
        takes it); `last` moves once they are written."""
        pending = self.write_now(batch.encoded("sse", encode_event))
        version = batch.last.version
        if pending is None:
            self.last = version
            return None
        return finish(pending, functools.partial(setattr, self, "last", version))

    def shutdown(self) -> bytes:
        data = json.dumps({"resumeAfterVersion": self.last})
        return f"retry: {RETRY_MS}\nevent: shutdown\ndata: {data}\n\n".encode()


async def event_stream(request: Request) -> Response:
    """`GET /v1/games/{id}/events/stream?afterVersion=`: see the module's documentation."""
    service: Service = request.state.service
    game_id = request.path_params["game_id"]
    try:
        after = _version(request.query_params.get("afterVersion"), "afterVersion")
        # An empty Last-Event-ID is "no event yet" (the SSE standard's initial value).
        resume = _version(request.headers.get("last-event-id") or None, "Last-Event-ID")
    except ValueError as exc:
        return problem(BAD_VERSION, str(exc))
    with_state = request.query_params.get("withState", "false")
    if with_state not in ("true", "false"):
        return problem(BAD_REQUEST, "withState must be `true` or `false`")
    start = resume if resume is not None else (after or 0)
    authorization = request.headers.get("authorization")
    token = bearer_token(authorization)
    if authorization is not None and token is None:
        return problem(UNAUTHORIZED, "Authorization must be `Bearer <seat token>`")
    address = caller_address(request.client.host if request.client else None)
    try:
        with store_errors():  # what answers without a stream slot: 404, 401, 204, HEAD
            record = await service.games.loader.load(game_id)
            if record is None:
                return problem(GAME_NOT_FOUND, f"no game {echo(game_id)}")
            if token is not None and await service.games.viewer_of(record, token) is None:
                return problem(UNAUTHORIZED, "the token is not a seat token of this game")
        if record.result is not None and start >= record.version:
            return Response(status_code=204)
        if request.method == "HEAD":
            return Response(media_type=MEDIA_TYPE)
        stream = await service.live.open_game_events(
            game_id, start, token, address, with_state == "true"
        )
    except MoveError as exc:
        return refusal(as_api_error(exc))
    except ApiError as exc:
        return refusal(exc)
    return EventStreamResponse(stream, start, service.settings.sse_keepalive_seconds)
