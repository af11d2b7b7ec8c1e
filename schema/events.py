"""Events and their Relay connection, paged in both directions by version.

A game at version n has events 1..n. `after`/`before` cursors (or `afterVersion` /
`beforeVersion`) bound the window exclusively; `first` takes from its start, `last` from its
end (both clamped to the page cap). Edges are always oldest first. A page reads only its own
events, so its cost does not depend on where in the log it is.

Positions outside the log are typed errors, never an empty page: a negative `first`/`last`
(`BAD_INPUT`), an `afterVersion` outside 0..n or a `beforeVersion` outside 1..n+1
(`BAD_VERSION`), a cursor of an event the game does not have (`BAD_CURSOR`).
"""

from __future__ import annotations

import dataclasses

import strawberry
from strawberry.scalars import JSON

from boardstate.schema import cursors
from boardstate.schema.codes import BAD_CURSOR, BAD_INPUT, BAD_VERSION, ApiError
from boardstate.schema.game_header import GameHeader
from boardstate.schema.ports import EventView


@strawberry.type
class Event:
    """One log event; `data` is redacted for the viewer (never dropped)."""

    version: int
    type: str
    seat: int | None
    move_id: str | None
    data: JSON
    at: str
    state_hash: str = strawberry.field(
        description="HMAC-SHA256 of the full state after this event, keyed with the seed."
    )
    move: JSON | None = strawberry.field(
        description=(
            "The move submitted (wire form), on the first event of each move: shown to the "
            "seat that made it, and to everyone once the game has ended."
        )
    )
    header: GameHeader | None = strawberry.field(
        default=None,
        description=(
            "The game just after this event (version, status, toAct, deadlines, result): on "
            "`gameEvents` messages only, null elsewhere."
        ),
    )

    @classmethod
    def of(cls, view: EventView) -> Event:
        """Returns the GraphQL event for a backend event."""
        return cls(
            version=view.version,
            type=view.type,
            seat=view.seat,
            move_id=view.move_id,
            data=JSON(dict(view.data)),
            at=view.at,
            state_hash=view.state_hash,
            move=None if view.move is None else JSON(dict(view.move)),
            header=GameHeader.of(view.header),
        )


@strawberry.type
class PageInfo:
    """Relay page info."""

    has_next_page: bool
    has_previous_page: bool
    start_cursor: str | None
    end_cursor: str | None


@strawberry.type
class EventEdge:
    cursor: str
    node: Event


@strawberry.type
class EventConnection:
    edges: list[EventEdge]
    page_info: PageInfo
    total_count: int


def clamp_first(first: int | None, cap: int, name: str = "first") -> int:
    """Returns `first` clamped to 0..cap (the cap when omitted); negative: `BAD_INPUT`."""
    if first is not None and first < 0:
        raise ApiError(BAD_INPUT, f"{name} must be at least 0, not {first}")
    return cap if first is None else min(first, cap)


def _bound(value: int, low: int, high: int, name: str) -> int:
    if not low <= value <= high:
        raise ApiError(BAD_VERSION, f"{name} must be {low}..{high}, not {value}")
    return value


def _cursor(cursor: str | None, version: int) -> int | None:
    if cursor is None:
        return None
    at = cursors.event_after(cursor)
    if not 1 <= at <= version:
        raise ApiError(BAD_CURSOR, f"the cursor names event {at}; the game has 1..{version}")
    return at


@dataclasses.dataclass(frozen=True, slots=True)
class Window:
    """The events `after + 1 .. after + count` of a game at `version`."""

    after: int
    count: int
    version: int


def window(
    version: int,
    cap: int,
    first: int | None = None,
    after: str | None = None,
    last: int | None = None,
    before: str | None = None,
    after_version: int | None = None,
    before_version: int | None = None,
) -> Window:
    """Returns the page the Relay arguments select (see the module docstring)."""
    if after is not None and after_version is not None:
        raise ApiError(BAD_CURSOR, "give `after` or `afterVersion`, not both")
    if before is not None and before_version is not None:
        raise ApiError(BAD_CURSOR, "give `before` or `beforeVersion`, not both")
    if after_version is not None:
        low = _bound(after_version, 0, version, "afterVersion")
    else:
        low = _cursor(after, version) or 0
    if before_version is not None:
        high: int | None = _bound(before_version, 1, version + 1, "beforeVersion")
    else:
        high = _cursor(before, version)
    high = version + 1 if high is None else max(low + 1, high)
    start, end = low, high - 1
    if first is not None or last is None:
        end = min(end, start + clamp_first(first, cap))
    if last is not None:
        start = max(start, end - clamp_first(last, cap, "last"))
    return Window(start, max(0, end - start), version)


def connection(views: list[EventView], page: Window) -> EventConnection:
    """Returns the connection of a page's events."""
    edges = [EventEdge(cursor=cursors.event_cursor(v.version), node=Event.of(v)) for v in views]
    last = views[-1].version if views else page.after + page.count
    info = PageInfo(
        has_next_page=last < page.version,
        has_previous_page=page.after > 0,
        start_cursor=edges[0].cursor if edges else None,
        end_cursor=edges[-1].cursor if edges else None,
    )
    return EventConnection(edges=edges, page_info=info, total_count=page.version)
