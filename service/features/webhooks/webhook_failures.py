"""The failures of the webhook admin API (`contract.codes`), as `service.failures`; the feed's
(`BadFeedFilter`) is the live streams' (`features.live.stream_limits`)."""

from __future__ import annotations

from boardstate.engine.core.errors import MoveError
from boardstate.service.contract.codes import (
    BAD_WEBHOOK,
    DELIVERY_NOT_FOUND,
    WEBHOOK_NOT_FOUND,
)


class WebhookNotFound(MoveError):
    """No webhook endpoint with that id."""

    code = WEBHOOK_NOT_FOUND


class DeliveryNotFound(MoveError):
    """No delivery with that id for that endpoint."""

    code = DELIVERY_NOT_FOUND


class BadWebhook(MoveError):
    """An endpoint's url, events or game types are not acceptable (`details.field`)."""

    code = BAD_WEBHOOK
