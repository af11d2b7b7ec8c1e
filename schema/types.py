"""GraphQL object types of DESIGN §5: Game, Seat, GameResult, Event and the connections."""

from __future__ import annotations

import enum

import strawberry
from strawberry.scalars import JSON

from engine.core.errors import MoveError
from schema import cursors
from schema import decorators as described
from schema.codes import as_api_error
from schema.context import Info
from schema.game_types import GameType, game_type_of
from schema.ports import EventView, GameView


@strawberry.enum
class GameStatus(enum.Enum):
    """OPEN waits for players; ACTIVE is being played; FINISHED has a result."""

    OPEN = "OPEN"
    ACTIVE = "ACTIVE"
    FINISHED = "FINISHED"
    ABANDONED = "ABANDONED"


@strawberry.type
class Seat:
    """One seat; `name` is null until a player joins it."""

    index: int
    name: str | None
    joined: bool


@strawberry.type
class GameResult:
    """Scores by seat index and the winners (several on a shared win)."""

    scores: list[int]
    winners: list[int]
    details: JSON | None


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


def clamp_first(first: int | None, cap: int) -> int:
    """Returns `first` clamped to 0..cap (the cap when omitted): never an error."""
    return cap if first is None else max(0, min(first, cap))


@strawberry.type
class Game:
    """A game at the version it was loaded at."""

    view: strawberry.Private[GameView]

    @strawberry.field
    def id(self) -> strawberry.ID:
        return strawberry.ID(self.view.id)

    @strawberry.field
    def game_type(self) -> GameType:
        return game_type_of(self.view.game_type)

    @strawberry.field
    def status(self) -> GameStatus:
        return GameStatus(self.view.status)

    @described.field("Number of events in the log.")
    def version(self) -> int:
        return self.view.version

    @strawberry.field
    def players(self) -> int:
        return self.view.players

    @strawberry.field
    def seats(self) -> list[Seat]:
        return [Seat(index=i, name=n, joined=n is not None) for i, n in enumerate(self.view.seats)]

    @described.field("Seats that may move now.")
    def to_act(self) -> list[int]:
        return list(self.view.to_act)

    @strawberry.field
    def created_at(self) -> str:
        return self.view.created_at

    @described.field("True when the creator chose the seed.")
    def seeded_by_client(self) -> bool:
        return self.view.seeded_by_client

    @described.field("Seat view (needs that seat's token) or spectator view.")
    async def state(self, info: Info, seat: int | None = None, version: int | None = None) -> JSON:
        ctx = info.context
        try:
            return JSON(await ctx.backend.state(self.view, seat, version, ctx.token))
        except MoveError as exc:
            raise as_api_error(exc) from None

    @described.field("Needs that seat's token; each item can be submitted verbatim.")
    async def legal_moves(self, info: Info, seat: int) -> list[JSON]:
        ctx = info.context
        try:
            moves = await ctx.backend.legal_moves(self.view, seat, ctx.token)
        except MoveError as exc:
            raise as_api_error(exc) from None
        return [JSON(m) for m in moves]

    @described.field("Redacted for `seat` (needs its token), else for the caller's token's seat.")
    async def events(
        self,
        info: Info,
        first: int | None = None,
        after: str | None = None,
        seat: int | None = None,
    ) -> EventConnection:
        ctx = info.context
        start = cursors.event_after(after)
        count = clamp_first(first, ctx.backend.page_cap)
        try:
            views = await ctx.backend.events(self.view, start, count, seat, ctx.token)
        except MoveError as exc:
            raise as_api_error(exc) from None
        edges = [EventEdge(cursor=cursors.event_cursor(v.version), node=Event.of(v)) for v in views]
        last = views[-1].version if views else start
        page = PageInfo(
            has_next_page=last < self.view.version,
            has_previous_page=start > 0,
            start_cursor=edges[0].cursor if edges else None,
            end_cursor=edges[-1].cursor if edges else None,
        )
        return EventConnection(edges=edges, page_info=page, total_count=self.view.version)

    @described.field("Scores and winners; null until finished.")
    def result(self) -> GameResult | None:
        res = self.view.result
        if res is None:
            return None
        return GameResult(
            scores=list(res.scores), winners=list(res.winners), details=JSON(dict(res.details))
        )


@strawberry.type
class GameEdge:
    cursor: str
    node: Game


@strawberry.type
class GameConnection:
    edges: list[GameEdge]
    page_info: PageInfo
    total_count: int
