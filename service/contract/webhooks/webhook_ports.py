"""What the webhook admin API and the feed need from the backend (architecture §5d), and the shapes
it answers with. `GameBackend` (`service.contract.backend`) holds these ports."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator, Awaitable
from typing import Any, ClassVar, Protocol

from boardstate.service.contract.codes import CATCH_UP_LIMIT, ApiError


@dataclasses.dataclass(frozen=True, slots=True)
class WebhookView:
    """A registered endpoint (never its secret, which is shown once, at registration)."""

    id: str
    url: str
    events: tuple[str, ...]
    game_types: tuple[str, ...] | None
    paused: bool
    paused_reason: str | None
    created_at: str
    queued: int
    """Deliveries waiting in its queue."""


@dataclasses.dataclass(frozen=True, slots=True)
class DeliveryView:
    """One announcement's delivery to one endpoint: its log entry."""

    id: str
    message_id: str
    type: str
    game_id: str
    status: str
    """`pending`, `failed` (retried later), `delivered` or `dead` (every attempt failed)."""
    attempts: int
    last_status: int | None
    last_error: str | None
    next_attempt_at: str | None
    created_at: str
    delivered_at: str | None


@dataclasses.dataclass(frozen=True, slots=True)
class FeedItem:
    """One announcement of the cross-game feed, with its feed position (the SSE `id`)."""

    position: str
    announcement: dict[str, Any]


class CatchUpLimit(Exception):
    """A feed stream read `limit` announcements while catching up and has not reached the
    feed's end: it ends here; a new stream after `resume_after` reads on."""

    code: ClassVar[str] = CATCH_UP_LIMIT

    def __init__(self, resume_after: str, limit: int) -> None:
        super().__init__(
            f"read {limit} announcements without catching up with the feed; "
            f"subscribe again after {resume_after} to read on"
        )
        self.resume_after = resume_after
        self.limit = limit

    def as_api_error(self) -> ApiError:
        """The GraphQL error: `extensions` carry `resumeAfter` and `limit`."""
        extensions = {"resumeAfter": self.resume_after, "limit": self.limit}
        return ApiError(self.code, str(self), extensions)


class FeedStream(Protocol):
    """An opened feed: announcements, None for a quiet keep-alive interval; `CatchUpLimit`
    ends it early. `aclose()` ends it and gives its stream slot back (also if never read)."""

    def __aiter__(self) -> AsyncIterator[FeedItem | None]: ...

    def __anext__(self) -> Awaitable[FeedItem | None]: ...

    async def aclose(self) -> None: ...


class WebhookBackend(Protocol):
    """Webhook endpoints (admin token)."""

    async def create_webhook(
        self, token: str | None, url: str, events: list[str], game_types: list[str] | None
    ) -> tuple[WebhookView, str]:
        """Registers an endpoint; returns it and its signing secret (`whsec_...`)."""

    async def list_webhooks(self, token: str | None) -> list[WebhookView]:
        """Every endpoint."""

    async def get_webhook(self, token: str | None, webhook_id: str) -> WebhookView:
        """One endpoint (`WEBHOOK_NOT_FOUND`)."""

    async def update_webhook(
        self, token: str | None, webhook_id: str, changes: dict[str, Any]
    ) -> WebhookView:
        """Changes `url`, `events`, `gameTypes` (None: every type) or `paused`."""

    async def delete_webhook(self, token: str | None, webhook_id: str) -> None:
        """Deletes an endpoint with its queue and log."""

    async def webhook_deliveries(
        self, token: str | None, webhook_id: str, first: int
    ) -> list[DeliveryView]:
        """The endpoint's newest deliveries, newest first."""

    async def resend_delivery(
        self, token: str | None, webhook_id: str, delivery_id: str
    ) -> DeliveryView:
        """Queues a delivery again (`DELIVERY_NOT_FOUND`)."""


class FeedPort(Protocol):
    """The cross-game feed (architecture §5d)."""

    async def open_feed(
        self,
        token: str | None,
        after: str | None,
        game_type: str | None,
        player_id: str | None,
        game_id: str | None,
        address: str | None = None,
    ) -> FeedStream:
        """Checks the caller and takes a stream slot counted against `address`, then gives the
        announcements after the feed position `after` (None: from now on) and the live ones,
        filtered (None: a quiet keep-alive interval); an admin token sees every game, a seat
        token only its own (`game_id`)."""
