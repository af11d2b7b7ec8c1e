"""Folding the table's part of a game record (`service.log.lifecycle`, `service.log.clocks`).

`lifecycle_step` applies a lifecycle event; `engine_step` is the record after an engine event
whose state is already known (folded by `evolve`, or by the engine while deciding): it
remembers the state before each move (for takebacks) and, in a clocked game, who owes a
decision since when.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from boardstate.service.log import clocks, lifecycle
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.lifecycle import Mark
from boardstate.service.store.base import StoredEvent


def given_player_ids(given: Any, players: int) -> tuple[str | None, ...]:
    """The player ids attached at creation (`GameCreated.data.playerIds`), one per seat."""
    ids = list(given) if isinstance(given, list) else []
    return tuple(ids[i] if i < len(ids) else None for i in range(players))


def with_player_id(record: GameRecord, seat: int, player_id: str | None) -> tuple[str | None, ...]:
    """The record's integrator player ids with `seat`'s replaced."""
    ids = list(record.player_ids or (None,) * record.players)
    ids[seat] = player_id
    return tuple(ids)


def seat_joined(record: GameRecord, event: StoredEvent) -> GameRecord:
    """The record after `SeatJoined` (data `{name, playerId?}`); the last seat starts the game."""
    assert event.seat is not None
    seats = list(record.seats)
    seats[event.seat] = str(event.data["name"])
    changes: dict[str, Any] = {"version": event.version, "seats": tuple(seats)}
    if (player_id := event.data.get("playerId")) is not None:
        changes["player_ids"] = with_player_id(record, event.seat, str(player_id))
    if None not in seats:
        changes["state"] = record.rules.initial_state(record.players, record.options)
        if record.clock is not None:
            changes["table"] = clocks.started(record.table, record.clock, record.players)
    return dataclasses.replace(record, **changes)


def lifecycle_step(record: GameRecord, event: StoredEvent) -> GameRecord:
    """The record after a lifecycle event (`service.log.lifecycle`)."""
    kind, seat, data = event.type, event.seat, event.data
    if seat is None or not 0 <= seat < record.players:
        raise ValueError(f"game {record.game_id}: {kind} names seat {seat}")
    changes: dict[str, Any] = {"version": event.version}
    table = lifecycle.apply(record.table, kind, seat, data, record.players)
    if kind == lifecycle.SEAT_LEFT:
        seats = list(record.seats)
        seats[seat] = None
        changes["seats"] = tuple(seats)
        changes["player_ids"] = with_player_id(record, seat, None)
    elif kind == lifecycle.TAKEN_BACK:
        table, changes["state"] = lifecycle.rewind(table, int(data["toVersion"]))
    if record.clock is not None and record.state is not None:
        at_ms = clocks.iso_ms(event.at)
        if kind in (lifecycle.MOVE_TIMED, lifecycle.TIMED_OUT):
            table = clocks.restart(table, seat, at_ms)
        state = changes.get("state", record.state)
        table = clocks.track(table, _owing(record, state), record.players, at_ms)
    changes["table"] = table
    return dataclasses.replace(record, **changes)


def _owing(record: GameRecord, state: Any) -> frozenset[int]:
    """The seats that owe a decision in `state` (none once the game is over)."""
    rules = record.rules
    if record.result is not None or rules.is_finished(state) or not rules.is_started(state):
        return frozenset()
    return rules.to_act(state)


def engine_step(
    record: GameRecord,
    version: int,
    state: Any,
    seat: int | None,
    move: Mapping[str, Any] | None,
    at: str,
) -> GameRecord:
    """The record after an engine event: `state` after it; a move's first event (`move` set)
    remembers the state before it; a clocked game tracks who owes a decision since when."""
    table = record.table
    if move is not None and seat is not None:
        table = lifecycle.with_mark(table, Mark(record.version, seat, record.state))
    if record.clock is not None:
        table = clocks.track(table, _owing(record, state), record.players, clocks.iso_ms(at))
    r = record
    kept = (r.game_id, r.rules, r.seed, r.created, r.options, r.seats)
    return type(r)(*kept, state, version, r.result, r.imported, table, r.setup, r.player_ids)
