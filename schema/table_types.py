"""The table's GraphQL types (architecture §5c): clocks and a pending takeback."""

from __future__ import annotations

import strawberry

from boardstate.service.contract.ports import ClockView, TakebackView


@strawberry.type
class SeatClock:
    """One seat's clock."""

    seat: int
    remaining_ms: int | None = strawberry.field(
        description="Budget clocks: the seat's remaining time; null for a per-move clock."
    )
    deadline: str | None = strawberry.field(
        description="When the seat's pending decision times out; null when it owes none."
    )


@strawberry.type
class GameClock:
    """The game's clock (`options.clock`) and each seat's."""

    on_timeout: str
    per_move_seconds: float | None
    initial_seconds: float | None
    increment_seconds: float | None
    deadline: str | None = strawberry.field(description="The earliest running deadline.")
    seats: list[SeatClock]

    @classmethod
    def of(cls, view: ClockView | None) -> GameClock | None:
        if view is None:
            return None
        return cls(
            on_timeout=view.on_timeout,
            per_move_seconds=view.per_move_seconds,
            initial_seconds=view.initial_seconds,
            increment_seconds=view.increment_seconds,
            deadline=view.deadline,
            seats=[
                SeatClock(seat=s.seat, remaining_ms=s.remaining_ms, deadline=s.deadline)
                for s in view.seats
            ],
        )


@strawberry.type
class TakebackRequest:
    """A pending takeback: `seat` asks to return to `toVersion`."""

    seat: int
    to_version: int
    accepted: list[int]
    waiting_for: list[int] = strawberry.field(description="Seats that still must answer.")

    @classmethod
    def of(cls, view: TakebackView | None) -> TakebackRequest | None:
        if view is None:
            return None
        return cls(
            seat=view.seat,
            to_version=view.to_version,
            accepted=list(view.accepted),
            waiting_for=list(view.waiting_for),
        )
