"""Opaque, stable Relay cursors: URL-safe base64 of `v:<version>` (events), `g:<key>` (games),
`o:<offset>` (ranked lists) or `c:<created ms>|<id>` (a player's challenges).

Parsing is strict: a bounded length, canonical base64, and for events a version of ASCII
digits only (no sign, no leading zeros, at most 12 digits; `int()` alone would read Unicode
digits such as `٣`). Anything else is `BAD_CURSOR`, quoting at most a clipped prefix.
"""

from __future__ import annotations

import base64
import binascii
import re

from boardstate.engine.core.echo import echo
from boardstate.service.contract.codes import BAD_CURSOR, ApiError

MAX_CURSOR_CHARS = 400
"""Characters of a cursor (base64 of a game key of at most ~290 characters)."""
_VERSION = re.compile(r"0|[1-9][0-9]{0,11}", re.ASCII)
_GAME_KEY = re.compile(r"[\x21-\x7e]{1,290}", re.ASCII)
_LISTED = re.compile(r"[0-9]{15}\|[A-Za-z0-9_-]{1,64}", re.ASCII)


def _encode(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii")


def _invalid(cursor: str) -> ApiError:
    return ApiError(BAD_CURSOR, f"invalid cursor {echo(cursor)}")


def _decode(cursor: str, kind: str) -> str:
    if len(cursor) > MAX_CURSOR_CHARS or not cursor.isascii():
        raise _invalid(cursor)
    try:
        raw = base64.urlsafe_b64decode(cursor.encode("ascii"))
        text = raw.decode("ascii")
    except (binascii.Error, UnicodeError, ValueError):
        raise _invalid(cursor) from None
    prefix = f"{kind}:"
    if not text.startswith(prefix) or _encode(text) != cursor:
        raise _invalid(cursor)
    return text[len(prefix) :]


def event_cursor(version: int) -> str:
    """Returns the cursor of the event at `version`."""
    return _encode(f"v:{version}")


def event_after(cursor: str | None) -> int:
    """Returns the version an `after` cursor points at (0 for none); raises `BAD_CURSOR`."""
    if cursor is None:
        return 0
    body = _decode(cursor, "v")
    if _VERSION.fullmatch(body) is None:
        raise _invalid(cursor)
    return int(body)


def game_cursor(key: str) -> str:
    """Returns the cursor of an index row given the store's position key."""
    return _encode(f"g:{key}")


def game_after(cursor: str | None) -> str | None:
    """Returns the store's position key of an `after` cursor; raises `BAD_CURSOR`."""
    if cursor is None:
        return None
    key = _decode(cursor, "g")
    if _GAME_KEY.fullmatch(key) is None:
        raise _invalid(cursor)
    return key


def offset_cursor(offset: int) -> str:
    """Returns the cursor of the position `offset` in a ranked list (a leaderboard, a history)."""
    return _encode(f"o:{offset}")


def offset_after(cursor: str | None) -> int:
    """Returns the position an `after` cursor points at (0 for none); raises `BAD_CURSOR`."""
    if cursor is None:
        return 0
    body = _decode(cursor, "o")
    if _VERSION.fullmatch(body) is None:
        raise _invalid(cursor)
    return int(body)


def challenge_cursor(position: str) -> str:
    """Returns the cursor of a challenge in a player's list (`<created ms>|<id>`)."""
    return _encode(f"c:{position}")


def challenge_after(cursor: str | None) -> str | None:
    """Returns the list position an `after` cursor points at; raises `BAD_CURSOR`."""
    if cursor is None:
        return None
    position = _decode(cursor, "c")
    if _LISTED.fullmatch(position) is None:
        raise _invalid(cursor)
    return position
