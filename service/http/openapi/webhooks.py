"""Webhooks in the OpenAPI document: the outgoing `webhooks` (what a registered endpoint
receives), the announcement components and the feed stream's texts (its routes are declared in
`service.http.rest.webhooks.routes`; architecture §5d)."""

from __future__ import annotations

from typing import Any

from boardstate.service.contract.webhooks.announcements import (
    ANNOUNCEMENT_TYPES,
    DESCRIPTIONS,
    announcement_schema,
)
from boardstate.service.http.rest.route import REF as _REF
from boardstate.service.http.rest.route import Param
from boardstate.service.http.rest.webhooks import handlers as w

MODELS = (w.WebhookIn, w.WebhookPatchIn, w.WebhookOut, w.WebhookCreatedOut, w.DeliveryOut)


def announcement_name(kind: str) -> str:
    """The component name of an announcement type: `game.created` -> GameCreatedAnnouncement."""
    return "".join(part.title() for part in kind.replace(".", "_").split("_")) + "Announcement"


def announcement_components() -> dict[str, Any]:
    """The announcement bodies as component schemas."""
    return {announcement_name(kind): announcement_schema(kind) for kind in ANNOUNCEMENT_TYPES}


HOOK_HEADERS = [
    Param(name, "header", text, {"type": "string"}).openapi()
    for name, text in (
        ("webhook-id", "The message id: the same on every attempt (deduplicate by it)."),
        ("webhook-timestamp", "Unix seconds of this attempt."),
        ("webhook-signature", "v1,<base64 HMAC-SHA256 of id.timestamp.body>."),
    )
]


def _webhook(kind: str) -> dict[str, Any]:
    name = announcement_name(kind)
    body = {"schema": {"$ref": _REF.format(name=name)}}
    return {
        "post": {
            "operationId": name[0].lower() + name[1:],
            "summary": DESCRIPTIONS[kind],
            "parameters": HOOK_HEADERS,
            "requestBody": {"required": True, "content": {"application/json": body}},
            "responses": {"2XX": {"description": "Received; anything else is retried"}},
        }
    }


def outgoing_webhooks() -> dict[str, Any]:
    """The OpenAPI 3.1 `webhooks`: what a registered endpoint receives, per announcement type,
    signed per Standard Webhooks (docs/webhooks.md)."""
    return {kind: _webhook(kind) for kind in ANNOUNCEMENT_TYPES}


FEED_FORMAT = (
    "`id: <position>`, `event: <type>`, `data: <JSON>` per announcement; `: keep-alive` "
    "comments while idle. A stream that read BOARDSTATE_FEED_MAX_CATCH_UP announcements "
    "without catching up with the feed ends with `retry: 1000`, `id: <position>`, "
    '`event: resume`, `data: {"resumeAfter": "<position>", "limit": N}`: reconnect with '
    "`Last-Event-ID: <position>` to read on (an EventSource does so by itself)."
)
FEED_PROBLEMS: dict[int, tuple[str, ...]] = {
    400: ("BAD_FEED_FILTER",),
    401: ("UNAUTHORIZED",),
    404: ("UNKNOWN_GAME_TYPE",),
    429: ("RATE_LIMITED", "TOO_MANY_STREAMS"),
    503: ("STORE_UNAVAILABLE", "TOO_MANY_STREAMS"),
}
"""As `service.http.streams.feed_stream` answers before the stream starts: 400 for a position that
is none (out-of-range parts included) or a filter too long; 404 for a `gameType` no installed
package serves and no stored game has; 429 `TOO_MANY_STREAMS` for a seat's or
an address's cap, 503 for the process's caps."""
