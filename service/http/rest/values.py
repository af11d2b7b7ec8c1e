"""The bounds of REST values, stated once for the OpenAPI document and the handlers.

The document promises exactly what the server accepts, so that a request valid by it is never
refused for its shape (schemathesis's positive-data check) and one invalid by it always is:

* seats are 0..`MAX_SEAT` (the largest game has `MAX_SEAT + 1`); a seat a game does not have is
  `BAD_SEAT`, which depends on the game, not on the document;
* versions are 1..`MAX_QUERY_INT`, positions (`afterVersion`) and page sizes 0..`MAX_QUERY_INT`;
  beyond: 400 (`service.http.rest.common.query_int`), beyond the game's log: `BAD_VERSION`; a
  stream's position (`afterVersion`, `Last-Event-ID`) has at most 12 digits;
* a cursor is URL-safe base64 of at most 400 characters; one this server did not issue is
  `BAD_CURSOR`;
* player names, player ids and moveIds are `format: printable`: every character printable as
  Python's `str.isprintable` says (no control, format, separator, surrogate, private-use or
  unassigned code point), which no JSON Schema pattern can state (the set is the Unicode
  database's); the server checks exactly that (`service.features.lobby.seat_names.check_name`,
  `service.log.move_ids`).

`msgspec.Meta(extra_json_schema=...)` documents a bound without changing the validation of the
body, so each refusal keeps its code on both doors (a player count of 9 is `BAD_PLAYER_COUNT`
over REST as over GraphQL, not a generic 400).
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from boardstate.engine.bots.policies import POLICIES
from boardstate.engine.registry import GAMES
from boardstate.engine.table.options import MAX_BUDGET_MS, MIN_BUDGET_MS, STAND_IN
from boardstate.service.contract.cursors import MAX_CURSOR_CHARS

MAX_QUERY_INT = 10**12
"""The largest integer a query parameter may hold (a version, a position, a page size)."""
MAX_PLAYERS = max(rules.info.max_players for rules in GAMES.values())
MAX_SEAT = MAX_PLAYERS - 1
PRINTABLE = "printable"
SEAT_POLICIES = [STAND_IN, *sorted(POLICIES)]

SEAT_SCHEMA: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": MAX_SEAT}
VERSION_SCHEMA: dict[str, Any] = {"type": "integer", "minimum": 1, "maximum": MAX_QUERY_INT}
POSITION_SCHEMA: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": MAX_QUERY_INT}
CURSOR_SCHEMA: dict[str, Any] = {
    "type": "string",
    "maxLength": MAX_CURSOR_CHARS,
    "pattern": "^[A-Za-z0-9_-]*={0,2}$",
}
"""A page's `nextCursor`: URL-safe base64 (`service.contract.cursors`); one of this shape that
this server did not issue is `BAD_CURSOR`, as an id it did not issue is not found."""
ETAG_SCHEMA: dict[str, Any] = {
    "type": "string",
    "pattern": '^(W/)?"(0|[1-9][0-9]{0,11}|1000000000000)"$',
}
_HEADER_CHAR = r"\x21-\x7e\xa1-\xac\xae-\xff"
MOVE_ID_SCHEMA: dict[str, Any] = {
    "type": "string",
    "minLength": 1,
    "maxLength": 128,
    "pattern": f"^[{_HEADER_CHAR}]([ {_HEADER_CHAR}]*[{_HEADER_CHAR}])?$",
}
"""A moveId in a header (`Idempotency-Key`): the printable characters a header can carry
(Latin-1, read as such), no space at either end (a header value is trimmed)."""


def _doc(**schema: Any) -> msgspec.Meta:
    return msgspec.Meta(extra_json_schema=schema)


Seat = Annotated[int, _doc(minimum=0, maximum=MAX_SEAT)]
Players = Annotated[int, _doc(minimum=1, maximum=MAX_PLAYERS)]
Version = Annotated[int, _doc(minimum=0, maximum=MAX_QUERY_INT)]
BudgetMs = Annotated[int, _doc(minimum=MIN_BUDGET_MS, maximum=MAX_BUDGET_MS)]
Name = Annotated[str, _doc(format=PRINTABLE, minLength=1, maxLength=64)]
PlayerId = Annotated[str, _doc(format=PRINTABLE, minLength=1, maxLength=64)]
MoveId = Annotated[str, _doc(format=PRINTABLE, minLength=1, maxLength=128)]
Policy = Annotated[str, _doc(enum=SEAT_POLICIES)]
BotPolicy = Annotated[str, _doc(enum=sorted(POLICIES))]
AT_MOST_PLAYERS = _doc(maxItems=MAX_PLAYERS)
