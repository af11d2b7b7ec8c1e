"""The declarations of the webhook routes and the feed (architecture §5d; handlers in
`service.http.rest.webhooks.handlers` and `service.http.streams.feed_stream`): one `ApiRoute` each
(`service.http.rest.route`); every one needs a token (`REQUIRED`)."""

from __future__ import annotations

from typing import Any

from boardstate.service.contract.work_costs import MAX_DELIVERIES, WRITE
from boardstate.service.http.openapi.webhooks import FEED_FORMAT, FEED_PROBLEMS
from boardstate.service.http.rest.prices import Price
from boardstate.service.http.rest.route import REQUIRED, ApiRoute, Param, json_answer, json_list
from boardstate.service.http.rest.values import POSITION_SCHEMA
from boardstate.service.http.rest.webhooks import handlers as h
from boardstate.service.http.streams.feed_stream import feed_stream

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


URL_REFUSALS = ("BAD_WEBHOOK",)
"""A URL whose host resolves to a private address (what its name cannot show)."""

WEBHOOK_ROUTES: tuple[ApiRoute, ...] = (
    ApiRoute(
        method="POST",
        path="/v1/webhooks",
        handler=h.create,
        operation_id="createWebhook",
        summary="Registers an endpoint (admin token); the answer shows its secret once",
        ok={"201": json_answer(h.WebhookCreatedOut, "The endpoint and its signing secret")},
        price=Price(WRITE + 10),
        errors=ADMIN,
        refusals=URL_REFUSALS,
        body=h.WebhookIn,
        security=REQUIRED,
    ),
    ApiRoute(
        method="GET",
        path="/v1/webhooks",
        handler=h.listing,
        operation_id="listWebhooks",
        summary="Every endpoint (admin token)",
        ok={"200": json_list(h.WebhookOut, "The endpoints")},
        price=Price(860),
        errors=ADMIN,
        security=REQUIRED,
    ),
    ApiRoute(
        method="GET",
        path="/v1/webhooks/{id}",
        handler=h.one,
        operation_id="getWebhook",
        summary="One endpoint (admin token)",
        ok=ONE,
        price=Price(68),
        errors=ADMIN,
        params=(ID,),
        security=REQUIRED,
    ),
    ApiRoute(
        method="PATCH",
        path="/v1/webhooks/{id}",
        handler=h.patch,
        operation_id="updateWebhook",
        summary="Changes url, events, gameTypes (null: every type) or paused (admin token)",
        ok=ONE,
        price=Price(WRITE + 10),
        errors=ADMIN,
        refusals=URL_REFUSALS,
        params=(ID,),
        body=h.WebhookPatchIn,
        security=REQUIRED,
    ),
    ApiRoute(
        method="DELETE",
        path="/v1/webhooks/{id}",
        handler=h.delete,
        operation_id="deleteWebhook",
        summary="Deletes the endpoint with its queue and delivery log (admin token)",
        ok={"204": {"description": "Deleted"}},
        price=Price(WRITE + 2),
        errors=ADMIN,
        params=(ID,),
        security=REQUIRED,
    ),
    ApiRoute(
        method="GET",
        path="/v1/webhooks/{id}/deliveries",
        handler=h.deliveries,
        operation_id="listWebhookDeliveries",
        summary="The endpoint's newest deliveries, newest first (admin token)",
        ok={"200": json_list(h.DeliveryOut, "The delivery log")},
        price=Price(120, 11, "first", MAX_DELIVERIES, 20),
        errors=ADMIN,
        params=(ID, Param("first", "query", "At most 100 (default 20).", POSITION_SCHEMA)),
        security=REQUIRED,
    ),
    ApiRoute(
        method="POST",
        path="/v1/webhooks/{id}/deliveries/{deliveryId}/resend",
        handler=h.resend,
        operation_id="resendWebhookDelivery",
        summary="Queues a delivery again, with the same webhook-id (admin token)",
        ok={"202": json_answer(h.DeliveryOut, "The delivery, pending again")},
        price=Price(WRITE + 12),
        errors=ADMIN,
        params=(ID, DELIVERY),
        security=REQUIRED,
    ),
    ApiRoute(
        method="GET",
        path="/v1/feed/stream",
        handler=feed_stream,
        operation_id="streamFeed",
        summary="Announcements of every game as Server-Sent Events (admin token, or a seat "
        "token with its gameId), resumable with Last-Event-ID",
        ok=STREAM,
        price=Price(6),
        errors=tuple(FEED_PROBLEMS),
        params=(
            _filter("gameType", "Only this game type."),
            _filter("playerId", "Only games with a seat of this integrator player id."),
            _filter("gameId", "Only this game (required with a seat token)."),
            _filter("after", "Start after this position (0: the oldest kept)."),
            Param("Last-Event-ID", "header", "Resume after this position.", {"type": "string"}),
        ),
        only=FEED_PROBLEMS,
        refusals=("BAD_FEED_FILTER",),  # a seat token follows its own game only
        security=REQUIRED,
    ),
)
"""In the document's order."""
