"""Webhooks and the feed over REST (architecture §5d); the same operations as GraphQL's.

Admin routes (`Authorization: Bearer <admin token>`): `POST /v1/webhooks` (201 with the secret,
shown once), `GET /v1/webhooks`, `GET|PATCH|DELETE /v1/webhooks/{id}`,
`GET /v1/webhooks/{id}/deliveries?first=`, `POST /v1/webhooks/{id}/deliveries/{deliveryId}/resend`.

`GET /v1/feed/stream` is `service.http.streams.feed_stream`; every route is declared in
`service.http.rest.webhooks.routes`.
"""

from __future__ import annotations

import msgspec
from starlette.requests import Request
from starlette.responses import Response

from boardstate.service.contract.webhooks.webhook_ports import DeliveryView, WebhookView
from boardstate.service.http.rest.base import Body, Out, out_of
from boardstate.service.http.rest.common import (
    endpoint,
    json_response,
    query_int,
    read_body,
    service_of,
    token_of,
)


class WebhookIn(Body):
    url: str
    events: list[str]
    game_types: list[str] | None = None


class WebhookPatchIn(Body):
    url: str | msgspec.UnsetType = msgspec.UNSET
    events: list[str] | msgspec.UnsetType = msgspec.UNSET
    game_types: list[str] | msgspec.UnsetType | None = msgspec.UNSET
    paused: bool | msgspec.UnsetType = msgspec.UNSET


class WebhookOut(Out):
    id: str
    url: str
    events: list[str]
    game_types: list[str] | None
    paused: bool
    paused_reason: str | None
    created_at: str
    queued: int


class WebhookCreatedOut(WebhookOut):
    secret: str


class DeliveryOut(Out):
    id: str
    message_id: str
    type: str
    game_id: str
    status: str
    attempts: int
    last_status: int | None
    last_error: str | None
    next_attempt_at: str | None
    created_at: str
    delivered_at: str | None


def webhook_out(w: WebhookView) -> WebhookOut:
    return out_of(w, WebhookOut)


def delivery_out(d: DeliveryView) -> DeliveryOut:
    return out_of(d, DeliveryOut)


@endpoint
async def create(request: Request) -> Response:
    body = await read_body(request, WebhookIn)
    made, secret = await service_of(request).webhooks.create_webhook(
        token_of(request), body.url, body.events, body.game_types
    )
    out = WebhookCreatedOut(**msgspec.structs.asdict(webhook_out(made)), secret=secret)
    return json_response(out, 201, {"location": f"/v1/webhooks/{made.id}"})


@endpoint
async def listing(request: Request) -> Response:
    found = await service_of(request).webhooks.list_webhooks(token_of(request))
    return json_response([webhook_out(w) for w in found])


@endpoint
async def one(request: Request) -> Response:
    found = await service_of(request).webhooks.get_webhook(
        token_of(request), request.path_params["id"]
    )
    return json_response(webhook_out(found))


@endpoint
async def patch(request: Request) -> Response:
    body = await read_body(request, WebhookPatchIn)
    wire = {"url": "url", "events": "events", "game_types": "gameTypes", "paused": "paused"}
    changes = {
        name: getattr(body, field)
        for field, name in wire.items()
        if getattr(body, field) is not msgspec.UNSET
    }
    service, webhook_id = service_of(request), request.path_params["id"]
    return json_response(
        webhook_out(await service.webhooks.update_webhook(token_of(request), webhook_id, changes))
    )


@endpoint
async def delete(request: Request) -> Response:
    await service_of(request).webhooks.delete_webhook(token_of(request), request.path_params["id"])
    return Response(status_code=204)


@endpoint
async def deliveries(request: Request) -> Response:
    first = query_int(request, "first", 0) or 20
    found = await service_of(request).webhooks.webhook_deliveries(
        token_of(request), request.path_params["id"], first
    )
    return json_response([delivery_out(d) for d in found])


@endpoint
async def resend(request: Request) -> Response:
    params = request.path_params
    made = await service_of(request).webhooks.resend_delivery(
        token_of(request), params["id"], params["deliveryId"]
    )
    return json_response(delivery_out(made), 202)
