"""msgpack encoding of stream entries, move records and index rows (architecture §4).

A stream entry has id `<version>-0` and one field `e` holding the msgpack map
`{type, v, seat, moveId, data, at, stateHash}`, plus `move` (the submitted move's wire form) on
the first event of each move; the version is the entry id, not a field. Decoding checks every
field and raises `CorruptEntry` on anything else. The append script (`append.lua`) takes its
arguments from `script_args`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

import msgpack

from boardstate.service.store.base import AppendOutcome, AppendRequest, GameSummary, StoredEvent

ENTRY_FIELD = b"e"
END_EVENT = "GameEnded"
"""The event that ends a log (architecture §5): always its last; nothing is appended after it."""
"""The one field of a stream entry."""


class CorruptEntry(ValueError):
    """Stored bytes do not decode to what the store wrote; the message says where."""


def _plain(value: object) -> object:
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(f"cannot encode {type(value).__name__} as msgpack")


def _pack(value: object) -> bytes:
    packed: bytes = msgpack.packb(value, use_bin_type=True, default=_plain)
    return packed


def _unpack_map(payload: bytes, what: str) -> dict[str, Any]:
    try:
        value = msgpack.unpackb(payload, raw=False)
    except Exception as exc:
        raise CorruptEntry(f"{what}: not msgpack ({exc})") from exc
    if not isinstance(value, dict):
        raise CorruptEntry(f"{what}: expected a map, got {type(value).__name__}")
    return value


def entry_id(version: int) -> str:
    """Returns the stream entry id of the event at `version`."""
    return f"{version}-0"


def version_of(raw_id: bytes | str) -> int:
    """Returns the version an entry id `<version>-0` stands for."""
    text = raw_id.decode("ascii") if isinstance(raw_id, bytes) else raw_id
    ms, _, seq = text.partition("-")
    if not ms.isdigit() or seq != "0":
        raise CorruptEntry(f"entry id {text!r} is not <version>-0")
    return int(ms)


def encode_event(event: StoredEvent) -> bytes:
    """Returns the msgpack bytes stored in the entry's `e` field."""
    fields: dict[str, Any] = {
        "type": event.type,
        "v": event.v,
        "seat": event.seat,
        "moveId": event.move_id,
        "data": event.data,
        "at": event.at,
        "stateHash": event.state_hash,
    }
    if event.move is not None:
        fields["move"] = event.move
    return _pack(fields)


EVENT_FIELDS: dict[str, tuple[type, ...]] = {  # the types of a stored event's fields
    "type": (str,),
    "v": (int,),
    "seat": (int, type(None)),
    "moveId": (str, type(None)),
    "data": (dict,),
    "at": (str,),
    "stateHash": (str,),
}


def decode_event(version: int, payload: bytes) -> StoredEvent:
    """Decodes the `e` field of the entry at `version`; raises `CorruptEntry` on garbage."""
    what = f"event {version}"
    fields = _unpack_map(payload, what)
    move = fields.pop("move", None)
    if set(fields) != set(EVENT_FIELDS) or not isinstance(move, dict | None):
        raise CorruptEntry(f"{what}: fields {sorted(map(str, fields))}")
    for name, types in EVENT_FIELDS.items():
        value = fields[name]
        if not isinstance(value, types) or isinstance(value, bool):
            raise CorruptEntry(f"{what}: field {name!r} has type {type(value).__name__}")
    return StoredEvent(
        version=version,
        type=fields["type"],
        v=fields["v"],
        seat=fields["seat"],
        move_id=fields["moveId"],
        data=fields["data"],
        at=fields["at"],
        state_hash=fields["stateHash"],
        move=move,
    )


def decode_entry(raw_id: object, fields: object) -> StoredEvent:
    """Decodes one `XRANGE`/`XREAD` entry `(id, {b"e": payload})`."""
    if not isinstance(raw_id, bytes | str):
        raise CorruptEntry(f"entry id {raw_id!r}")
    version = version_of(raw_id)
    if not isinstance(fields, Mapping) or len(fields) != 1:
        raise CorruptEntry(f"event {version}: fields {fields!r}, expected only b'e'")
    payload = fields.get(ENTRY_FIELD)
    if not isinstance(payload, bytes):
        raise CorruptEntry(f"event {version}: fields {list(fields)!r}, expected only b'e'")
    return decode_event(version, payload)


def as_bytes(value: bytes | str) -> bytes:
    """Returns a reply value as bytes (the store's clients do not decode replies)."""
    return value.encode() if isinstance(value, str) else value


def as_text(value: bytes | str) -> str:
    """Returns a reply value as text."""
    return value.decode() if isinstance(value, bytes) else value


def encode_outcome(first_version: int, last_version: int, fingerprint: str = "") -> bytes:
    """Returns the record of an accepted move id: the versions its events got and the move's
    fingerprint."""
    return _pack({"first": first_version, "last": last_version, "fp": fingerprint})


def move_fields(move_id: str | None, seat: int | None) -> tuple[str, str]:
    """Returns the moves-hash field of a move id (`<seat>:<moveId>`, or the bare id without a
    seat) and the legacy field to consult as well (the bare id; '' when none)."""
    if not move_id:
        return "", ""
    if seat is None:
        return move_id, ""
    return f"{seat}:{move_id}", move_id


def decode_outcome(payload: bytes, current_version: int) -> AppendOutcome:
    """Decodes a move record as the outcome of a duplicate submission."""
    fields = _unpack_map(payload, "move record")
    first, last, fp = fields.get("first"), fields.get("last"), fields.get("fp")
    if not isinstance(first, int) or not isinstance(last, int) or not isinstance(fp, str | None):
        raise CorruptEntry(f"move record: {fields!r}")
    return AppendOutcome(
        appended=False,
        current_version=current_version,
        first_version=first,
        last_version=last,
        duplicate_move=True,
        fingerprint=fp or None,
    )


def script_args(mode: str, request: AppendRequest) -> list[str | bytes | int]:
    """Returns the ARGV of `append.lua` for a create (`mode="create"`) or an append: mode,
    expected version, the move's record field, its outcome record, the legacy field, the seat,
    the seat tokens, the head hash, the meta fields and the encoded events. Raises
    `ValueError` unless the events are numbered on from `expected_version`."""
    events = list(request.events)
    if not events:
        raise ValueError("an append needs at least one event")
    for offset, event in enumerate(events, start=1):
        if event.version != request.expected_version + offset:
            raise ValueError(
                f"event {offset} has version {event.version}, "
                f"expected {request.expected_version + offset}"
            )
    meta = dict(request.meta or {})
    ends = [event.version for event in events if event.type == END_EVENT]
    if ends and ends != [events[-1].version]:
        raise ValueError(f"{END_EVENT} must be the last event of a log, not at {ends[0]}")
    if ends:  # the script refuses every later append (`append.lua`, 'ended')
        meta["ended"] = str(ends[0])
    field, legacy = move_fields(request.move_id, request.seat)
    args: list[str | bytes | int] = [mode, request.expected_version, field]
    args.append(encode_outcome(events[0].version, events[-1].version, request.fingerprint))
    args += [legacy, "" if request.seat is None else str(request.seat)]
    args.append(len(request.seat_tokens))
    for seat, token in request.seat_tokens:
        args += [seat, token]
    args.append(request.head_hash or "")
    args.append(len(meta))
    for name, value in meta.items():
        args += [name, value]
    args.append(len(events))
    args += [encode_event(event) for event in events]
    args.append(len(request.announcements))
    args += list(request.announcements)
    return args


def encode_summary(summary: GameSummary) -> bytes:
    """Returns an index row (the game id is the row's hash field)."""
    row = {"type": summary.game_type, "status": summary.status, "createdAt": summary.created_at}
    return _pack(row | {"players": list(summary.players)})


def decode_summary(game_id: str, payload: bytes) -> GameSummary:
    """Decodes an index row."""
    fields = _unpack_map(payload, f"index row {game_id!r}")
    values = (fields.get("type"), fields.get("status"), fields.get("createdAt"))
    players = fields.get("players", [])
    if not all(isinstance(value, str) for value in values) or not isinstance(players, list):
        raise CorruptEntry(f"index row {game_id!r}: {fields!r}")
    names = tuple(str(name) for name in players)
    return GameSummary(game_id, str(values[0]), str(values[1]), str(values[2]), names)


INLINE_ENCODE = 32
"""Events a create or append encodes on the event loop; a longer one is encoded in a thread."""


async def script_args_off_loop(mode: str, request: AppendRequest) -> list[str | bytes | int]:
    """`script_args`, in a worker thread for a long request (an import or a fork writes its
    whole log at once, and encoding it would hold the event loop for tens of milliseconds)."""
    if len(request.events) <= INLINE_ENCODE:
        return script_args(mode, request)
    return await asyncio.to_thread(script_args, mode, request)
