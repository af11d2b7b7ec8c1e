"""`EventStream`: one opened live stream of a game's events (`LiveEvents.open_game_events`).

Opening takes a stream slot (`service.features.live.stream_limits`) and counts a subscriber;
`aclose()` gives both back exactly once, whether or not the stream was ever read (a
`service.features.live.slot_streams.SlotStream`, as the feed's streams are). It is the one
subscription core of a game's events: the `gameEvents` subscription (graphql-ws and graphql-sse),
the Server-Sent Events route (`service.http.streams.game_stream`) and the command socket's
subscriptions all open it and only frame what it gives, so catch-up, resume positions, caps,
redaction and the header are the same on every transport. It yields `PreparedEvent`s: each event
prepared (and encoded, by the doors) once per distinct view, shared by every subscriber of that
view (`service.features.live.prepared_events`); or writes them (`deliver`, the SSE route's and
the socket's), by one task per view for every subscriber that caught up
(`service.features.live.fanout`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from boardstate.service.failures import TooManyStreams
from boardstate.service.features.live.deliveries import Write
from boardstate.service.features.live.event_followers import EventFollower
from boardstate.service.features.live.live_events import SubscriptionHub
from boardstate.service.features.live.prepared_events import PreparedEvent, ViewFold
from boardstate.service.features.live.slot_streams import SlotStream
from boardstate.service.features.live.stream_limits import StreamLimits, as_api_error
from boardstate.service.log.game_record import GameRecord
from boardstate.service.metrics import Metrics


class EventStream(SlotStream[PreparedEvent]):
    """An opened `LiveEvents.game_events` stream: redacted events of one game for one viewer."""

    def __init__(
        self,
        events: EventFollower,
        release: Callable[[], None],
        record: GameRecord,
        viewer: int | None,
    ) -> None:
        super().__init__(events, release)
        self.follower = events
        self.record = record
        """The game as it was when the stream was opened."""
        self.viewer = viewer
        """The seat the events are redacted for; None for a spectator."""

    async def deliver(self, write: Write) -> None:
        """Writes the stream's events with `write` until `GameEnded`, riding the fanout of its
        view once caught up (`EventFollower.deliver`): what the SSE route and the command socket
        run instead of taking the events one by one."""
        await self.follower.deliver(write)


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
    try:
        slot = limits.acquire(address, None if viewer is None else f"{game_id}/{viewer}")
    except TooManyStreams as exc:
        raise as_api_error(exc) from None
    metrics.subscribers.inc()

    def release() -> None:
        metrics.subscribers.dec()
        limits.release(slot)

    fold = ViewFold(hub.views, record, viewer, with_state, at_version, cached)
    return EventStream(EventFollower(hub, game_id, after_version, fold), release, record, viewer)
