"""The shape of client input: strict JSON parsing, JSON depth and size, text and id checks.

Shared by every part of the service (like `settings` or `failures`); it imports no
sub-package. Limits and what a client sees when it crosses one: `docs/security.md`.

* `loads` parses a request body, a websocket message or one line of an imported log: UTF-8
  only, no `NaN`/`Infinity`, integers of at most `MAX_INT_DIGITS` digits (Python's own limit
  raises `ValueError` at 4300), at most `MAX_BODY_DEPTH` levels of nesting (deeper input stops
  the C parser by its recursion guard and is never walked), no lone surrogates (they cannot be
  encoded for Redis or msgpack). Every failure is a `BadJson`, a `JSONDecodeError`, so code
  that expects the standard library's parse error (strawberry's websocket loop) handles it.
* `json_problem` says why a decoded JSON value (a move, options) is deeper or larger than
  allowed, or holds a string that is not valid Unicode.
* `text_problem` does the same for one string argument; `is_game_id` parses ids strictly.
* `echo` / `clip` (from the engine) quote client input in messages and logs, clipped.
"""

from __future__ import annotations

import json
import re
from typing import Any

from boardstate.engine.core.echo import ECHO_CHARS, clip, echo

__all__ = [
    "ECHO_CHARS",
    "MAX_BODY_DEPTH",
    "MAX_GAME_ID_CHARS",
    "MAX_INT_DIGITS",
    "MAX_JSON_BYTES",
    "MAX_JSON_DEPTH",
    "MAX_TEXT_CHARS",
    "BadJson",
    "clip",
    "echo",
    "is_game_id",
    "json_problem",
    "loads",
    "shape_problem",
    "text_problem",
]

MAX_BODY_DEPTH = 64
"""Nesting levels of a whole request body, websocket message or import line."""
MAX_JSON_DEPTH = 16
"""Nesting levels of one move or options value (`{"a": [1]}` has 2)."""
MAX_JSON_BYTES = 16 * 1024
"""UTF-8 bytes of one move or options value, as compact JSON."""
MAX_INT_DIGITS = 100
"""Digits of one JSON integer."""
MAX_TEXT_CHARS = 256
"""Characters of a free-text argument without a tighter limit of its own (`player` filter)."""
MAX_GAME_ID_CHARS = 64
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}", re.ASCII)
"""Game ids are made by the service (`secrets.token_urlsafe`): URL-safe base64 characters."""


class BadJson(json.JSONDecodeError):
    """Input is not acceptable JSON; the message says why (and never repeats it whole)."""

    def __init__(self, reason: str) -> None:
        ValueError.__init__(self, reason)
        self.msg = reason
        self.doc = ""
        self.pos = 0
        self.lineno = 1
        self.colno = 1

    def __str__(self) -> str:
        return self.msg

    def __reduce__(self) -> tuple[type[BadJson], tuple[str]]:
        return type(self), (self.msg,)


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise BadJson(f"an integer has {len(digits)} digits; at most {MAX_INT_DIGITS} are allowed")
    return int(digits)


def _parse_constant(name: str) -> Any:
    raise BadJson(f"{name} is not JSON")


def _bad_text(text: str) -> bool:
    """Tells whether `text` holds a lone surrogate (it cannot be encoded as UTF-8)."""
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def shape_problem(value: Any, max_depth: int) -> str | None:
    """Returns why `value` is deeper than `max_depth` or holds a lone surrogate, else None.
    Iterative: never recurses, whatever the input."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if _bad_text(item):
                return "a string holds a lone surrogate (not valid Unicode)"
        elif isinstance(item, dict | list | tuple):
            if depth > max_depth:
                return f"nested deeper than {max_depth} levels"
            if isinstance(item, dict):
                for key, inner in item.items():
                    if isinstance(key, str) and _bad_text(key):
                        return "a key holds a lone surrogate (not valid Unicode)"
                    stack.append((inner, depth + 1))
            else:
                stack.extend((inner, depth + 1) for inner in item)
    return None


_DECODER = json.JSONDecoder(parse_int=_parse_int, parse_constant=_parse_constant)
"""The strict parser, built once (`json.loads` with these hooks builds one per call)."""


def loads(data: bytes | str, max_depth: int = MAX_BODY_DEPTH) -> Any:
    """Returns the JSON value of `data`; raises `BadJson` saying what is wrong."""
    if isinstance(data, bytes | bytearray | memoryview):
        try:
            text = bytes(data).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadJson(f"not UTF-8 (invalid byte at offset {exc.start})") from None
    else:
        text = data
    try:
        if text.startswith("\ufeff"):  # as json.loads refuses it
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        value = _DECODER.decode(text)
    except BadJson:
        raise
    except RecursionError:
        raise BadJson(f"not JSON: nested deeper than {max_depth} levels") from None
    except ValueError as exc:
        raise BadJson(f"not JSON: {clip(str(exc), 200)}") from None
    problem = shape_problem(value, max_depth)
    if problem is not None:
        raise BadJson(problem)
    return value


def json_problem(
    value: Any, max_depth: int = MAX_JSON_DEPTH, max_bytes: int = MAX_JSON_BYTES
) -> str | None:
    """Returns why a decoded JSON value is too deep, too large or not valid Unicode, else
    None. The size is that of its compact UTF-8 JSON form."""
    problem = shape_problem(value, max_depth)
    if problem is not None:
        return problem
    try:
        size = len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    except (TypeError, ValueError):
        return "not a JSON value"
    if size > max_bytes:
        return f"{size} bytes of JSON; at most {max_bytes} are allowed"
    return None


def text_problem(text: str, max_chars: int = MAX_TEXT_CHARS) -> str | None:
    """Returns why a string argument is too long or not valid Unicode, else None."""
    if len(text) > max_chars:
        return f"{len(text)} characters; at most {max_chars} are allowed"
    if _bad_text(text):
        return "it holds a lone surrogate (not valid Unicode)"
    return None


def is_game_id(game_id: str) -> bool:
    """Tells whether `game_id` has the form of the ids the service makes (strict, ASCII)."""
    return GAME_ID.fullmatch(game_id) is not None
