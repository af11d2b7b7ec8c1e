"""Opaque, stable Relay cursors: URL-safe base64 of `v:<version>` (events) or `g:<key>` (games)."""

from __future__ import annotations

import base64
import binascii

from boardstate.schema.codes import BAD_CURSOR, ApiError


def _encode(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii")


def _decode(cursor: str, kind: str) -> str:
    try:
        text = base64.urlsafe_b64decode(cursor.encode("ascii")).decode("utf-8")
    except (binascii.Error, UnicodeError, ValueError):
        text = ""
    prefix = f"{kind}:"
    if not text.startswith(prefix):
        raise ApiError(BAD_CURSOR, f"invalid cursor {cursor[:60]!r}")
    return text[len(prefix) :]


def event_cursor(version: int) -> str:
    """Returns the cursor of the event at `version`."""
    return _encode(f"v:{version}")


def event_after(cursor: str | None) -> int:
    """Returns the version an `after` cursor points at (0 for none); raises `BAD_CURSOR`."""
    if cursor is None:
        return 0
    body = _decode(cursor, "v")
    if not body.isdigit() or len(body) > 12:
        raise ApiError(BAD_CURSOR, f"invalid cursor {cursor[:60]!r}")
    return int(body)


def game_cursor(key: str) -> str:
    """Returns the cursor of an index row given the store's position key."""
    return _encode(f"g:{key}")


def game_after(cursor: str | None) -> str | None:
    """Returns the store's position key of an `after` cursor; raises `BAD_CURSOR`."""
    return None if cursor is None else _decode(cursor, "g")
