"""The Subscription root: `gameEvents` catches up from the log, then follows it live."""

from __future__ import annotations

from collections.abc import AsyncGenerator
from contextlib import aclosing

import strawberry

from engine.core.errors import MoveError
from schema import decorators as described
from schema.codes import as_api_error
from schema.context import Info
from schema.events import Event


@strawberry.type
class Subscription:
    @described.subscription(
        "Every event after `afterVersion` (exclusive), in order, redacted for the seat of "
        "the connection_init token (spectator without one); ends after GameEnded."
    )
    async def game_events(
        self, info: Info, game_id: strawberry.ID, after_version: int | None = None
    ) -> AsyncGenerator[Event, None]:
        ctx = info.context
        stream = ctx.backend.game_events(str(game_id), after_version or 0, ctx.token)
        try:
            async with aclosing(stream):
                async for view in stream:
                    yield Event.of(view)
        except MoveError as exc:
            raise as_api_error(exc) from None
