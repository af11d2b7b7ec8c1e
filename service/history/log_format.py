"""The portable game record: exported log lines as NDJSON or msgpack, written and read.

One line (or msgpack object) per event, flat, as stored (DESIGN §5):
`{"version", "type", "v", "seat", "moveId", "data", "at", "stateHash"}`, plus `"move"` on the
first event of each move where the reader may see it. NDJSON is UTF-8 JSON, compact, one
object per line; msgpack is a concatenation of maps. `read_log` tells them apart by the first
byte (`{` starts NDJSON) and checks every field.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

import msgpack

from boardstate.service.failures import BadLog
from boardstate.service.store import StoredEvent

LINE_FIELDS: dict[str, tuple[type, ...]] = {
    "version": (int,),
    "type": (str,),
    "v": (int,),
    "seat": (int, type(None)),
    "moveId": (str, type(None)),
    "data": (dict,),
    "at": (str,),
    "stateHash": (str,),
}


def ndjson_line(line: Mapping[str, Any]) -> bytes:
    """Returns one export line as NDJSON (with its newline)."""
    text = json.dumps(line, ensure_ascii=False, separators=(",", ":"))
    return (text + "\n").encode("utf-8")


def msgpack_line(line: Mapping[str, Any]) -> bytes:
    """Returns one export line as a msgpack map."""
    packed: bytes = msgpack.packb(dict(line), use_bin_type=True)
    return packed


def write_log(events: Iterable[StoredEvent]) -> bytes:
    """Returns complete events as an NDJSON export."""
    return b"".join(ndjson_line(event.to_export()) for event in events)


def from_line(line: Any, number: int) -> StoredEvent:
    """Returns the event of one export line; raises `BadLog`."""
    if not isinstance(line, dict):
        raise BadLog(f"line {number}: not an object")
    unknown = set(line) - set(LINE_FIELDS) - {"move"}
    missing = set(LINE_FIELDS) - set(line)
    if unknown or missing:
        raise BadLog(f"line {number}: unknown {sorted(unknown)}, missing {sorted(missing)}")
    for name, types in LINE_FIELDS.items():
        value = line[name]
        if not isinstance(value, types) or isinstance(value, bool):
            raise BadLog(f"line {number}: {name} has type {type(value).__name__}")
    move = line.get("move")
    if not isinstance(move, dict | None):
        raise BadLog(f"line {number}: move is not an object")
    return StoredEvent(
        version=line["version"],
        type=line["type"],
        v=line["v"],
        seat=line["seat"],
        move_id=line["moveId"],
        data=line["data"],
        at=line["at"],
        state_hash=line["stateHash"],
        move=move,
    )


def read_log(payload: bytes) -> list[StoredEvent]:
    """Returns the events of an NDJSON or msgpack export; raises `BadLog`."""
    if payload.lstrip()[:1] == b"{":
        lines: list[Any] = []
        for number, raw in enumerate(payload.splitlines(), start=1):
            if not raw.strip():
                continue
            try:
                lines.append(json.loads(raw))
            except ValueError as exc:
                raise BadLog(f"line {number}: not JSON ({exc})") from None
    else:
        unpacker = msgpack.Unpacker(raw=False, strict_map_key=False)
        unpacker.feed(payload)
        try:
            lines = list(unpacker)
        except Exception as exc:
            raise BadLog(f"not NDJSON and not msgpack ({exc})") from None
    if not lines:
        raise BadLog("the file holds no events")
    return [from_line(line, number) for number, line in enumerate(lines, start=1)]
