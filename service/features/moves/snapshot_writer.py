"""Periodic snapshots of a game's folded state: stored beside the log, never its source of truth.

A snapshot is taken at every version that is a multiple of `every` (setting
`BOARDSTATE_SNAPSHOT_EVERY`), by the process that appends or folds past it. Its blob is msgpack
`{fingerprint, version, seats, playerIds, members, moved, state, result}`, with the engine state
in its wire form (`engine.core.wire.encode_value`), `moved` the seats' own moves that stand
(`Table.moved`: not in the stateHash, so the blob carries it; format 2) and `members` which
playerIds are memberships (`GameRecord.members`; format 3). The fingerprint names the snapshot
format, the game's rules version and data hash and the shape of the state's dataclasses, so a
snapshot written by other engine code is ignored, never decoded into the wrong shape.

A snapshot is used only after it is verified against the log: its record's stateHash must equal
the stored `stateHash` of the event at its version. Anything else (unknown fingerprint,
undecodable, wrong hash) is logged and skipped, and the game is folded from the log.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import hashlib
import typing
from collections.abc import Iterable, Sequence
from typing import Any

import msgpack
import structlog

from boardstate.engine.core.rules import GameRules, Outcome
from boardstate.engine.core.wire import decode_value, encode_value
from boardstate.service.failures import StoreUnavailable
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import apply
from boardstate.service.store import EventStore, StoredEvent

log = structlog.get_logger("boardstate.snapshots")

SNAPSHOT_FORMAT = 3
"""2: with `moved`; 3: with `members` (issue 37). A snapshot of an older format is ignored: the
game is folded from its log."""


@functools.cache
def _shape(tp: Any) -> str:
    """Returns a description of a type: dataclass fields and enum values, recursively."""
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp, include_extras=True)
        fields = ",".join(f"{f.name}:{_shape(hints[f.name])}" for f in dataclasses.fields(tp))
        return f"{tp.__qualname__}({fields})"
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return f"{tp.__qualname__}<{','.join(str(m.value) for m in tp)}>"
    args = typing.get_args(tp)
    if args:
        return f"{typing.get_origin(tp)}[{','.join(_shape(a) for a in args)}]"
    return repr(tp)


def state_type(record: GameRecord) -> type[Any]:
    """Returns the class of the game's engine state."""
    return type(record.rules.initial_state(record.players, record.options))


def fingerprint(rules: GameRules[Any, Any, Any], state_cls: Any) -> str:
    """Returns the fingerprint a snapshot of this engine code carries."""
    info = rules.info
    text = f"{SNAPSHOT_FORMAT}|{info.id}|{info.rules_version}|{rules.data.content_hash}"
    return hashlib.sha256(f"{text}|{_shape(state_cls)}".encode()).hexdigest()[:32]


def encode(record: GameRecord) -> bytes:
    """Returns the snapshot blob of `record`."""
    result = record.result
    doc = {
        "fingerprint": fingerprint(record.rules, state_type(record)),
        "version": record.version,
        "seats": list(record.seats),
        "playerIds": list(record.player_ids),
        "members": list(record.members),
        "moved": list(record.table.moved),
        "state": None if record.state is None else encode_value(record.state),
        "result": None
        if result is None
        else {
            "scores": list(result.scores),
            "winners": list(result.winners),
            "details": encode_value(dict(result.details)),
        },
    }
    packed: bytes = msgpack.packb(doc, use_bin_type=True)
    return packed


def decode(proto: GameRecord, blob: bytes) -> GameRecord:
    """Returns the record a blob holds, on top of `proto` (the same game at any version).

    Raises `ValueError` when the blob is not a snapshot of this engine code; the caller must
    still verify the result against the log's stateHash.
    """
    try:
        doc = msgpack.unpackb(blob, raw=False, strict_map_key=False)
    except Exception as exc:
        raise ValueError(f"not msgpack: {exc}") from exc
    state_cls = state_type(proto)
    if not isinstance(doc, dict) or doc.get("fingerprint") != fingerprint(proto.rules, state_cls):
        raise ValueError("written by other engine code (fingerprint differs)")
    raw = doc["result"]
    result = None
    if raw is not None:
        result = Outcome(tuple(raw["scores"]), tuple(raw["winners"]), raw["details"])
    state = None if doc["state"] is None else decode_value(state_cls, doc["state"], "state")
    seats = tuple(None if s is None else str(s) for s in doc["seats"])
    if len(seats) != proto.players:
        raise ValueError(f"{len(seats)} seats, the game has {proto.players}")
    ids = tuple(None if i is None else str(i) for i in doc.get("playerIds", proto.player_ids))
    members = doc.get("members")
    if not isinstance(members, list) or len(members) not in (0, proto.players):
        raise ValueError("no membership flags of the seats")
    moved = doc.get("moved")
    if not isinstance(moved, list) or len(moved) not in (0, proto.players):
        raise ValueError("no count of the seats' own moves")
    table = dataclasses.replace(proto.table, moved=tuple(int(n) for n in moved))
    return dataclasses.replace(
        proto,
        version=int(doc["version"]),
        seats=seats,
        state=state,
        result=result,
        player_ids=ids,
        members=tuple(m is True for m in members),
        table=table,
    )


def due(start: int, records: Iterable[GameRecord], every: int) -> list[GameRecord]:
    """Returns the records (of a fold that began at version `start`) that are snapshot points."""
    if every <= 0:
        return []
    return [r for r in records if r.version > start and r.version % every == 0]


class SnapshotWriter:
    """Stores the snapshots of a game as it is appended to or folded."""

    def __init__(self, store: EventStore, every: int) -> None:
        self.store = store
        self.every = every

    async def after_append(
        self, before: GameRecord, events: Sequence[StoredEvent], after: GameRecord | None = None
    ) -> None:
        """Stores the snapshots due within a just-appended batch of events; `after`, the game
        after them, is the snapshot itself when the batch ends at the one due (no refold)."""
        every = self.every
        if every <= 0 or before.version // every == (before.version + len(events)) // every:
            return
        if after is not None and after.version % every == 0 and len(events) <= every:
            await self.save([after])  # the batch's end is its only snapshot point
            return
        record, passed = before, []
        for event in events:
            record = apply(record, event)
            passed.append(record)
        await self.save(due(before.version, passed, every))

    async def save(self, records: Sequence[GameRecord]) -> None:
        """Stores snapshots of `records`; a failure is logged (snapshots are optional)."""
        for record in records:
            try:
                await self.store.snapshot_put(record.game_id, record.version, encode(record))
            except StoreUnavailable as exc:
                log.warning("snapshot_put_failed", game_id=record.game_id, error=str(exc))
                return
