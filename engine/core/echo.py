"""`echo(value)`: how a message quotes what a client sent, at most a short, marked prefix.

Every error message and log line that repeats client input goes through `echo`, so a 100 KB id
comes back as its first 64 characters and `…(+N chars)`, never whole. Standard library only,
like the rest of the engine; the service uses the same helper (`service.inputs`).
"""

from __future__ import annotations

from typing import Any

ECHO_CHARS = 64
"""Characters of client input an error message or a log line repeats."""
_MARK = "…(+{} chars)"


def clip(text: str, limit: int = ECHO_CHARS) -> str:
    """Returns `text`, or its first `limit` characters and `…(+N chars)` when longer."""
    if len(text) <= limit:
        return text
    return text[:limit] + _MARK.format(len(text) - limit)


def echo(value: Any, limit: int = ECHO_CHARS) -> str:
    """Returns the `repr` of client input, clipped to `limit` characters (see `clip`).

    A long string is cut before it is quoted, so it costs no more than a short one; lone
    surrogates and other unprintable characters come out escaped by `repr`, never raw.
    """
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + _MARK.format(len(value) - limit)
    return clip(repr(value), limit)
