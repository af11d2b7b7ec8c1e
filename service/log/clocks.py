"""Clock arithmetic on the table (architecture §5c); pure, with every time taken from the log.

Times are milliseconds since the epoch, read from the events' `at` (ISO-8601 with milliseconds):
a fold never reads the wall clock. A seat starts owing a decision at the `at` of the event after
which it is among `to_act`, and again at each `MoveTimed` or `TimedOut` of its own (a turn of
several moves charges each move separately). Its deadline is that start plus `perMoveSeconds`,
or plus its remaining budget. `MoveTimed` records what a move used and every seat's remaining
budget: the budget loses the time used and gains the increment (never below 0 before the
increment).

The fold (`service.log.record_model`, `service.log.lifecycle`) calls `tracked` once per event of
a clocked game; the others ask `deadline` (`due_times`: several seats' at once) and `timed`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from boardstate.engine.table.options import Clock
from boardstate.service.log.game_record import GameRecord, Table


def iso_ms(at: str) -> int:
    """Milliseconds since the epoch of an event's `at` (`YYYY-MM-DDTHH:MM:SS.mmmZ`)."""
    stamp = datetime.strptime(at, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)
    return int(stamp.timestamp() * 1000 + 0.5)


def ms_iso(ms: int) -> str:
    """The `at` text of a time in milliseconds since the epoch."""
    second, millis = divmod(ms, 1000)
    text = datetime.fromtimestamp(second, UTC).strftime("%Y-%m-%dT%H:%M:%S")
    return f"{text}.{millis:03d}Z"


def tracked(
    record: GameRecord, table: Table, state: Any, at: str, restart: int | None = None
) -> Table:
    """`table` after an event at `at` of `record`'s clocked game that left the engine in `state`:
    a seat that owes a decision in `state` owes it since `at` unless it already did, a seat that
    owes none owes none; `restart` (a seat, after its `MoveTimed` or `TimedOut`): if it still
    owes a decision, its next one starts at `at`."""
    at_ms, players, rules = iso_ms(at), record.players, record.rules
    since = list(table.due_since_ms or (None,) * players)
    if restart is not None and table.due_since_ms and since[restart] is not None:
        since[restart] = at_ms
    owing: frozenset[int] = frozenset()
    if record.result is None and not rules.is_finished(state) and rules.is_started(state):
        owing = rules.to_act(state)
    wanted = [
        (due if due is not None else at_ms) if seat in owing else None
        for seat, due in enumerate(since)
    ]
    if wanted == list(table.due_since_ms or (None,) * players):
        return table
    return dataclasses.replace(table, due_since_ms=tuple(wanted))


def deadline(table: Table, clock: Clock, seat: int) -> int | None:
    """When `seat` runs out of time for its pending decision (None: it owes none)."""
    if not table.due_since_ms or table.due_since_ms[seat] is None:
        return None
    start = table.due_since_ms[seat]
    assert start is not None
    if clock.per_move_ms is not None:
        return start + clock.per_move_ms
    return start + (table.remaining_ms[seat] if table.remaining_ms else 0)


def due_times(table: Table, clock: Clock, seats: Iterable[int]) -> list[tuple[int, int, str]]:
    """`(seat, deadline in ms, its `at` text)` for each of `seats` that owes a decision, in the
    order of `seats`: every deadline a caller needs, in one question."""
    found = ((seat, deadline(table, clock, seat)) for seat in seats)
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
