"""The language of the words for people (issue 39, item 6): `Accept-Language` negotiated.

Descriptions (`describe` of events and legal moves, the history's words, a board picture's last
move) come in the languages of the games' words (`engine.core.describe.LANGUAGES`: English, and
German, the games' own). The HTTP edge reads the request's `Accept-Language` (RFC 9110 §12.5.4)
once, sets `LANGUAGE` for the request (or the socket's whole life), and answers
`Content-Language` with `Vary: Accept-Language`; everything below that describes reads
`current()`. A range matches a language by its primary subtag (`de-AT` asks for German), `*`
matches those no other range names; the highest `q` wins, the earlier range on a tie, and `q=0`
refuses. No range we have, no header, or a header beyond the bounds: English.

Bounds: the header is read only when it is at most `MAX_HEADER` characters with at most
`MAX_RANGES` ranges (browsers send a few); anything longer is ignored, as RFC 9110 lets a
server do, and the answer is in English.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from contextvars import ContextVar

from boardstate.engine.core.describe import LANGUAGES

DEFAULT = LANGUAGES[0]
MAX_HEADER = 256
"""Characters of `Accept-Language` read; a longer header is ignored."""
MAX_RANGES = 16
"""Language ranges read; a header with more is ignored."""

LANGUAGE: ContextVar[str] = ContextVar("boardstate_language", default=DEFAULT)
"""The language of the request being answered (the edge sets it)."""

_RANGE = re.compile(r"^([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)$")
_WEIGHT = re.compile(r"^[qQ]=(0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)$")


def current() -> str:
    """The language descriptions are said in now."""
    return LANGUAGE.get()


def asked(headers: Iterable[tuple[bytes, bytes]]) -> str:
    """The language a request's raw headers (an ASGI scope's) ask for: every `Accept-Language`
    field, joined as one list (RFC 9110 §5.3), negotiated."""
    fields = [value for key, value in headers if key.lower() == b"accept-language"]
    if not fields:
        return DEFAULT
    return negotiate(b",".join(fields).decode("latin-1"))


@functools.lru_cache(maxsize=256)
def negotiate(header: str | None) -> str:
    """The language `Accept-Language` asks for among `LANGUAGES` (the default when none);
    remembered for the last 256 headers (browsers send the same few)."""
    if not header or len(header) > MAX_HEADER:
        return DEFAULT
    ranges = [part.strip() for part in header.split(",") if part.strip()]
    if len(ranges) > MAX_RANGES:
        return DEFAULT
    best: dict[str, float] = {}
    wildcard: float | None = None
    for part in ranges:
        tag, _, params = part.partition(";")
        tag = tag.strip()
        weight = 1.0
        if params:
            found = _WEIGHT.match(params.strip())
            if found is None:
                continue  # a malformed weight: the range is ignored
            weight = float(found[1])
        if not _RANGE.match(tag):
            continue
        primary = tag.split("-", 1)[0].lower()
        if primary == "*":
            wildcard = weight if wildcard is None else wildcard
        elif primary in LANGUAGES and primary not in best:
            best[primary] = weight
    for language in LANGUAGES:  # `*` stands for the languages no range named
        if wildcard is not None and language not in best:
            best[language] = wildcard
    chosen = max(best.items(), key=lambda kv: kv[1], default=(DEFAULT, 0.0))
    return chosen[0] if chosen[1] > 0 else DEFAULT
