"""Events and their Relay connection (GraphQL types): one page of a game's log, as the
contract's paging (`service.contract.paging`) selects it."""

from __future__ import annotations

import strawberry
from strawberry.scalars import JSON

from boardstate.schema.game_header import GameHeader
from boardstate.service.contract import cursors
from boardstate.service.contract.paging import Window
from boardstate.service.contract.ports import EventView


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
    describe: str = strawberry.field(
        description="The event in words for people, saying no more than `data` (redacted alike)."
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
            describe=view.describe,
            header=GameHeader.of(view.header),
        )


@strawberry.type(description="A legal move: its wire form and the same move in words.")
class LegalMove:
    move: JSON = strawberry.field(description="The wire form, to submit verbatim.")
    describe: str = strawberry.field(description="The move in words for people.")


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
