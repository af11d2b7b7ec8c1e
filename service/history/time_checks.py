"""The time checks of a replayed log: what a live game's own clock would have written.

`envelopes` checks every `at` on its own (format, never earlier than the event before, not in
the future). A live game also writes each append with one `at`, and a clocked game derives its
clock events from those times; so the replay (`verify._replay`) checks that:

* every event of one move (its engine events, the `MoveTimed` and the `GameEnded` that follow
  it) carries the move's `at`, and the setup carries the `at` of the `SeatJoined` that started
  the game: a shifted event of an append shows;
* in a clocked game, `MoveTimed` holds exactly what `service.log.clocks.timed` gives for the
  move's `at` (the time the move used and every seat's remaining budget), and `TimedOut` names
  the seat's deadline, at or after which it stands: a move's or a timeout's time cannot be
  moved without its clock data saying otherwise.

A shift of a whole log (every `at` by the same amount into the past) changes nothing a log can
prove; an imported game says so (`imported: true`, `docs/history.md` §6).
"""

from __future__ import annotations

from collections.abc import Sequence

from boardstate.service.history.rederive import Mismatch
from boardstate.service.log import clocks, lifecycle
from boardstate.service.log.game_record import GameRecord
from boardstate.service.store import StoredEvent


def same_at(group: Sequence[StoredEvent], at: str, what: str) -> None:
    """Raises `Mismatch` unless every event of `group` (one append) carries `at`."""
    for event in group:
        if event.at != at:
            raise Mismatch(
                event.version, f"at {event.at} differs from {what}'s {at}: one append, one time"
            )


def move_timed(before: GameRecord | None, move_at: str | None, event: StoredEvent) -> None:
    """Checks a `MoveTimed` against the record before its move (`before`) and the move's `at`."""
    if before is None or move_at is None or before.clock is None or event.seat is None:
        raise Mismatch(event.version, "MoveTimed follows no move of a clocked game")
    same_at([event], move_at, "its move")
    expected = clocks.timed(before.table, before.clock, event.seat, move_at)
    if dict(event.data) != expected:
        raise Mismatch(
            event.version,
            f"MoveTimed holds {dict(event.data)}, but the move's time gives {expected}",
        )


def timed_out(record: GameRecord, event: StoredEvent) -> None:
    """Checks a `TimedOut`: the seat owed a decision, the deadline is its clock's, and the
    event stands at or after it."""
    seat = event.seat
    clock = record.clock
    due = None if clock is None or seat is None else record.table.deadline(clock, seat)
    if due is None:
        raise Mismatch(event.version, "TimedOut for a seat that owed no decision on a clock")
    if event.data.get("deadline") != clocks.ms_iso(due):
        raise Mismatch(
            event.version,
            f"TimedOut names deadline {event.data.get('deadline')!r}, not {clocks.ms_iso(due)}",
        )
    if clocks.iso_ms(event.at) < due:
        raise Mismatch(event.version, f"TimedOut at {event.at}, before the deadline")


def check_lifecycle(
    record: GameRecord, before_move: GameRecord | None, move_at: str | None, event: StoredEvent
) -> None:
    """The time checks of a lifecycle event (see the module docstring)."""
    if event.type == lifecycle.MOVE_TIMED:
        move_timed(before_move, move_at, event)
    elif event.type == lifecycle.TIMED_OUT:
        timed_out(record, event)
