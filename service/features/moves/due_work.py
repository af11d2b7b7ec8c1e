"""What a game owes the service on its own: its ending at the event limit, stand-in turns and
timeouts (pure, no store).

`plan(record, max_events, now_ms, at)` is the steward's one question, answered in one pass over the
game (its cap, its seats' movers, its deadlines: each asked once): what is due now, when the game is
next due and which bot seats owe a move. A game at its cap of events
(`service.features.moves.game_bounds`) owes its `GameEnded` (limit) first and is due now. Otherwise
it is next due now (0) when a stood-in seat must move, else at the earliest clock deadline of a seat
owing a decision, else never (None); what is due now (`due_events(record, now_ms, at)`, the cap
aside) is:

* a stood-in seat among `to_act` (the lowest first): the stand-in's move;
* a seat past its deadline (the lowest first): `TimedOut`, then with `onTimeout: forfeit` the
  seat is out (and `GameEnded` if at most one seat is left in play), with `stand-in` the
  stand-in's move for it, unless every person at the table has now timed out K times in a row
  (`service.log.idle_tables`): then `GameEnded` (`endedBy: "idle"`) instead.

Every such move goes through the rules' `decide` like anyone's, with the game's RNG.
"""

from __future__ import annotations

import dataclasses

from boardstate.engine.table.options import STAND_IN
from boardstate.service.failures import TimeExpired
from boardstate.service.features.moves import game_bounds
from boardstate.service.log import clocks, endings, event_builder, lifecycle, movers, record_model
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import Draft
from boardstate.service.store import StoredEvent

Due = tuple[GameRecord, list[StoredEvent]]
"""The game after what is due now, and the events to append."""


@dataclasses.dataclass(frozen=True, slots=True)
class Plan:
    """What a game owes the steward (`plan`)."""

    due: Due | None
    """What is due now (None: nothing, or nothing was asked to be built)."""
    next_ms: int | None
    """When the game is next due, in milliseconds since the epoch (0: now; None: never)."""
    bots: tuple[int, ...]
    """The seats owing a decision now that a bot worker must play."""
    now_ms: int
    """The time the plan was made for."""


def plan(record: GameRecord, max_events: int | None, now_ms: int, at: str | None) -> Plan:
    """What `record`'s game owes the steward at `now_ms` (see the module docstring):
    `max_events` the setting its cap derives from (None: no cap), `at` the time of the events
    due now (None: only when the game is due is asked, nothing is built)."""
    limit = None if max_events is None else game_bounds.cap(record.rules, max_events)
    capped = limit is not None and record.version >= limit
    table, clock = record.table, record.clock
    if record.status != "ACTIVE":
        return Plan(None, None, (), now_ms)
    if capped and max_events is not None:
        ending = None if at is None else game_bounds.limit_end(record, max_events, at)
        return Plan(ending, 0, (), now_ms)
    owing = record.to_act
    policies = movers.policies(record)
    bots = tuple(s for s in owing if policies[s] not in movers.NOT_BOTS)
    standing = [s for s in owing if policies[s] == STAND_IN]
    if standing:  # the lowest stood-in seat moves now
        return Plan(None if at is None else stand_in_move(record, standing[0], at), 0, bots, now_ms)
    if clock is None:
        return Plan(None, None, bots, now_ms)
    times = [(seat, ms) for seat in owing if (ms := table.deadline(clock, seat)) is not None]
    past = [(seat, ms) for seat, ms in times if ms <= now_ms]
    due = None if at is None or not past else timed_out(record, *past[0], at)
    return Plan(due, min((ms for _, ms in times), default=None), bots, now_ms)


def stand_in_move(record: GameRecord, seat: int, at: str) -> Due:
    """The game after the stand-in's move for `seat` (decided by the rules)."""
    rules = record.rules
    wire = rules.moves.encode(rules.stand_in_move(record.state, seat))
    drafts, canonical = event_builder.decide(record, seat, wire)
    move_id = f"stand-in-{record.version + 1}"
    return event_builder.move_events(record, drafts, move_id, at, canonical)


def due_events(record: GameRecord, now_ms: int, at: str) -> Due | None:
    """What is due now (its ending at the event limit aside: `plan`), or None."""
    return plan(record, None, now_ms, at).due


def timed_out(record: GameRecord, seat: int, deadline: int, at: str) -> Due:
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
    if movers.mover(after, seat) not in movers.NOT_BOTS:
        return after, events  # a bot plays the seat: its worker is asked (the steward)
    after, more = stand_in_move(after, seat, at)
    return after, events + more


def check_clock(record: GameRecord, seat: int, now_ms: int) -> None:
    """Raises `TimeExpired` when the seat owes a decision and its deadline is past `now_ms`."""
    if record.clock is None or record.status != "ACTIVE" or seat not in record.to_act:
        return
    if not 0 <= seat < record.players:
        return
    deadline = record.table.deadline(record.clock, seat)
    if deadline is not None and deadline <= now_ms:
        at = clocks.ms_iso(deadline)
        raise TimeExpired(f"seat {seat} ran out of time at {at}", {"seat": seat, "deadline": at})
