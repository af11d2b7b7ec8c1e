"""Checks of free-text arguments the schema passes on (filters): bounded length, valid
Unicode. A bad one is a `BAD_INPUT` GraphQL error naming the argument, never an internal error
(a lone surrogate cannot be encoded for Redis)."""

from __future__ import annotations

from boardstate.service.contract.codes import BAD_INPUT, ApiError

MAX_FILTER_CHARS = 64
"""Characters of a `games(player:, gameType:)` filter (player names have at most 64)."""


def text_argument(name: str, value: str | None, max_chars: int = MAX_FILTER_CHARS) -> str | None:
    """Returns `value` when it is at most `max_chars` characters of valid Unicode; raises a
    `BAD_INPUT` `ApiError` otherwise."""
    if value is None:
        return None
    if len(value) > max_chars:
        raise ApiError(BAD_INPUT, f"{name}: {len(value)} characters; at most {max_chars} allowed")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ApiError(BAD_INPUT, f"{name}: not valid Unicode (a lone surrogate)") from None
    return value
