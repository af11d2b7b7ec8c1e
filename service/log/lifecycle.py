"""The table's events, and what each does to a game's record: resignations, stand-ins, clocks,
takebacks (architecture §5c).

The engine state is the game on the table; the table (`game_record.Table`) is what the service
adds around it, folded from these events like any other state (`service.log.record_model.FOLDS`
names one function of this module per event), so replays never read the wall clock:

* `Resigned` (seat): the seat concedes. It is *out* (ranks last); its later turns are played
  by the game's stand-in (`engine.core.stand_in`).
* `TimedOut` (seat, data `onTimeout`): the seat's deadline passed. With `forfeit` it is out like
  a resigned seat; with `stand-in` the stand-in plays that one move (appended with it) and the
  seat keeps its place.
* `StandInSeated` (seat, data `policy`): an admin put a stand-in in the seat.
* `MoveTimed` (seat, data `usedMs`, `remainingMs`): appended after each move of a clocked game,
  the time the move took and every seat's remaining budget (per-move clocks: null).
* `TakebackRequested` (seat, data `toVersion`), `TakebackAnswered` (seat, data `accept`),
  `TakenBack` (seat, data `toVersion`): the state returns to the one at `toVersion`.
* `SeatJoined` (seat, data `{name, playerId?}`; `record_model.SEAT_JOINED`, not a table event
  of `LIFECYCLE_EVENTS`): the seat is taken; the last one starts the game.
* `SeatLeft` (seat): before the start, the seat is free again. `SeatTokenReissued` (seat): an
  admin replaced the seat's token (the token itself is never logged).

Each names a seat of the game (else it does not fold: `ValueError`). In a clocked game, the
fold then tracks who owes a decision since when (`record_model.tracked`, after every event);
`MoveTimed` and `TimedOut` (`RESTARTS`) start the seat's next decision at their `at`.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from boardstate.service.log import seat_players
from boardstate.service.log.game_record import GameRecord, Table, Takeback
from boardstate.service.store.base import StoredEvent

RESIGNED = "Resigned"
TIMED_OUT = "TimedOut"
STAND_IN_SEATED = "StandInSeated"
MOVE_TIMED = "MoveTimed"
TAKEBACK_REQUESTED = "TakebackRequested"
TAKEBACK_ANSWERED = "TakebackAnswered"
TAKEN_BACK = "TakenBack"
SEAT_LEFT = "SeatLeft"
SEAT_TOKEN_REISSUED = "SeatTokenReissued"  # noqa: S105 (an event name)
LIFECYCLE_EVENTS = frozenset(
    {
        RESIGNED,
        TIMED_OUT,
        STAND_IN_SEATED,
        MOVE_TIMED,
        TAKEBACK_REQUESTED,
        TAKEBACK_ANSWERED,
        TAKEN_BACK,
        SEAT_LEFT,
        SEAT_TOKEN_REISSUED,
    }
)
RESTARTS = frozenset({TIMED_OUT, MOVE_TIMED})
"""The events after which their seat's next decision, if it owes one, starts anew (its clock)."""
HISTORY = 8
"""How many moves back the table remembers the state (the reach of a takeback)."""


def resigned(record: GameRecord, event: StoredEvent) -> GameRecord:
    """`Resigned`: the seat is out (it ranks last) and the stand-in plays its turns."""
    seat = _seat(record, event)
    return _at_table(record, event, _out(record.table, seat, resigned=True))


def timed_out(record: GameRecord, event: StoredEvent) -> GameRecord:
    """`TimedOut` (data `onTimeout`): out with `forfeit`; with `stand-in` the stand-in plays this
    one move (`standing_in`). The timeout counts, the idle run too; the budget is empty."""
    seat, table = _seat(record, event), record.table
    if event.data.get("onTimeout") == "forfeit":
        table = _out(table, seat, resigned=False)
    remaining = _bump(table.remaining_ms, seat, record, to=0) if table.remaining_ms else ()
    table = dataclasses.replace(
        table,
        timeouts=_bump(table.timeouts, seat, record),
        idle=_bump(table.idle, seat, record),
        standing_in=seat,
        remaining_ms=remaining,
    )
    return _at_table(record, event, table)


def stand_in_seated(record: GameRecord, event: StoredEvent) -> GameRecord:
    """`StandInSeated` (data `policy`): an admin handed the seat to a policy."""
    seat, table = _seat(record, event), record.table
    policy = str(event.data.get("policy", "stand-in"))
    policies = tuple(sorted({*(p for p in table.policies if p[0] != seat), (seat, policy)}))
    stand_ins = tuple(sorted({*table.stand_ins, seat}))
    return _at_table(
        record, event, dataclasses.replace(table, stand_ins=stand_ins, policies=policies)
    )


def move_timed(record: GameRecord, event: StoredEvent) -> GameRecord:
    """`MoveTimed` (data `usedMs`, `remainingMs`): every seat's budget after the move."""
    _seat(record, event)
    table, remaining = record.table, event.data.get("remainingMs")
    if isinstance(remaining, list) and all(isinstance(r, int) for r in remaining):
        table = dataclasses.replace(table, remaining_ms=tuple(remaining))
    return _at_table(record, event, table)


def takeback_requested(record: GameRecord, event: StoredEvent) -> GameRecord:
    """`TakebackRequested` (data `toVersion`): pending until every other seat accepts."""
    takeback = Takeback(_seat(record, event), int(event.data["toVersion"]))
    return _at_table(record, event, dataclasses.replace(record.table, takeback=takeback))


def takeback_answered(record: GameRecord, event: StoredEvent) -> GameRecord:
    """`TakebackAnswered` (data `accept`): one more acceptance, or the request is declined."""
    seat, pending = _seat(record, event), record.table.takeback
    if pending is not None and event.data.get("accept") is True:
        pending = dataclasses.replace(pending, accepted=(*pending.accepted, seat))
    else:
        pending = None
    return _at_table(record, event, dataclasses.replace(record.table, takeback=pending))


def taken_back(record: GameRecord, event: StoredEvent) -> GameRecord:
    """`TakenBack` (data `toVersion`): the engine state the table remembers from before the move
    that started at `toVersion`; that move and the later ones are forgotten, and no longer
    count as their seats' own (`Table.moved`)."""
    _seat(record, event)
    to_version, table = int(event.data["toVersion"]), record.table
    for index, mark in enumerate(table.history):
        if mark.version == to_version:
            moved = list(table.moved)
            for gone in table.history[index:]:
                if gone.own:
                    moved[gone.seat] -= 1
            kept = dataclasses.replace(
                table, history=table.history[:index], takeback=None, moved=tuple(moved)
            )
            return _at_table(record, event, kept, state=mark.state)
    raise ValueError(f"TakenBack to version {to_version}, which no remembered move started at")


def seat_joined(record: GameRecord, event: StoredEvent) -> GameRecord:
    """`SeatJoined` (data `{name, playerId?}`): the last seat starts the game, with every
    budget of a budget clock full."""
    assert event.seat is not None
    seats = list(record.seats)
    seats[event.seat] = str(event.data["name"])
    changes: dict[str, Any] = {"version": event.version, "seats": tuple(seats)}
    changes |= seat_players.joined(record, event.seat, event.data)  # its playerId, if any
    if None not in seats:
        changes["state"] = record.rules.initial_state(record.players, record.options)
        clock = record.clock
        if clock is not None and clock.initial_ms is not None:
            remaining = (clock.initial_ms,) * record.players
            changes["table"] = dataclasses.replace(record.table, remaining_ms=remaining)
    return dataclasses.replace(record, **changes)


def seat_left(record: GameRecord, event: StoredEvent) -> GameRecord:
    """`SeatLeft` (before the start): the seat is free again and its token no longer acts."""
    seat, table = _seat(record, event), record.table
    generation = _bump(table.token_generation, seat, record)
    seats, ids = list(record.seats), list(record.player_ids or (None,) * record.players)
    seats[seat] = ids[seat] = None
    return _at_table(
        record,
        event,
        dataclasses.replace(table, token_generation=generation),
        seats=tuple(seats),
        player_ids=tuple(ids),
    )


def seat_token_reissued(record: GameRecord, event: StoredEvent) -> GameRecord:
    """`SeatTokenReissued`: an admin replaced the seat's token (the old one no longer acts)."""
    table = record.table
    generation = _bump(table.token_generation, _seat(record, event), record)
    return _at_table(record, event, dataclasses.replace(table, token_generation=generation))


def _seat(record: GameRecord, event: StoredEvent) -> int:
    """The seat a table event names (`ValueError` unless one of the game's)."""
    if event.seat is None or not 0 <= event.seat < record.players:
        raise ValueError(f"game {record.game_id}: {event.type} names seat {event.seat}")
    return event.seat


def _at_table(record: GameRecord, event: StoredEvent, table: Table, **changes: Any) -> GameRecord:
    """The record after a table event: its `table` and the other `changes` (who owes a decision
    since when, in a clocked game, the fold tracks after it: `record_model.apply`)."""
    return dataclasses.replace(record, version=event.version, table=table, **changes)


def _out(table: Table, seat: int, resigned: bool) -> Table:
    """A seat resigned (or forfeited on time): out, played by the stand-in; no takeback."""
    out = table.out if seat in table.out else (*table.out, seat)
    left = (*table.resigned, seat) if resigned else table.resigned
    stand_ins = tuple(sorted({*table.stand_ins, seat}))
    return dataclasses.replace(table, out=out, resigned=left, stand_ins=stand_ins, takeback=None)


def _bump(
    counts: tuple[int, ...], seat: int, record: GameRecord, to: int | None = None
) -> tuple[int, ...]:
    """A count per seat with `seat`'s one higher (or set `to` a value)."""
    values = list(counts or (0,) * record.players)
    values[seat] = values[seat] + 1 if to is None else to
    return tuple(values)
