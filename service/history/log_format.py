"""The portable game record: exported log lines as NDJSON or msgpack, written and read.

One line (or msgpack object) per event, flat, as stored (architecture §5):
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
from boardstate.service.inputs import MAX_BODY_DEPTH, BadJson, clip, loads, shape_problem
from boardstate.service.store import StoredEvent
from boardstate.service.store.codec import EVENT_FIELDS

LINE_FIELDS: dict[str, tuple[type, ...]] = {"version": (int,), **EVENT_FIELDS}
"""The fields of one exported line: the event's version, then the stored event's fields."""


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


MSGPACK_SLICE = 64 * 1024
"""Bytes fed to the msgpack unpacker at a time."""


class LogReader:
    """Reads an export as it arrives, NDJSON line by line or msgpack object by object, so an
    upload is never held whole: no line (object) may exceed `max_line_bytes`, and every line
    is parsed strictly (`service.inputs.loads`: UTF-8, bounded depth and integers). Raises
    `BadLog` naming the line (1-based)."""

    def __init__(self, max_line_bytes: int) -> None:
        self.max_line_bytes = max_line_bytes
        self.events: list[StoredEvent] = []
        self._buffer = bytearray()
        self._ndjson: bool | None = None
        self._unpacker: Any = None
        self._number = 0
        self._fed = 0

    def feed(self, chunk: bytes) -> None:
        """Parses what `chunk` completes; keeps the rest of a line for the next chunk."""
        if self._ndjson is None:
            self._buffer += chunk
            head = self._buffer.lstrip()
            if not head:
                self._check_pending()
                return
            self._ndjson = head[:1] == b"{"
            chunk, self._buffer = bytes(self._buffer), bytearray()
            if not self._ndjson:
                self._unpacker = msgpack.Unpacker(
                    raw=False,
                    strict_map_key=False,
                    max_buffer_size=self.max_line_bytes + MSGPACK_SLICE,
                )
        if self._ndjson:
            self._buffer += chunk
            start = 0
            while (end := self._buffer.find(b"\n", start)) >= 0:
                self._line(bytes(self._buffer[start:end]))
                start = end + 1
            del self._buffer[:start]
            self._check_pending()
        else:
            for offset in range(0, len(chunk), MSGPACK_SLICE):
                self._unpack(chunk[offset : offset + MSGPACK_SLICE])

    def _check_pending(self) -> None:
        if len(self._buffer) > self.max_line_bytes:
            raise BadLog(f"line {self._number + 1}: longer than {self.max_line_bytes} bytes")

    def _line(self, raw: bytes) -> None:
        self._number += 1
        if len(raw) > self.max_line_bytes:
            raise BadLog(f"line {self._number}: longer than {self.max_line_bytes} bytes")
        if not raw.strip():
            return
        try:
            line = loads(raw)
        except BadJson as exc:
            raise BadLog(f"line {self._number}: {exc}") from None
        self.events.append(from_line(line, self._number))

    def _unpack(self, data: bytes) -> None:
        self._fed += len(data)
        try:
            self._unpacker.feed(data)
            for line in self._unpacker:
                self._number += 1
                problem = shape_problem(line, MAX_BODY_DEPTH)
                if problem is not None:
                    raise BadLog(f"line {self._number}: {problem}")
                self.events.append(from_line(line, self._number))
        except BadLog:
            raise
        except msgpack.BufferFull:
            raise BadLog(
                f"line {self._number + 1}: longer than {self.max_line_bytes} bytes"
            ) from None
        except Exception as exc:
            raise BadLog(f"not NDJSON and not msgpack ({clip(str(exc), 200)})") from None

    def finish(self) -> list[StoredEvent]:
        """Returns every event once the input has ended; raises `BadLog`."""
        if self._ndjson and self._buffer:
            self._line(bytes(self._buffer))
            self._buffer.clear()
        if self._unpacker is not None and self._unpacker.tell() != self._fed:
            raise BadLog(f"line {self._number + 1}: the msgpack stream ends inside an object")
        if not self.events:
            raise BadLog("the file holds no events")
        return self.events


def read_log(payload: bytes) -> list[StoredEvent]:
    """Returns the events of an NDJSON or msgpack export; raises `BadLog`."""
    reader = LogReader(max_line_bytes=max(len(payload), 1))
    reader.feed(payload)
    return reader.finish()
