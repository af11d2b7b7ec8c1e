"""Game records: the fold of a game's log into a `GameRecord` (`service.log.game_record`), and
how new events become `StoredEvent`s.

Log layout: event 1 is `GameCreated` (seat null); then one `SeatJoined` per seat (seat i, data
`{name}`); the append that fills the last seat also carries the game's setup events. Engine
events are stored with `type` = their wire type and `data` = the wire dict without `type`. A
finished game ends with `GameEnded` (data: seed, scores, winners, details).

The engine state is None while a seat is empty; the event that fills the last seat sets it to
`rules.initial_state(players, options)`, and engine events evolve it from there. Events are
folded with the rules their game was created with (`service.log.rulebook`), after upcasting their
data to the current event schema (`service.log.upcasting`). The first event of each move carries
the submitted move (`StoredEvent.move`, envelope v2).

Randomness: the decision at version n (the log's version before its events) draws from
`Rng.for_decision(seed_for(n), n)`; `seed_for` is the game's seed, except in a fork, whose
copied history keeps the seeds of the games it came from (`GameCreated.data.forkedFrom.seeds`).

`stateHash` of the event at version n is the lowercase hex of
`HMAC-SHA256(key = seed as UTF-8, msg = canonical_bytes({"version": n, "seats": [name or None,
...], "state": engine state or None}))`, with `engine.core.canonical.canonical_bytes`: it
covers the full (unredacted) state after the event; since it is keyed with the secret seed it
reveals nothing until `GameEnded` publishes the seed.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Iterable, Mapping
from typing import Any

from boardstate.engine.core.rules import GameRules, Outcome
from boardstate.engine.core.wire import encode_value
from boardstate.engine.table.options import table_from_wire
from boardstate.service.log import table_fold
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.lifecycle import EMPTY, LIFECYCLE_EVENTS
from boardstate.service.log.rulebook import rules_for
from boardstate.service.log.time_source import now_iso as now_iso
from boardstate.service.log.upcasting import CURRENT_VERSION, upcast
from boardstate.service.store.base import StoredEvent

GAME_CREATED = "GameCreated"
SEAT_JOINED = "SeatJoined"
GAME_ENDED = "GameEnded"
SERVICE_EVENTS = frozenset({GAME_CREATED, SEAT_JOINED, GAME_ENDED}) | LIFECYCLE_EVENTS
EVENT_SCHEMA_VERSION = CURRENT_VERSION


def seed_commitment(seed: str) -> str:
    """Returns the lowercase hex SHA-256 of the seed's UTF-8 bytes."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


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
        player_ids=table_fold.given_player_ids(data.get("playerIds"), int(data["players"])),
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
        player_ids=table_fold.given_player_ids(record.created.get("playerIds"), record.players),
    )


DECODED = 256
"""Engine events remembered by the very stored event they were decoded from (`decode_engine_event`:
a live event pushed to several streams is folded once and redacted for each, from one decode)."""
_decoded: dict[int, tuple[StoredEvent, Any]] = {}


def decode_engine_event(rules: GameRules[Any, Any, Any], event: StoredEvent) -> Any:
    """Returns the engine event of a stored one (its data upcast to the current schema)."""
    known = _decoded.get(id(event))
    if known is not None and known[0] is event:  # the same object (held here: its id is its own)
        return known[1]
    data = upcast(rules.info.id, event.type, event.v, event.data)
    fact = rules.events.decode({"type": event.type, **data})
    if len(_decoded) >= DECODED:
        _decoded.clear()
    _decoded[id(event)] = (event, fact)
    return fact


def apply(record: GameRecord, event: StoredEvent) -> GameRecord:
    """Returns the record after one more stored event."""
    if event.version != record.version + 1:
        raise ValueError(f"game {record.game_id}: event {event.version} after {record.version}")
    changes: dict[str, Any] = {"version": event.version}
    if event.type == SEAT_JOINED:
        return table_fold.seat_joined(record, event)
    if event.type == GAME_ENDED:
        data = event.data
        changes["result"] = Outcome(
            scores=tuple(data["scores"]), winners=tuple(data["winners"]), details=data["details"]
        )
        if data.get("status") == "ABANDONED":
            changes["table"] = dataclasses.replace(record.table, abandoned=True)
    elif event.type == GAME_CREATED:
        raise ValueError(f"game {record.game_id}: a second {GAME_CREATED}")
    elif event.type in LIFECYCLE_EVENTS:
        return table_fold.lifecycle_step(record, event)
    else:
        state = record.rules.evolve(record.state, decode_engine_event(record.rules, event))
        return table_fold.engine_step(
            record, event.version, state, event.seat, event.move, event.at
        )
    return dataclasses.replace(record, **changes)


def fold(record: GameRecord, events: Iterable[StoredEvent]) -> GameRecord:
    """Returns the record after `events` (in order)."""
    for event in events:
        record = apply(record, event)
    return record


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


def engine_draft(
    rules: GameRules[Any, Any, Any], event: Any, seat: int | None, after: Any = None
) -> Draft:
    """Returns the draft of an engine event (its wire dict without `type`); `after` is the
    engine state after it when the caller has it (`GameRules.decide_folded`)."""
    wire = rules.events.encode(event)
    kind = wire.pop("type")
    return Draft(kind, wire, seat, event, after)


def ended_draft(record: GameRecord, outcome: Outcome, abandoned: bool = False) -> Draft:
    """Returns the `GameEnded` draft, which reveals the seed (`status: ABANDONED` when the
    game was abandoned: `service.log.endings`)."""
    data: dict[str, Any] = {
        "seed": record.seed,
        "scores": list(outcome.scores),
        "winners": list(outcome.winners),
        "details": encode_value(dict(outcome.details)),
    }
    if abandoned:
        data["status"] = "ABANDONED"
    return Draft(GAME_ENDED, data)


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
            record = table_fold.engine_step(record, head[0], draft.after, draft.seat, first, at)
        stored.append(StoredEvent(*head, move_id, data, at, record.state_hash(), first))
    return record, stored
