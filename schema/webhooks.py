"""Webhooks and the feed in GraphQL (architecture §5d): admin operations, the `feed` subscription.

Every webhook operation needs the admin token as the bearer (`UNAUTHORIZED` otherwise); the
mutations answer union results with `Rejected` for expected failures, like every mutation.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator
from contextlib import aclosing
from typing import Annotated

import strawberry
from strawberry.scalars import JSON

from boardstate.engine.core.errors import MoveError
from boardstate.schema import decorators as described
from boardstate.schema.context import Info
from boardstate.schema.results import Rejected
from boardstate.service.contract.arguments import text_argument
from boardstate.service.contract.codes import as_api_error
from boardstate.service.contract.webhooks.webhook_ports import (
    CatchUpLimit,
    DeliveryView,
    FeedItem,
    WebhookView,
)


@strawberry.type
class WebhookDelivery:
    """One announcement's delivery to one endpoint (`status`: pending, failed, delivered,
    dead)."""

    id: strawberry.ID
    message_id: str = strawberry.field(description="The `webhook-id` header it is sent with.")
    type: str
    game_id: strawberry.ID
    status: str
    attempts: int
    last_status: int | None
    last_error: str | None
    next_attempt_at: str | None
    created_at: str
    delivered_at: str | None

    @classmethod
    def of(cls, d: DeliveryView) -> WebhookDelivery:
        return cls(
            id=strawberry.ID(d.id),
            message_id=d.message_id,
            type=d.type,
            game_id=strawberry.ID(d.game_id),
            status=d.status,
            attempts=d.attempts,
            last_status=d.last_status,
            last_error=d.last_error,
            next_attempt_at=d.next_attempt_at,
            created_at=d.created_at,
            delivered_at=d.delivered_at,
        )


@strawberry.type
class Webhook:
    """A registered endpoint (its secret is shown once, by `createWebhook`)."""

    id: strawberry.ID
    url: str
    events: list[str]
    game_types: list[str] | None
    paused: bool
    paused_reason: str | None
    created_at: str
    queued: int = strawberry.field(description="Deliveries waiting in its queue.")

    @classmethod
    def of(cls, w: WebhookView) -> Webhook:
        return cls(
            id=strawberry.ID(w.id),
            url=w.url,
            events=list(w.events),
            game_types=None if w.game_types is None else list(w.game_types),
            paused=w.paused,
            paused_reason=w.paused_reason,
            created_at=w.created_at,
            queued=w.queued,
        )

    @described.field("The newest deliveries, newest first (at most 100).")
    async def deliveries(self, info: Info, first: int = 20) -> list[WebhookDelivery]:
        ctx = info.context
        found = await ctx.backend.webhooks.webhook_deliveries(ctx.token, str(self.id), first)
        return [WebhookDelivery.of(d) for d in found]


@strawberry.type
class WebhookCreated:
    webhook: Webhook
    secret: str = strawberry.field(description="The signing secret (`whsec_...`), shown once.")


@strawberry.type
class WebhookUpdated:
    webhook: Webhook


@strawberry.type
class WebhookDeleted:
    id: strawberry.ID


@strawberry.type
class DeliveryQueued:
    delivery: WebhookDelivery


@strawberry.type
class FeedEvent:
    """An announcement of the cross-game feed."""

    position: str = strawberry.field(description="Its feed position: resume with `after`.")
    id: str = strawberry.field(description="The announcement's id (a webhook's `webhook-id`).")
    type: str
    timestamp: str
    data: JSON

    @classmethod
    def of(cls, item: FeedItem) -> FeedEvent:
        a = item.announcement
        return cls(
            position=item.position,
            id=a["id"],
            type=a["type"],
            timestamp=a["timestamp"],
            data=JSON(a["data"]),
        )


CreateWebhookResult = Annotated[WebhookCreated | Rejected, strawberry.union("CreateWebhookResult")]
UpdateWebhookResult = Annotated[WebhookUpdated | Rejected, strawberry.union("UpdateWebhookResult")]
DeleteWebhookResult = Annotated[WebhookDeleted | Rejected, strawberry.union("DeleteWebhookResult")]
ResendDeliveryResult = Annotated[
    DeliveryQueued | Rejected, strawberry.union("ResendDeliveryResult")
]


@strawberry.type
class WebhookQuery:
    @described.field("Every webhook endpoint (admin token).")
    async def webhooks(self, info: Info) -> list[Webhook]:
        ctx = info.context
        try:
            return [Webhook.of(w) for w in await ctx.backend.webhooks.list_webhooks(ctx.token)]
        except MoveError as exc:
            raise as_api_error(exc) from None

    @described.field("One webhook endpoint (admin token); WEBHOOK_NOT_FOUND when unknown.")
    async def webhook(self, info: Info, id: strawberry.ID) -> Webhook:
        ctx = info.context
        try:
            return Webhook.of(await ctx.backend.webhooks.get_webhook(ctx.token, str(id)))
        except MoveError as exc:
            raise as_api_error(exc) from None


@strawberry.type
class WebhookMutation:
    @described.mutation(
        "Registers an endpoint for some announcements (game.created, game.started, "
        "turn.changed, seat.timed_out, game.ended), optionally of some game types only."
    )
    async def create_webhook(
        self, info: Info, url: str, events: list[str], game_types: list[str] | None = None
    ) -> CreateWebhookResult:
        ctx = info.context
        try:
            made, secret = await ctx.backend.webhooks.create_webhook(
                ctx.token, text_argument("url", url, 2000) or "", events, game_types
            )
        except MoveError as exc:
            return Rejected.of(exc)
        return WebhookCreated(webhook=Webhook.of(made), secret=secret)

    @described.mutation(
        "Changes an endpoint; arguments left out stay. `paused: false` resumes a paused "
        "endpoint (its queue is sent in order); `clearGameTypes` drops the type filter."
    )
    async def update_webhook(
        self,
        info: Info,
        id: strawberry.ID,
        url: str | None = None,
        events: list[str] | None = None,
        game_types: list[str] | None = None,
        clear_game_types: bool = False,
        paused: bool | None = None,
    ) -> UpdateWebhookResult:
        changes: dict[str, object] = {}
        if url is not None:
            changes["url"] = text_argument("url", url, 2000)
        if events is not None:
            changes["events"] = events
        if game_types is not None or clear_game_types:
            changes["gameTypes"] = None if clear_game_types else game_types
        if paused is not None:
            changes["paused"] = paused
        ctx = info.context
        try:
            made = await ctx.backend.webhooks.update_webhook(ctx.token, str(id), changes)
        except MoveError as exc:
            return Rejected.of(exc)
        return WebhookUpdated(webhook=Webhook.of(made))

    @described.mutation("Deletes an endpoint with its queue and delivery log.")
    async def delete_webhook(self, info: Info, id: strawberry.ID) -> DeleteWebhookResult:
        ctx = info.context
        try:
            await ctx.backend.webhooks.delete_webhook(ctx.token, str(id))
        except MoveError as exc:
            return Rejected.of(exc)
        return WebhookDeleted(id=id)

    @described.mutation("Queues a delivery again (the same `webhook-id`), e.g. a dead one.")
    async def resend_webhook_delivery(
        self, info: Info, webhook_id: strawberry.ID, delivery_id: strawberry.ID
    ) -> ResendDeliveryResult:
        ctx = info.context
        try:
            made = await ctx.backend.webhooks.resend_delivery(
                ctx.token, str(webhook_id), str(delivery_id)
            )
        except MoveError as exc:
            return Rejected.of(exc)
        return DeliveryQueued(delivery=WebhookDelivery.of(made))


@strawberry.type
class FeedSubscription:
    @described.subscription(
        "The cross-game feed: announcements after the position `after` (from now on without "
        "it), then live ones; filtered by game type, by a seat's integrator `playerId` and by "
        "game. The admin token sees every game; a seat token only its own (give `gameId`). "
        "One subscription reads at most BOARDSTATE_FEED_MAX_CATCH_UP announcements to catch "
        "up; past that it ends with the error CATCH_UP_LIMIT, whose `resumeAfter` is the "
        "`after` to subscribe again with."
    )
    async def feed(
        self,
        info: Info,
        after: str | None = None,
        game_type: str | None = None,
        player_id: str | None = None,
        game_id: strawberry.ID | None = None,
    ) -> AsyncGenerator[FeedEvent, None]:
        ctx = info.context
        try:
            stream = await ctx.backend.feed.open_feed(
                ctx.token,
                text_argument("after", after),
                text_argument("gameType", game_type),
                text_argument("playerId", player_id),
                None if game_id is None else text_argument("gameId", str(game_id)),
                ctx.address,
            )
            async with aclosing(stream):
                async for item in stream:
                    if item is not None:
                        yield FeedEvent.of(item)
        except MoveError as exc:
            raise as_api_error(exc) from None
        except CatchUpLimit as limit:
            raise limit.as_api_error() from None
