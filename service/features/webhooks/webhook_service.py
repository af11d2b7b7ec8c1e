"""The webhook admin operations (architecture §5d), for both doors; admin token.

An endpoint is `{url, events, gameTypes}`: `events` names the announcements it wants
(`service.log.announce.EVENT_NAMES`), `gameTypes` limits them to some game types (None: all).
Registration answers its signing secret once (`whsec_` + 32 random bytes, base64). At most
`MAX_ENDPOINTS` endpoints exist at once. Sending: `service.features.webhooks.webhook_sender`.
"""

from __future__ import annotations

import base64
import secrets
import time
from typing import Any

from boardstate.engine import registry
from boardstate.service.contract.webhooks.webhook_ports import DeliveryView, WebhookView
from boardstate.service.failures import Unauthorized
from boardstate.service.features.webhooks.webhook_failures import (
    BadWebhook,
    DeliveryNotFound,
    WebhookNotFound,
)
from boardstate.service.features.webhooks.webhook_resolver import Resolver
from boardstate.service.features.webhooks.webhook_targets import TargetRefused
from boardstate.service.log import clocks
from boardstate.service.log.announce import EVENT_NAMES
from boardstate.service.runtime.seat_tokens import admin_needed, admin_token_matches
from boardstate.service.runtime.store_failures import store_errors
from boardstate.service.store.work.webhook_store import RedisWebhooks

MAX_ENDPOINTS = 100
MAX_DELIVERIES_PAGE = 100


def iso_ms(ms: int | None) -> str | None:
    """The ISO text (as events' `at`) of a time in ms, or None when unset (0 or None)."""
    return clocks.ms_iso(ms) if ms else None


def webhook_view(endpoint: dict[str, Any], queued: int) -> WebhookView:
    types = endpoint.get("gameTypes")
    return WebhookView(
        id=endpoint["id"],
        url=endpoint["url"],
        events=tuple(endpoint["events"]),
        game_types=None if types is None else tuple(types),
        paused=bool(endpoint.get("paused")),
        paused_reason=endpoint.get("pausedReason"),
        created_at=iso_ms(endpoint["createdAt"]) or "",
        queued=queued,
    )


def delivery_view(d: dict[str, Any]) -> DeliveryView:
    return DeliveryView(
        id=d["id"],
        message_id=d["messageId"],
        type=d["type"],
        game_id=d["gameId"],
        status=d["status"],
        attempts=d["attempts"],
        last_status=d["lastStatus"],
        last_error=d["lastError"],
        next_attempt_at=iso_ms(d["nextAt"]) if d["status"] == "failed" else None,
        created_at=iso_ms(d["createdAt"]) or "",
        delivered_at=iso_ms(d["deliveredAt"]),
    )


def _events(events: Any) -> list[str]:
    if not isinstance(events, list) or not events or len(events) > len(EVENT_NAMES):
        raise BadWebhook(
            f"events: a non-empty list of {', '.join(EVENT_NAMES)}", {"field": "events"}
        )
    unknown = [e for e in events if e not in EVENT_NAMES]
    if unknown:
        raise BadWebhook(f"events: unknown {unknown[:3]!r}", {"field": "events"})
    return sorted(set(events), key=EVENT_NAMES.index)


def _game_types(types: Any) -> list[str] | None:
    if types is None:
        return None
    if not isinstance(types, list) or not types or len(types) > len(registry.GAMES):
        raise BadWebhook(
            "gameTypes: null or a non-empty list of game types", {"field": "gameTypes"}
        )
    unknown = [t for t in types if t not in registry.GAMES]
    if unknown:
        raise BadWebhook(f"gameTypes: unknown {unknown[:3]!r}", {"field": "gameTypes"})
    return sorted(set(types))


class WebhookService:
    """Endpoint registration, changes, the delivery log and resends."""

    def __init__(
        self,
        webhooks: RedisWebhooks,
        resolver: Resolver,
        allow_private_targets: bool,
        admin_token: str | None,
    ) -> None:
        self.webhooks = webhooks
        self.resolver = resolver
        self.allow_private_targets = allow_private_targets
        self.admin_token = admin_token

    def _admin_only(self, token: str | None) -> None:
        if not admin_token_matches(self.admin_token, token):
            raise Unauthorized(admin_needed("webhooks need", self.admin_token))

    async def _target(self, url: Any) -> str:
        try:
            await self.resolver.target(url, self.allow_private_targets)
        except TargetRefused as exc:
            raise BadWebhook(f"url: {exc}", {"field": "url"}) from None
        return str(url)

    async def _endpoint(self, webhook_id: str) -> dict[str, Any]:
        found = await self.webhooks.endpoint(webhook_id[:64])
        if found is None:
            raise WebhookNotFound(f"no webhook {webhook_id[:64]!r}")
        return found

    async def _view(self, endpoint: dict[str, Any]) -> WebhookView:
        return webhook_view(endpoint, await self.webhooks.queued(endpoint["id"]))

    async def create_webhook(
        self, token: str | None, url: str, events: list[str], game_types: list[str] | None
    ) -> tuple[WebhookView, str]:
        self._admin_only(token)
        endpoint = {
            "id": f"wh_{secrets.token_urlsafe(12)}",
            "url": await self._target(url),
            "events": _events(events),
            "gameTypes": _game_types(game_types),
            "secret": "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode(),
            "paused": False,
            "pausedReason": None,
            "createdAt": int(time.time() * 1000),
        }
        with store_errors():
            if len(await self.webhooks.endpoints()) >= MAX_ENDPOINTS:
                raise BadWebhook(f"at most {MAX_ENDPOINTS} endpoints", {"field": "id"})
            await self.webhooks.save(endpoint)
            return await self._view(endpoint), str(endpoint["secret"])

    async def list_webhooks(self, token: str | None) -> list[WebhookView]:
        self._admin_only(token)
        with store_errors():
            return [await self._view(e) for e in await self.webhooks.endpoints()]

    async def get_webhook(self, token: str | None, webhook_id: str) -> WebhookView:
        self._admin_only(token)
        with store_errors():
            return await self._view(await self._endpoint(webhook_id))

    async def update_webhook(
        self, token: str | None, webhook_id: str, changes: dict[str, Any]
    ) -> WebhookView:
        self._admin_only(token)
        with store_errors():
            endpoint = dict(await self._endpoint(webhook_id))
            if "url" in changes:
                endpoint["url"] = await self._target(changes["url"])
            if "events" in changes:
                endpoint["events"] = _events(changes["events"])
            if "gameTypes" in changes:
                endpoint["gameTypes"] = _game_types(changes["gameTypes"])
            if "paused" in changes:
                if not isinstance(changes["paused"], bool):
                    raise BadWebhook("paused: true or false", {"field": "paused"})
                endpoint["paused"] = changes["paused"]
                endpoint["pausedReason"] = "paused by an admin" if changes["paused"] else None
            await self.webhooks.save(endpoint)
            return await self._view(endpoint)

    async def delete_webhook(self, token: str | None, webhook_id: str) -> None:
        self._admin_only(token)
        with store_errors():
            await self._endpoint(webhook_id)
            await self.webhooks.remove(webhook_id)

    async def webhook_deliveries(
        self, token: str | None, webhook_id: str, first: int
    ) -> list[DeliveryView]:
        self._admin_only(token)
        with store_errors():
            await self._endpoint(webhook_id)
            limit = max(1, min(first, MAX_DELIVERIES_PAGE))
            return [delivery_view(d) for d in await self.webhooks.log(webhook_id, limit)]

    async def resend_delivery(
        self, token: str | None, webhook_id: str, delivery_id: str
    ) -> DeliveryView:
        self._admin_only(token)
        with store_errors():
            await self._endpoint(webhook_id)
            delivery = await self.webhooks.delivery(delivery_id[:64])
            if delivery is None or delivery["endpointId"] != webhook_id:
                raise DeliveryNotFound(f"no delivery {delivery_id[:64]!r} of {webhook_id[:64]!r}")
            delivery.update(status="pending", attempts=0, nextAt=0, lastError=None)
            await self.webhooks.requeue(delivery, int(time.time() * 1000))
            return delivery_view(delivery)
