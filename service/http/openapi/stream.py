"""The Server-Sent Events operation's parts of the OpenAPI document
(`GET /v1/games/{id}/events/stream`, `service.http.streams.game_stream`), used by its declaration
(`service.http.rest.games.routes`)."""

from __future__ import annotations

from typing import Any

STREAM_FORMAT = (
    "A Server-Sent Events stream: catch-up after the start, then live, "
    "redacted for the caller, as the `gameEvents` subscription. Each event is one message of "
    "three lines and a blank line: `id: <version>`, `event: <event type>`, `data: <the event "
    "as JSON on one line: version, type, seat, moveId, data, at, stateHash, move, and header: the "
    "game just after the event (version, status, toAct, deadline, deadlines, result; with "
    "`withState=true` the caller's state view as `state`)>`. While idle, "
    "a `: keep-alive` comment every BOARDSTATE_SSE_KEEPALIVE_SECONDS (15). The stream ends after "
    "`GameEnded`; when the server shuts down, its last message is `retry: 1000`, "
    '`event: shutdown`, `data: {"resumeAfterVersion": N}` (reconnect with `Last-Event-ID: N`).'
)
STREAM_EXAMPLE = (
    "id: 5\nevent: TurnStarted\ndata: "
    '{"version":5,"type":"TurnStarted","seat":0,"moveId":"m-1","data":{"seat":1,"turn":3},'
    '"at":"2026-01-01T00:00:00Z","stateHash":"ab12","move":null,"header":{"version":5,'
    '"status":"ACTIVE","toAct":[1],"deadline":null,"deadlines":[],"result":null,'
    '"state":null}}\n\n'
)
STREAM_PROBLEMS: dict[int, tuple[str, ...]] = {
    400: ("BAD_REQUEST", "BAD_VERSION"),
    401: ("UNAUTHORIZED",),
    404: ("GAME_NOT_FOUND",),
    429: ("RATE_LIMITED", "TOO_MANY_STREAMS"),
    503: ("STORE_UNAVAILABLE", "TOO_MANY_STREAMS"),
}
"""As `service.http.streams.game_stream` answers before the stream starts: 429 `TOO_MANY_STREAMS`
for a seat's or an address's cap, 503 for the process's."""

MESSAGE_SCHEMA: dict[str, Any] = {
    "description": "One message of the stream (OpenAPI 3.1 has no `itemSchema`; as tools read "
    "it before 3.2, the schema of a `text/event-stream` describes each message): `data` is an "
    "event as JSON with the game's header after it (`StreamEventOut`), or the `shutdown` "
    "message's `resumeAfterVersion`.",
    "type": "object",
    "properties": {
        "id": {"type": "string", "pattern": "^[0-9]{1,12}$"},
        "event": {"type": "string", "minLength": 1},
        "data": {
            "type": "string",
            "contentMediaType": "application/json",
            "contentSchema": {
                "oneOf": [
                    {"$ref": "#/components/schemas/StreamEventOut"},
                    {
                        "type": "object",
                        "properties": {"resumeAfterVersion": {"type": "integer"}},
                        "required": ["resumeAfterVersion"],
                    },
                ]
            },
        },
        "retry": {"type": "integer", "minimum": 0},
    },
    "required": ["event", "data"],
}
"""One Server-Sent Events message as a client's parser sees it (`id`, `event`, `data`,
`retry`); schemathesis checks each message of a stream against it (SSE conformance). The
route declares it (`ApiRoute.stream_item`); the document writes it as the `itemSchema` of the
`text/event-stream` answer."""

STREAM_OK: dict[str, Any] = {
    "200": {
        "description": STREAM_FORMAT,
        "content": {
            "text/event-stream": {
                "schema": {"description": "The whole stream (as OpenAPI 3.2 reads `schema`)"},
                "example": STREAM_EXAMPLE,
            }
        },
    },
    "204": {
        "description": "The game has ended and the request starts at its last version: nothing "
        "more will come (an EventSource stops reconnecting)"
    },
}
LAST_EVENT_ID = (
    "The `id` of the last event received (an EventSource sends it when it reconnects); wins "
    "over `afterVersion`."
)
LAST_EVENT_ID_SCHEMA = {"type": "string", "pattern": "^[0-9]{0,12}$"}
POSITION_SCHEMA = {"type": "integer", "minimum": 0, "maximum": 10**12 - 1}
"""A stream's `afterVersion`: at most 12 digits, as `Last-Event-ID`
(`service.http.streams.game_stream`)."""
WITH_STATE = (
    "`true`: each event's `header.state` is the caller's state view after it (the seat of the "
    "bearer token, else the spectator view), redacted as `GET /v1/games/{id}/state` redacts it."
)
WITH_STATE_SCHEMA = {"type": "boolean", "default": False}
