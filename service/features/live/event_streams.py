"""`EventStream`: one opened live stream of a game's events (`LiveEvents.open_game_events`).

Opening takes a stream slot (`service.features.live.stream_limits`) and counts a subscriber;
`aclose()` gives both back exactly once, whether or not the stream was ever read (a
`service.features.live.slot_streams.SlotStream`, as the feed's streams are). The `gameEvents`
subscription and the Server-Sent Events route (`service.http.sse`) both use it, so the caps and
the redaction are the same on every transport.
"""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncGenerator, Awaitable, Callable

from boardstate.service.contract.ports import EventView
from boardstate.service.failures import TooManyStreams
from boardstate.service.features.live.live_events import SubscriptionHub
from boardstate.service.features.live.slot_streams import SlotStream
from boardstate.service.features.live.stream_headers import HeaderFold
from boardstate.service.features.live.stream_limits import StreamLimits, as_api_error
from boardstate.service.features.views.read_models import event_view
from boardstate.service.log.game_record import GameRecord
from boardstate.service.metrics import Metrics
from boardstate.service.runtime.store_failures import store_errors


class EventStream(SlotStream[EventView]):
    """An opened `LiveEvents.game_events` stream: redacted events of one game for one viewer."""

    def __init__(
        self,
        events: AsyncGenerator[EventView, None],
        release: Callable[[], None],
        record: GameRecord,
        viewer: int | None,
    ) -> None:
        super().__init__(events, release)
        self.record = record
        """The game as it was when the stream was opened."""
        self.viewer = viewer
        """The seat the events are redacted for; None for a spectator."""


def open_stream(
    hub: SubscriptionHub,
    limits: StreamLimits,
    metrics: Metrics,
    record: GameRecord,
    viewer: int | None,
    after_version: int,
    address: str | None,
    at_version: Callable[[int], Awaitable[GameRecord]],
    with_state: bool = False,
    cached: Callable[[], GameRecord | None] = lambda: None,
) -> EventStream:
    """Takes a slot (else `TOO_MANY_STREAMS`) and returns the stream of `record`'s events
    after `after_version`, catch-up then live, redacted for `viewer`, each with the game's
    header after it (`features.live.stream_headers`; `at_version` loads the game at a version),
    and the viewer's state view in it when `with_state` (`cached` peeks at the game in this
    process's record cache)."""
    game_id = record.game_id
    complete = record.result is not None
    try:
        slot = limits.acquire(address, None if viewer is None else f"{game_id}/{viewer}")
    except TooManyStreams as exc:
        raise as_api_error(exc) from None
    metrics.subscribers.inc()

    def release() -> None:
        metrics.subscribers.dec()
        limits.release(slot)

    async def events() -> AsyncGenerator[EventView, None]:
        fold = HeaderFold(at_version, viewer, with_state, cached, opened=record)
        with store_errors():
            async for event in hub.follow(game_id, after_version):
                header = await fold.after(event)
                view = event_view(record, event, viewer, complete)
                yield dataclasses.replace(view, header=header)

    return EventStream(events(), release, record, viewer)
