"""REST bodies of the table (architecture §5c): seats' standings, clocks, a pending takeback, and
the
requests of the table operations (`service.http.rest.table.handlers`)."""

from __future__ import annotations

from boardstate.service.contract.ports import GameView
from boardstate.service.http.rest import values as v
from boardstate.service.http.rest.base import Body, Out


class BotIn(Body):
    """A bot seat of `POST /v1/games`: its policy and thinking budget (ms)."""

    seat: v.Seat
    policy: v.BotPolicy
    budget_ms: v.BudgetMs = 1000

    def to_dict(self) -> dict[str, object]:
        return {"seat": self.seat, "policy": self.policy, "budgetMs": self.budget_ms}


class AnswerIn(Body):
    """`POST /v1/games/{id}/seats/{seat}/takeback/answer`."""

    accept: bool


class StandInIn(Body):
    """`POST /v1/games/{id}/seats/{seat}/stand-in` (admin)."""

    policy: v.Policy = "stand-in"


class SeatOut(Out):
    index: int
    name: str | None
    joined: bool
    out: bool = False
    resigned: bool = False
    stand_in: bool = False
    timeouts: int = 0


class SeatClockOut(Out):
    seat: int
    remaining_ms: int | None
    deadline: str | None


class ClockOut(Out):
    """The clock (`options.clock`) and each seat's; `deadline` is the earliest running one."""

    on_timeout: str
    per_move_seconds: float | None
    initial_seconds: float | None
    increment_seconds: float | None
    deadline: str | None
    seats: list[SeatClockOut]


class TakebackOut(Out):
    seat: int
    to_version: int
    accepted: list[int]
    waiting_for: list[int]


def seats_out(view: GameView) -> list[SeatOut]:
    standings = view.standings
    return [
        SeatOut(i, n, n is not None)
        if not standings
        else SeatOut(
            i,
            n,
            n is not None,
            standings[i].out,
            standings[i].resigned,
            standings[i].stand_in,
            standings[i].timeouts,
        )
        for i, n in enumerate(view.seats)
    ]
