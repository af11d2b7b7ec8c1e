"""The table's part of a game's view: standings, clocks and a pending takeback (architecture
§5c)."""

from __future__ import annotations

from boardstate.service.contract.ports import ClockView, SeatClock, SeatStanding, TakebackView
from boardstate.service.log import clocks
from boardstate.service.log.game_record import GameRecord


def standings(record: GameRecord) -> tuple[SeatStanding, ...]:
    """Per seat, or empty while nothing has happened to any seat."""
    table = record.table
    if not (table.out or table.stand_ins or table.timeouts):
        return ()
    return tuple(
        SeatStanding(
            out=table.is_out(s),
            resigned=s in table.resigned,
            stand_in=table.stood_in(s),
            timeouts=table.timeouts[s] if table.timeouts else 0,
        )
        for s in range(record.players)
    )


def _seconds(ms: int | None) -> float | None:
    return None if ms is None else ms / 1000


def clock_view(record: GameRecord) -> ClockView | None:
    """The clock and every seat's deadline, or None for a game without a clock."""
    clock = record.clock
    if clock is None:
        return None
    table = record.table
    running = range(record.players) if record.status == "ACTIVE" else ()
    due = {seat: at for seat, _, at in clocks.due_times(table, clock, running)}
    seats = []
    for seat in range(record.players):
        remaining = table.remaining_ms[seat] if table.remaining_ms else clock.initial_ms
        budget = remaining if clock.initial_ms is not None else None
        seats.append(SeatClock(seat, budget, due.get(seat)))
    deadlines = sorted(s.deadline for s in seats if s.deadline is not None)
    return ClockView(
        on_timeout=clock.on_timeout,
        per_move_seconds=_seconds(clock.per_move_ms),
        initial_seconds=_seconds(clock.initial_ms),
        increment_seconds=None if clock.initial_ms is None else clock.increment_ms / 1000,
        deadline=deadlines[0] if deadlines else None,
        seats=tuple(seats),
    )


def takeback_view(record: GameRecord) -> TakebackView | None:
    """The pending takeback request, if any."""
    pending = record.table.takeback
    if pending is None:
        return None
    waiting = [s for s in record.table.answerers(record.players) if s not in pending.accepted]
    return TakebackView(pending.seat, pending.to_version, pending.accepted, tuple(waiting))
