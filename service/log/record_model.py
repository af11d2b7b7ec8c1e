"""The fold: a game's log into its record (`service.log.game_record.GameRecord`), one function
per event kind, and new events into stored ones (`extend`).

`FOLDS` names, for every event type the service writes, the one function that folds it into the
whole record in one step (state, seats, table, clocks, result: so the stateHash); any other type
is an engine event. The table's events are `service.log.lifecycle`'s. Loading, verification,
replay and writing all fold here: one definition of what an event means.

Log layout: event 1 is `GameCreated` (seat null; `start_record`); then one `SeatJoined` per seat
(seat i, data `{name}`); the append that fills the last seat also carries the game's setup
events. Engine events are stored with `type` = their wire type and `data` = the wire dict
without `type`. A finished game ends with `GameEnded` (data: seed, scores, winners, details).

The engine state is None while a seat is empty; the event that fills the last seat sets it to
`rules.initial_state(players, options)`, and engine events evolve it from there. Events are
folded with the rules their game was created with (`service.log.rulebook`), after upcasting their
data to the current event schema (`service.log.upcasting`). The first event of each move carries
the submitted move (`StoredEvent.move`, envelope v2).

Randomness: the decision at version n (the log's version before its events) draws from
`Rng.for_decision(seed_for(n), n)`; `seed_for` is the game's seed, except in a fork, whose
copied history keeps the seeds of the games it came from (`GameCreated.data.forkedFrom.seeds`).

`stateHash` of the event at version n is the lowercase hex of `HMAC-SHA256(key = seed as UTF-8,
msg = canonical_bytes({"version": n, "seats": [name or None, ...], "state": engine state or
None}))` (`engine.core.canonical`), with `"table": Table.hashed()` once anything has happened at
the table: it covers the full (unredacted) state after the event; keyed with the secret seed,
it reveals nothing until `GameEnded` publishes the seed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from boardstate.engine.core.rules import Outcome
from boardstate.engine.table.options import table_from_wire
from boardstate.service.log import lifecycle, seat_players
from boardstate.service.log.game_record import EMPTY, GameRecord, Mark, Table
from boardstate.service.log.lifecycle import HISTORY, LIFECYCLE_EVENTS, RESTARTS
from boardstate.service.log.rulebook import rules_for
from boardstate.service.log.time_source import now_iso as now_iso
from boardstate.service.log.upcasting import CURRENT_VERSION
from boardstate.service.log.upcasting import decode_engine_event as decode_engine_event
from boardstate.service.store.base import StoredEvent

GAME_CREATED = "GameCreated"
SEAT_JOINED = "SeatJoined"
GAME_ENDED = "GameEnded"
SERVICE_EVENTS = frozenset({GAME_CREATED, SEAT_JOINED, GAME_ENDED}) | LIFECYCLE_EVENTS
"""The events the service writes; every other type is an engine event."""
EVENT_SCHEMA_VERSION = CURRENT_VERSION


def start_record(game_id: str, first: StoredEvent, seed: str) -> GameRecord:
    """Returns the record after event 1 (`GameCreated`)."""
    if first.type != GAME_CREATED or first.version != 1:
        raise ValueError(f"game {game_id}: event 1 is {first.type}, not {GAME_CREATED}")
    data = first.data
    rules = rules_for(data)
    setup = table_from_wire(data.get("table"))
    return GameRecord(
        game_id=game_id,
        rules=rules,
        seed=seed,
        created=dict(data),
        options=rules.parse_options(data["options"]),
        seats=(None,) * int(data["players"]),
        state=None,
        version=1,
        setup=setup,
        player_ids=seat_players.given_ids(data, int(data["players"])),
        members=seat_players.given_members(data, int(data["players"])),
    )


def opening(record: GameRecord) -> GameRecord:
    """The game of `record` at version 1, just after `GameCreated` (what `start_record` gave):
    no seat filled, no state, no result, nothing at the table yet."""
    return dataclasses.replace(
        record,
        version=1,
        seats=(None,) * record.players,
        state=None,
        result=None,
        table=EMPTY,
        player_ids=seat_players.given_ids(record.created, record.players),
        members=seat_players.given_members(record.created, record.players),
    )


def apply(record: GameRecord, event: StoredEvent) -> GameRecord:
    """Returns the record after one more stored event (`ValueError` if it cannot follow); in a
    clocked game under way, a table event then tracks who owes a decision (`tracked`)."""
    if event.version != record.version + 1:
        raise ValueError(f"game {record.game_id}: event {event.version} after {record.version}")
    after = FOLDS.get(event.type, _engine_event)(record, event)
    if record.clock is None or record.state is None or event.type not in LIFECYCLE_EVENTS:
        return after
    restart = event.seat if event.type in RESTARTS else None
    table = tracked(record, after.table, after.state, event.at, restart)
    return after if table is after.table else dataclasses.replace(after, table=table)


def fold(record: GameRecord, events: Iterable[StoredEvent]) -> GameRecord:
    """Returns the record after `events` (in order)."""
    for event in events:
        record = apply(record, event)
    return record


def _game_created(record: GameRecord, event: StoredEvent) -> GameRecord:
    """`GameCreated` begins a log (`start_record`) and never follows anything."""
    raise ValueError(f"game {record.game_id}: a second {GAME_CREATED}")


def _engine_event(record: GameRecord, event: StoredEvent) -> GameRecord:
    """A fact of the rules (any type not in `FOLDS`): `evolve`d into the state (`_moved`)."""
    state = record.rules.evolve(record.state, decode_engine_event(record.rules, event))
    return _moved(record, event.version, state, event.seat, event.move, event.at)


def _moved(
    record: GameRecord, version: int, state: Any, seat: int | None, move: Any, at: str
) -> GameRecord:
    """The record at `version` with the engine `state` after a fact. A move's first fact (`move`
    set) remembers the state before it (`Table.history`: what a takeback returns to), ends a
    pending takeback, ends the seat's run of timeouts unless it is the stand-in's move for that
    very timeout (`Table.standing_in`), and counts in `Table.moved` when it is the seat's own
    (not stood in either); in a clocked game, who owes a decision since when."""
    table = record.table
    if move is not None and seat is not None:
        own = table.standing_in != seat and seat not in table.stand_ins
        history = (*table.history, Mark(record.version, seat, record.state, own))[-HISTORY:]
        idle, moved = table.idle, table.moved
        if table.standing_in != seat and idle and idle[seat]:
            idle = tuple(0 if s == seat else n for s, n in enumerate(idle))
        if own:
            moved = tuple(n + (s == seat) for s, n in enumerate(moved or (0,) * record.players))
        table = dataclasses.replace(
            table, history=history, takeback=None, idle=idle, standing_in=None, moved=moved
        )
    if record.clock is not None:
        table = tracked(record, table, state, at)
    r = record  # positional: the quickest copy of a slotted dataclass
    kept = (r.game_id, r.rules, r.seed, r.created, r.options, r.seats)
    ids = (r.player_ids, r.members)
    return GameRecord(*kept, state, version, r.result, r.imported, table, r.setup, *ids)


def _game_ended(record: GameRecord, event: StoredEvent) -> GameRecord:
    """`GameEnded` (data: seed, scores, winners, details, `status: ABANDONED` when abandoned)."""
    data = event.data
    result = Outcome(tuple(data["scores"]), tuple(data["winners"]), data["details"])
    table = record.table
    if data.get("status") == "ABANDONED":
        table = dataclasses.replace(table, abandoned=True)
    return dataclasses.replace(record, version=event.version, result=result, table=table)


def iso_ms(at: str) -> int:
    """Milliseconds since the epoch of an event's `at` (`YYYY-MM-DDTHH:MM:SS.mmmZ`)."""
    stamp = datetime.strptime(at, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)
    return int(stamp.timestamp() * 1000 + 0.5)


def tracked(
    record: GameRecord, table: Table, state: Any, at: str, restart: int | None = None
) -> Table:
    """`table` after an event at `at` of `record`'s clocked game that left the engine in `state`
    (`service.log.clocks`): a seat owing a decision in `state` owes it since `at` unless it
    already did, one owing none owes none; `restart` (a seat, after its `MoveTimed` or
    `TimedOut`): if it still owes a decision, its next one starts at `at`."""
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


FOLDS: dict[str, Callable[[GameRecord, StoredEvent], GameRecord]] = {
    GAME_CREATED: _game_created,
    SEAT_JOINED: lifecycle.seat_joined,
    GAME_ENDED: _game_ended,
    lifecycle.RESIGNED: lifecycle.resigned,
    lifecycle.TIMED_OUT: lifecycle.timed_out,
    lifecycle.STAND_IN_SEATED: lifecycle.stand_in_seated,
    lifecycle.MOVE_TIMED: lifecycle.move_timed,
    lifecycle.TAKEBACK_REQUESTED: lifecycle.takeback_requested,
    lifecycle.TAKEBACK_ANSWERED: lifecycle.takeback_answered,
    lifecycle.TAKEN_BACK: lifecycle.taken_back,
    lifecycle.SEAT_LEFT: lifecycle.seat_left,
    lifecycle.SEAT_TOKEN_REISSUED: lifecycle.seat_token_reissued,
}
"""The fold of every event type the service writes; any other type is an engine event."""


@dataclasses.dataclass(frozen=True, slots=True)
class Draft:
    """An event to store: type, data and seat; the version and stateHash come from the fold.

    A draft of a fact the engine has just decided also carries that fact (`fact`, for the
    reply's redaction) and the engine state after it (`after`, folded while deciding): `extend`
    then takes that state instead of decoding the stored form and evolving it once more."""

    type: str
    data: Mapping[str, Any]
    seat: int | None = None
    fact: Any = None
    after: Any = None


def extend(
    record: GameRecord,
    drafts: Iterable[Draft],
    move_id: str | None,
    at: str,
    move: Mapping[str, Any] | None = None,
) -> tuple[GameRecord, list[StoredEvent]]:
    """Folds `drafts` onto `record`; returns the new record and the events with hashes.

    `move` (the submitted move's wire form) is stored on the first event."""
    stored: list[StoredEvent] = []
    for draft in drafts:
        data = dict(draft.data)
        head = (record.version + 1, draft.type, EVENT_SCHEMA_VERSION, draft.seat)
        first = None if stored else move
        if draft.after is None:
            record = apply(record, StoredEvent(*head, None, data, at, "", first))
        else:  # decided and folded by the engine just now: its state after this very fact
            record = _moved(record, head[0], draft.after, draft.seat, first, at)
        stored.append(StoredEvent(*head, move_id, data, at, record.state_hash(), first))
    return record, stored
