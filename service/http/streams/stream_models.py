"""The body of one event of `GET /v1/games/{id}/events/stream` (`service.http.streams.game_stream`):
the REST `Event` plus the game's `header` after it (issue 29, item 4;
`contract.ports.HeaderView`)."""

from __future__ import annotations

from boardstate.service.contract.ports import EventView, HeaderView
from boardstate.service.http.rest.base import Out
from boardstate.service.http.rest.games.models import (
    EventOut,
    JsonObject,
    ResultOut,
    Status,
    event_out,
)
from boardstate.service.http.rest.table.models import SeatClockOut


class HeaderOut(Out):
    """The game just after the event: `version` is the event's, `toAct` the seats that may
    move now, `deadline` the earliest running clock deadline and `deadlines` every seat's,
    `result` null until the game has ended; `state` (only with `withState=true`) the caller's
    state view, redacted as `GET /v1/games/{id}/state` redacts it for the same token."""

    version: int
    status: Status
    to_act: list[int]
    deadline: str | None
    deadlines: list[SeatClockOut]
    result: ResultOut | None
    state: JsonObject | None = None


class StreamEventOut(EventOut):
    """One streamed event (an `EventOut`) with the game's header after it."""

    header: HeaderOut


def header_out(view: HeaderView) -> HeaderOut:
    result = view.result
    return HeaderOut(
        view.version,
        view.status,  # type: ignore[arg-type]
        list(view.to_act),
        view.deadline,
        [SeatClockOut(s.seat, s.remaining_ms, s.deadline) for s in view.deadlines],
        None
        if result is None
        else ResultOut(list(result.scores), list(result.winners), dict(result.details)),
        None if view.state is None else dict(view.state),
    )


def stream_event_out(view: EventView) -> EventOut:
    """The REST event of a streamed event, with its header when it has one."""
    event = event_out(view)
    if view.header is None:
        return event
    fields = {name: getattr(event, name) for name in event.__struct_fields__}
    return StreamEventOut(**fields, header=header_out(view.header))
