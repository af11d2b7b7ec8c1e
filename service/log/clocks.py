"""Clock arithmetic on the table (architecture §5c); pure, with every time taken from the log.

Times are milliseconds since the epoch, read from the events' `at` (ISO-8601 with milliseconds):
a fold never reads the wall clock. A seat starts owing a decision at the `at` of the event after
which it is among `to_act`, and again at each `MoveTimed` or `TimedOut` of its own (a turn of
several moves charges each move separately). Its deadline is that start plus `perMoveSeconds`,
or plus its remaining budget. `MoveTimed` records what a move used and every seat's remaining
budget: the budget loses the time used and gains the increment (never below 0 before the
increment).

The fold tracks who owes a decision since when after every event of a clocked game, in its own
loop (`service.log.record_model.tracked`, which reads the events' `at`: `iso_ms`); the others
ask the table for one seat's deadline (`Table.deadline`) and here for several seats' at once
with their text (`due_times`) and for a move's `MoveTimed` (`timed`).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime

from boardstate.engine.table.options import Clock
from boardstate.service.log.game_record import Table
from boardstate.service.log.record_model import iso_ms as iso_ms


def ms_iso(ms: int) -> str:
    """The `at` text of a time in milliseconds since the epoch."""
    second, millis = divmod(ms, 1000)
    text = datetime.fromtimestamp(second, UTC).strftime("%Y-%m-%dT%H:%M:%S")
    return f"{text}.{millis:03d}Z"


def due_times(table: Table, clock: Clock, seats: Iterable[int]) -> list[tuple[int, int, str]]:
    """`(seat, deadline in ms, its `at` text)` for each of `seats` that owes a decision, in the
    order of `seats`: every deadline a caller needs, in one question."""
    found = ((seat, table.deadline(clock, seat)) for seat in seats)
    return [(seat, ms, ms_iso(ms)) for seat, ms in found if ms is not None]


def timed(table: Table, clock: Clock, seat: int, at: str) -> dict[str, object]:
    """The data of `MoveTimed` for a move of `seat` made at `at` (an event's `at`)."""
    since = table.due_since_ms[seat] if table.due_since_ms else None
    used = 0 if since is None else max(0, iso_ms(at) - since)
    remaining: list[int] | None = None
    if clock.initial_ms is not None and table.remaining_ms:
        remaining = list(table.remaining_ms)
        remaining[seat] = max(0, remaining[seat] - used) + clock.increment_ms
    return {"usedMs": used, "remainingMs": remaining}
