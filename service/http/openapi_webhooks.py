"""The OpenAPI paths of webhooks and the feed (`service.http.rest_webhooks`,
`service.http.feed_sse`; DESIGN §5d)."""

from __future__ import annotations

from typing import Any

from boardstate.service.contract.announcements import (
    ANNOUNCEMENT_TYPES,
    DESCRIPTIONS,
    announcement_schema,
)
from boardstate.service.http import rest_webhooks as w
from boardstate.service.http.openapi_paths import REF as _REF
from boardstate.service.http.openapi_paths import _json, _op, _param
from boardstate.service.http.openapi_values import POSITION_SCHEMA

ID = _param("id", "path", "The endpoint's id.", {"type": "string"})
DELIVERY = _param("deliveryId", "path", "The delivery's id.", {"type": "string"})
ADMIN = (400, 401, 404, 422, 429, 503)
MODELS = (w.WebhookIn, w.WebhookPatchIn, w.WebhookOut, w.WebhookCreatedOut, w.DeliveryOut)


def _ref(model: type[Any]) -> dict[str, Any]:
    return {"$ref": _REF.format(name=model.__name__)}


def _list(model: type[Any], description: str) -> dict[str, Any]:
    return _json({"type": "array", "items": _ref(model)}, description)


def _filter(name: str, description: str) -> dict[str, Any]:
    return _param(name, "query", description, {"type": "string", "maxLength": 64})


def announcement_name(kind: str) -> str:
    """The component name of an announcement type: `game.created` -> GameCreatedAnnouncement."""
    return "".join(part.title() for part in kind.replace(".", "_").split("_")) + "Announcement"


def announcement_components() -> dict[str, Any]:
    """The announcement bodies as component schemas."""
    return {announcement_name(kind): announcement_schema(kind) for kind in ANNOUNCEMENT_TYPES}


HOOK_HEADERS = [
    _param(name, "header", text, {"type": "string"})
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
    429: ("RATE_LIMITED", "TOO_MANY_STREAMS"),
    503: ("STORE_UNAVAILABLE", "TOO_MANY_STREAMS"),
}
"""As `service.http.feed_sse` answers before the stream starts: 400 for a position that is
none (out-of-range parts included) or a filter too long; 429 `TOO_MANY_STREAMS` for a seat's or
an address's cap, 503 for the process's caps."""

REQUIRED: list[dict[str, list[str]]] = [{"bearerAuth": []}]
"""Every operation here needs a token: the admin's (a seat's for its own game's feed)."""


def webhook_paths() -> dict[str, Any]:
    paths = _paths()
    for item in paths.values():
        for operation in item.values():
            operation["security"] = REQUIRED
    return paths


def _paths() -> dict[str, Any]:
    one = {"200": _json(w.WebhookOut, "The endpoint")}
    return {
        "/v1/webhooks": {
            "post": _op(
                "createWebhook",
                "Registers an endpoint (admin token); the answer shows its secret once",
                {"201": _json(w.WebhookCreatedOut, "The endpoint and its signing secret")},
                ADMIN,
                body=w.WebhookIn,
            ),
            "get": _op(
                "listWebhooks",
                "Every endpoint (admin token)",
                {"200": _list(w.WebhookOut, "The endpoints")},
                ADMIN,
            ),
        },
        "/v1/webhooks/{id}": {
            "get": _op("getWebhook", "One endpoint (admin token)", one, ADMIN, (ID,)),
            "patch": _op(
                "updateWebhook",
                "Changes url, events, gameTypes (null: every type) or paused (admin token)",
                one,
                ADMIN,
                (ID,),
                body=w.WebhookPatchIn,
            ),
            "delete": _op(
                "deleteWebhook",
                "Deletes the endpoint with its queue and delivery log (admin token)",
                {"204": {"description": "Deleted"}},
                ADMIN,
                (ID,),
            ),
        },
        "/v1/webhooks/{id}/deliveries": {
            "get": _op(
                "listWebhookDeliveries",
                "The endpoint's newest deliveries, newest first (admin token)",
                {"200": _list(w.DeliveryOut, "The delivery log")},
                ADMIN,
                (ID, _param("first", "query", "At most 100 (default 20).", POSITION_SCHEMA)),
            )
        },
        "/v1/webhooks/{id}/deliveries/{deliveryId}/resend": {
            "post": _op(
                "resendWebhookDelivery",
                "Queues a delivery again, with the same webhook-id (admin token)",
                {"202": _json(w.DeliveryOut, "The delivery, pending again")},
                ADMIN,
                (ID, DELIVERY),
            )
        },
        "/v1/feed/stream": {
            "get": _op(
                "streamFeed",
                "Announcements of every game as Server-Sent Events (admin token, or a seat "
                "token with its gameId), resumable with Last-Event-ID",
                {
                    "200": {
                        "description": FEED_FORMAT,
                        "content": {"text/event-stream": {"schema": {"type": "string"}}},
                    }
                },
                tuple(FEED_PROBLEMS),
                (
                    _filter("gameType", "Only this game type."),
                    _filter("playerId", "Only games with a seat of this integrator player id."),
                    _filter("gameId", "Only this game (required with a seat token)."),
                    _filter("after", "Start after this position (0: the oldest kept)."),
                    _param(
                        "Last-Event-ID", "header", "Resume after this position.", {"type": "string"}
                    ),
                ),
                only=FEED_PROBLEMS,
            )
        },
    }
