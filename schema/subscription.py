"""The Subscription root: `gameEvents` catches up from the log, then follows it live."""

from __future__ import annotations

from collections.abc import AsyncGenerator
from contextlib import aclosing

import strawberry

from boardstate.engine.core.errors import MoveError
from boardstate.schema import decorators as described
from boardstate.schema.context import Info
from boardstate.schema.events import Event
from boardstate.schema.player_events import PlayerEventsSubscription
from boardstate.schema.shared_results import shared_event
from boardstate.schema.webhooks import FeedSubscription
from boardstate.service.contract.codes import as_api_error


@strawberry.type
class Subscription(FeedSubscription, PlayerEventsSubscription):
    @described.subscription(
        "Every event after `afterVersion` (exclusive), in order, redacted for the seat of "
        "the connection_init token (spectator without one), each with the game's `header` "
        "after it (`withState`: with the viewer's state view in `header.state`); ends after "
        "GameEnded."
    )
    async def game_events(
        self,
        info: Info,
        game_id: strawberry.ID,
        after_version: int | None = None,
        with_state: bool = False,
    ) -> AsyncGenerator[Event, None]:
        ctx = info.context
        stream = ctx.backend.live.game_events(
            str(game_id), after_version or 0, ctx.token, ctx.address, with_state
        )
        try:
            async with aclosing(stream):
                async for view in stream:
                    yield shared_event(view)  # one per view: `schema.shared_results`
        except MoveError as exc:
            raise as_api_error(exc) from None
