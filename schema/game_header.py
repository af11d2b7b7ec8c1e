"""A game's status and result, and the header a streamed event carries (issue 29, item 4).

`GameHeader` is the game just after one event of `gameEvents`: enough for a client to play
from the subscription alone (who may act, the running deadlines, the result once ended) and,
when asked for with `withState`, the viewer's state view redacted as `Game.state` redacts it.
"""

from __future__ import annotations

import enum

import strawberry
from strawberry.scalars import JSON

from boardstate.schema.table_types import SeatClock
from boardstate.service.contract.ports import HeaderView, ResultView


@strawberry.enum
class GameStatus(enum.Enum):
    """OPEN waits for players; ACTIVE is being played; FINISHED has a result."""

    OPEN = "OPEN"
    ACTIVE = "ACTIVE"
    FINISHED = "FINISHED"
    ABANDONED = "ABANDONED"


@strawberry.type
class GameResult:
    """Scores by seat index and the winners (several on a shared win)."""

    scores: list[int]
    winners: list[int]
    details: JSON | None

    @classmethod
    def of(cls, view: ResultView | None) -> GameResult | None:
        if view is None:
            return None
        return cls(
            scores=list(view.scores),
            winners=list(view.winners),
            details=JSON(dict(view.details)),
        )


@strawberry.type
class GameHeader:
    """The game just after a streamed event (`version` is the event's)."""

    version: int
    status: GameStatus
    to_act: list[int] = strawberry.field(description="Seats that may move now.")
    deadline: str | None = strawberry.field(description="The earliest running clock deadline.")
    deadlines: list[SeatClock] = strawberry.field(
        description="Each seat whose pending decision is timed, with its deadline."
    )
    result: GameResult | None = strawberry.field(description="Null until the game has ended.")
    state: JSON | None = strawberry.field(
        description="The viewer's state view after the event (as `Game.state` gives it for "
        "the connection's token), only when the subscription asked for it with `withState`."
    )

    @classmethod
    def of(cls, view: HeaderView | None) -> GameHeader | None:
        """The GraphQL header of a streamed event's header (None: not a streamed event)."""
        if view is None:
            return None
        return cls(
            version=view.version,
            status=GameStatus(view.status),
            to_act=list(view.to_act),
            deadline=view.deadline,
            deadlines=[
                SeatClock(seat=s.seat, remaining_ms=s.remaining_ms, deadline=s.deadline)
                for s in view.deadlines
            ],
            result=GameResult.of(view.result),
            state=None if view.state is None else JSON(dict(view.state)),
        )
