"""What a game owes the service on its own: stand-in turns and timeouts (pure, no store).

`next_due(record)` is when the game next needs acting on: now (0) when a stood-in seat must
move, else the earliest clock deadline of a seat owing a decision, else never (None).
`due_events(record, now_ms, at)` builds the events to append now, or None:

* a stood-in seat among `to_act` (the lowest first): the stand-in's move;
* a seat past its deadline (the lowest first): `TimedOut`, then with `onTimeout: forfeit` the
  seat is out (and `GameEnded` if at most one seat is left in play), with `stand-in` the
  stand-in's move for it, unless every person at the table has now timed out K times in a row
  (`service.log.idle_tables`): then `GameEnded` (`endedBy: "idle"`) instead.

Every such move goes through the rules' `decide` like anyone's, with the game's RNG.
"""

from __future__ import annotations

from boardstate.service.failures import TimeExpired
from boardstate.service.log import (
    clocks,
    endings,
    event_builder,
    lifecycle,
    movers,
    record_model,
    time_source,
)
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import Draft
from boardstate.service.store import StoredEvent


def _owing(record: GameRecord) -> list[int]:
    return list(record.to_act)


def next_due(record: GameRecord) -> int | None:
    """Milliseconds since the epoch when the game is next due (0: now), or None."""
    if record.status != "ACTIVE":
        return None
    owing = _owing(record)
    if any(movers.automatic(record, s) for s in owing):
        return 0
    if record.clock is None:
        return None
    deadlines = [clocks.deadline(record.table, record.clock, s) for s in owing]
    known = [d for d in deadlines if d is not None]
    return min(known) if known else None


def stand_in_move(record: GameRecord, seat: int, at: str) -> tuple[GameRecord, list[StoredEvent]]:
    """The game after the stand-in's move for `seat` (decided by the rules)."""
    rules = record.rules
    wire = rules.moves.encode(rules.stand_in_move(record.state, seat))
    drafts, canonical = event_builder.decide(record, seat, wire)
    move_id = f"stand-in-{record.version + 1}"
    return event_builder.move_events(record, drafts, move_id, at, canonical)


def due_events(
    record: GameRecord, now_ms: int, at: str
) -> tuple[GameRecord, list[StoredEvent]] | None:
    """The game after what is due now, and the events to append; None when nothing is."""
    if record.status != "ACTIVE":
        return None
    owing = _owing(record)
    for seat in owing:
        if movers.automatic(record, seat):
            return stand_in_move(record, seat, at)
    if record.clock is None:
        return None
    for seat in owing:
        deadline = clocks.deadline(record.table, record.clock, seat)
        if deadline is not None and deadline <= now_ms:
            return timed_out(record, seat, deadline, at)
    return None


def timed_out(
    record: GameRecord, seat: int, deadline: int, at: str
) -> tuple[GameRecord, list[StoredEvent]]:
    """`TimedOut` for `seat`, then the forfeit or the stand-in's move."""
    assert record.clock is not None
    on_timeout = record.clock.on_timeout
    data = {"onTimeout": on_timeout, "deadline": clocks.ms_iso(deadline)}
    draft = Draft(lifecycle.TIMED_OUT, data, seat)
    after, events = record_model.extend(record, [draft], f"timeout-{record.version + 1}", at)
    ended = endings.after_timeout(after)  # a forfeit left one seat, or nobody is at the table
    if ended is not None:
        after, more = record_model.extend(after, [ended], None, at)
        return after, events + more
    if on_timeout == "forfeit":
        return after, events
    if not movers.automatic(after, seat) and movers.mover(after, seat) is not None:
        return after, events  # a bot plays the seat: its worker is asked (the steward)
    after, more = stand_in_move(after, seat, at)
    return after, events + more


def check_clock(record: GameRecord, seat: int) -> None:
    """Raises `TimeExpired` when the seat owes a decision and its deadline has passed."""
    if record.clock is None or record.status != "ACTIVE" or seat not in record.to_act:
        return
    if not 0 <= seat < record.players:
        return
    deadline = clocks.deadline(record.table, record.clock, seat)
    if deadline is not None and deadline <= time_source.now_ms():
        raise TimeExpired(
            f"seat {seat} ran out of time at {clocks.ms_iso(deadline)}",
            {"seat": seat, "deadline": clocks.ms_iso(deadline)},
        )
