"""The declarations of the webhook routes and the feed (DESIGN §5d; handlers in
`service.http.rest_webhooks` and `service.http.feed_sse`): one `ApiRoute` each
(`service.http.api_route`); every one needs a token (`REQUIRED`)."""

from __future__ import annotations

from typing import Any

from boardstate.schema.field_costs import MAX_DELIVERIES, WRITE
from boardstate.service.http import rest_webhooks as h
from boardstate.service.http.api_route import REQUIRED, ApiRoute, Param, json_answer, json_list
from boardstate.service.http.feed_sse import feed_stream
from boardstate.service.http.openapi_values import POSITION_SCHEMA
from boardstate.service.http.openapi_webhooks import FEED_FORMAT, FEED_PROBLEMS
from boardstate.service.http.rest_prices import Price

ID = Param("id", "path", "The endpoint's id.", {"type": "string"})
DELIVERY = Param("deliveryId", "path", "The delivery's id.", {"type": "string"})
ADMIN = (400, 401, 404, 422, 429, 503)
ONE = {"200": json_answer(h.WebhookOut, "The endpoint")}
STREAM: dict[str, Any] = {
    "200": {
        "description": FEED_FORMAT,
        "content": {"text/event-stream": {"schema": {"type": "string"}}},
    }
}


def _filter(name: str, description: str) -> Param:
    return Param(name, "query", description, {"type": "string", "maxLength": 64})


WEBHOOK_ROUTES: tuple[ApiRoute, ...] = (
    ApiRoute(
        "POST", "/v1/webhooks", h.create, "createWebhook",
        "Registers an endpoint (admin token); the answer shows its secret once",
        {"201": json_answer(h.WebhookCreatedOut, "The endpoint and its signing secret")},
        Price(WRITE + 10), ADMIN, body=h.WebhookIn, security=REQUIRED,
    ),
    ApiRoute(
        "GET", "/v1/webhooks", h.listing, "listWebhooks", "Every endpoint (admin token)",
        {"200": json_list(h.WebhookOut, "The endpoints")}, Price(860), ADMIN, security=REQUIRED,
    ),
    ApiRoute(
        "GET", "/v1/webhooks/{id}", h.one, "getWebhook", "One endpoint (admin token)",
        ONE, Price(68), ADMIN, (ID,), security=REQUIRED,
    ),
    ApiRoute(
        "PATCH", "/v1/webhooks/{id}", h.patch, "updateWebhook",
        "Changes url, events, gameTypes (null: every type) or paused (admin token)",
        ONE, Price(WRITE + 10), ADMIN, (ID,), body=h.WebhookPatchIn, security=REQUIRED,
    ),
    ApiRoute(
        "DELETE", "/v1/webhooks/{id}", h.delete, "deleteWebhook",
        "Deletes the endpoint with its queue and delivery log (admin token)",
        {"204": {"description": "Deleted"}}, Price(WRITE + 2), ADMIN, (ID,), security=REQUIRED,
    ),
    ApiRoute(
        "GET", "/v1/webhooks/{id}/deliveries", h.deliveries, "listWebhookDeliveries",
        "The endpoint's newest deliveries, newest first (admin token)",
        {"200": json_list(h.DeliveryOut, "The delivery log")},
        Price(120, 11, "first", MAX_DELIVERIES, 20), ADMIN,
        (ID, Param("first", "query", "At most 100 (default 20).", POSITION_SCHEMA)),
        security=REQUIRED,
    ),
    ApiRoute(
        "POST", "/v1/webhooks/{id}/deliveries/{deliveryId}/resend", h.resend,
        "resendWebhookDelivery", "Queues a delivery again, with the same webhook-id (admin token)",
        {"202": json_answer(h.DeliveryOut, "The delivery, pending again")},
        Price(WRITE + 12), ADMIN, (ID, DELIVERY), security=REQUIRED,
    ),
    ApiRoute(
        "GET", "/v1/feed/stream", feed_stream, "streamFeed",
        "Announcements of every game as Server-Sent Events (admin token, or a seat "
        "token with its gameId), resumable with Last-Event-ID",
        STREAM, Price(6), tuple(FEED_PROBLEMS),
        (
            _filter("gameType", "Only this game type."),
            _filter("playerId", "Only games with a seat of this integrator player id."),
            _filter("gameId", "Only this game (required with a seat token)."),
            _filter("after", "Start after this position (0: the oldest kept)."),
            Param("Last-Event-ID", "header", "Resume after this position.", {"type": "string"}),
        ),
        only=FEED_PROBLEMS, security=REQUIRED,
    ),
)  # fmt: skip
"""In the document's order."""
