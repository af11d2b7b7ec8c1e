"""Every error code the API reports, in one place (architecture §3, §5). Codes are API.

The exceptions that carry them are defined where they are raised: the engine's in
`engine/core/errors.py`, the service's in `service/failures.py` (one class per code). The schema
maps any `MoveError` to a result by its `code` (`schema.results.move_failure`) and reports other
failures as `ApiError`s.

Rejections (`Rejected.code` in mutation results; `extensions.code` of a GraphQL error where a
field cannot return a union):

* `MALFORMED_MOVE` — the move (or its `moveId`) cannot be parsed.
* `NOT_YOUR_TURN` — the seat may not act now.
* `ILLEGAL_MOVE` — the move parsed but the rules forbid it now; `details.rule` names the rule.
* `GAME_FINISHED` — the game is over.
* `GAME_NOT_STARTED` — the game still waits for players.
* `UNAUTHORIZED` — the seat token is missing or does not belong to that seat of that game.
* `VERSION_CONFLICT` — `expectedVersion` is stale (mutations return `VersionConflict`).
* `UNKNOWN_GAME_TYPE` — no game type of that id.
* `BAD_OPTIONS` — the options do not match the game type's options schema.
* `BAD_PLAYER_COUNT` — the player count (or the number of `seats` names) is not allowed.
* `BAD_SEED` — a client seed was given but the server forbids them, or it is over 256 bytes.
* `BAD_NAME` — a player name is empty or longer than 64 characters, or a display name breaks
  its rule (`details.reason`: `control`, `empty`, `length`; `features.players.display_names`).
* `GAME_NOT_FOUND` — no game with that id.
* `GAME_FULL` — every seat of the game is taken.
* `SEAT_TAKEN` — the requested seat is taken.
* `BAD_SEAT` — the seat index is outside the game's seats.
* `GAME_NOT_FINISHED` — `forkGame` needs a finished game.
* `IDEMPOTENCY_KEY_REUSED` — this seat's `moveId` was accepted before for another move or
  another `expectedVersion`, or a seek's key named another seek; nothing recorded (`details`).
* `FORK_REVEALS_HIDDEN` — `forkGame` at a position where a seat holds what the spectator does
  not see (or a draw order is fixed): only the operator (`BOARDSTATE_ADMIN_TOKEN`) may ask for
  an exact copy with `exact: true`.
* `BAD_VERSION` — also a `forkGame` rejection: the version is not a move boundary of the game.
* `ALREADY_LEFT` — `resign`/`leaveGame` for a seat that is out already (it resigned or
  forfeited on time).
* `TAKEBACK_NOT_ALLOWED` — `requestTakeback` when the seat has no move the table remembers
  (`details.reason`: `no_move`), something random or hidden was revealed since
  (`revealed`, with `details.version`), someone else left or timed out since (`lifecycle`),
  or a request is pending already (`pending`).
* `NO_TAKEBACK_REQUESTED` — `answerTakeback` with no request pending, or by a seat that is not
  asked (its requester, a seat out or stood in), or a second answer.
* `HINTS_OFF` — `suggestMove` in a game created without `options.hints: true`.
* `WEBHOOK_NOT_FOUND` — no webhook endpoint with that id.
* `DELIVERY_NOT_FOUND` — no delivery with that id for that endpoint (deliveries are kept 7 days).
* `BAD_WEBHOOK` — a webhook's `url` is not an acceptable target (not http(s), credentials in it,
  a loopback, private or reserved address) or its `events` / `gameTypes` name something unknown.
* `BAD_FEED_FILTER` — the feed's `Last-Event-ID` / `after` is not a feed position, or a seat
  token asks for another game than its own.
* `UNKNOWN_POLICY` — `replaceSeat` with a policy this server does not have
  (`details.known`).
* `TIME_EXPIRED` — the seat's clock ran out before its move arrived; the timeout is applied
  (`details.deadline`).
* `RATE_LIMITED` — too many requests (or games created, or points of work) from this address
  or token; `details.retryAfter` says in how many seconds to retry (`docs/security.md`).
* `QUOTA_EXCEEDED` — `createGame`/`forkGame`: the creator has as many unfinished games as
  allowed (`details.limit`); finish or leave some, or let OPEN ones expire. `leaveGame` of an
  unstarted game that has had as many joins and leaves as allowed (`details.limit`,
  `details.scope: "seatChanges"`): the seat stays taken; the game starts when its seats fill.

GraphQL errors only (top-level `errors`, `extensions.code`):

* `BAD_VERSION` — `state(version:)` is outside 1..version; `afterVersion` (events, `gameEvents`)
  outside 0..version or `beforeVersion` outside 1..version+1: a position past the log.
* `BAD_CURSOR` — an `after`/`before` cursor was not produced by this API, or names an event the
  game does not have.
* `STORE_UNAVAILABLE` — Redis cannot be reached; nothing was written; retry later.
* `STORE_FULL` — Redis is at its memory limit and refuses writes; nothing was written, and
  nothing recorded before is lost; reads still work; retry later (`retryAfter`, seconds).
* `RATE_LIMITED` — also a top-level error (and HTTP 429 with `Retry-After`) when a request
  is refused before it runs; `extensions.retryAfter` in seconds; refused by the points budget,
  also `scope: "points"`, `cost` (the operation's points) and `remaining`.
* `APPEND_UNCERTAIN` — the append may or may not have been stored; retry with the same
  `moveId` (a retry returns the original result if it was stored).
* `LOG_DIVERGED` — the game's log does not reproduce itself (an event does not apply or its
  `stateHash` differs); the game is not served until an operator repairs it.
* `RULES_UNAVAILABLE` — the game was created with a rules version or data set this server
  does not have; it is never replayed with other rules.
* `GAME_TYPE_NOT_INSTALLED` — the game's type is served by no package installed here (its
  package was uninstalled); the game is kept as it is, its raw log stays exportable, and it is
  served whole again once the package is installed (docs/adding-a-game.md).
* `QUERY_TOO_COMPLEX` — the document is over a limit, checked before it is validated or run;
  `extensions.measure` names it (`tokens`, `fragments`, `fields`, `depth`, `aliases`, `cost`),
  `extensions.limit` is the limit and `extensions.value` what the document has
  (`docs/security.md`).
* `OPERATION_NAME_REQUIRED` — the document has several operations and no `operationName`.
* `SUBSCRIPTION_OVER_HTTP` — a subscription was sent as a plain HTTP request; subscriptions
  are served over the graphql-transport-ws websocket protocol.
* `TOO_MANY_STREAMS` — a `gameEvents` or `feed` subscription over a cap on live streams (per
  seat token, per client address, feed streams per process, or per process);
  `extensions.scope` names which (`token`, `address`, `feed`, `process`) and `extensions.limit`
  its value; retry once another stream has ended (`docs/security.md`).
* `CATCH_UP_LIMIT` — the last message of a `feed` subscription that read as many announcements
  as one subscription may before it caught up with the feed (`extensions.limit`): subscribe
  again with `after: extensions.resumeAfter` to read on (`docs/webhooks.md`).

Malformed or oversized requests (HTTP 4xx; on `/graphql` a GraphQL-shaped body `{"errors":
[{"message", "extensions": {"code", ...}}]}`, elsewhere problem+json; `docs/security.md`):

* `REQUEST_TOO_LARGE` — HTTP 413: the body is over the limit (`extensions.limit`, in bytes).
* `HEADERS_TOO_LARGE` — HTTP 431: a line of the request's head, or all of it, is over its limit.
* `BAD_JSON` — HTTP 400: the body (or `variables`/`extensions`) is not acceptable JSON (not
  UTF-8, not an object, nested too deeply, an integer of too many digits); the message says
  what is wrong.
* `BAD_REQUEST` — HTTP 400 (405 for a method GraphQL does not serve): not a GraphQL request
  (no query, unsupported content type, batching).
* `BAD_INPUT` — a GraphQL error: a string argument is too long or not valid Unicode (a lone
  surrogate), a page size (`first`, `last`) is negative, or an `Int` is past GraphQL's 32 bits
  (2^31; a position past 2^63 or 2^64 among them); the message names the argument.

Plain HTTP only (`POST /games/import`, JSON body `{"error": {"code", "message"}}`):

* `IMPORT_DISABLED` — the server has no `BOARDSTATE_ADMIN_TOKEN`, so it imports nothing.
* `BAD_LOG` — the body is not an exported log (NDJSON or msgpack); the message names the line.
* `LOG_TOO_LARGE` — the body is larger than the import limit.
* `LOG_UNVERIFIED` — the log does not verify completely (the message names the first event
  that does not hold), or its game has not ended.
* `LOG_CONFLICT` — HTTP 409: a log of the same game (the same seed commitment, final version
  and final stateHash) was imported before with other content (`gameId` names that game); the
  same log again is not an error but returns that game (idempotent).
"""

from __future__ import annotations

from typing import Any

from boardstate.engine.core.errors import ALL_CODES as ENGINE_CODES
from boardstate.engine.core.errors import MoveError
from boardstate.service.contract.archive_codes import ARCHIVE_CODES
from boardstate.service.contract.players.match_codes import MATCH_CODES
from boardstate.service.contract.players.player_codes import PLAYER_CODES

BAD_SEED = "BAD_SEED"
BAD_NAME = "BAD_NAME"
GAME_NOT_FOUND = "GAME_NOT_FOUND"
GAME_FULL = "GAME_FULL"
SEAT_TAKEN = "SEAT_TAKEN"
BAD_SEAT = "BAD_SEAT"
BAD_VERSION = "BAD_VERSION"
BAD_CURSOR = "BAD_CURSOR"
STORE_UNAVAILABLE = "STORE_UNAVAILABLE"
APPEND_UNCERTAIN = "APPEND_UNCERTAIN"
GAME_NOT_FINISHED = "GAME_NOT_FINISHED"
IDEMPOTENCY_KEY_REUSED = "IDEMPOTENCY_KEY_REUSED"
FORK_REVEALS_HIDDEN = "FORK_REVEALS_HIDDEN"
LOG_DIVERGED = "LOG_DIVERGED"
RULES_UNAVAILABLE = "RULES_UNAVAILABLE"
GAME_TYPE_NOT_INSTALLED = "GAME_TYPE_NOT_INSTALLED"
TOO_MANY_STREAMS = "TOO_MANY_STREAMS"
CATCH_UP_LIMIT = "CATCH_UP_LIMIT"
IMPORT_DISABLED = "IMPORT_DISABLED"
BAD_LOG = "BAD_LOG"
LOG_TOO_LARGE = "LOG_TOO_LARGE"
LOG_UNVERIFIED = "LOG_UNVERIFIED"
LOG_CONFLICT = "LOG_CONFLICT"
QUERY_TOO_COMPLEX = "QUERY_TOO_COMPLEX"
OPERATION_NAME_REQUIRED = "OPERATION_NAME_REQUIRED"
SUBSCRIPTION_OVER_HTTP = "SUBSCRIPTION_OVER_HTTP"
RATE_LIMITED = "RATE_LIMITED"
QUOTA_EXCEEDED = "QUOTA_EXCEEDED"
STORE_FULL = "STORE_FULL"
REQUEST_TOO_LARGE = "REQUEST_TOO_LARGE"
HEADERS_TOO_LARGE = "HEADERS_TOO_LARGE"
BAD_JSON = "BAD_JSON"
BAD_REQUEST = "BAD_REQUEST"
BAD_INPUT = "BAD_INPUT"
ALREADY_LEFT = "ALREADY_LEFT"
TAKEBACK_NOT_ALLOWED = "TAKEBACK_NOT_ALLOWED"
NO_TAKEBACK_REQUESTED = "NO_TAKEBACK_REQUESTED"
TIME_EXPIRED = "TIME_EXPIRED"
UNKNOWN_POLICY = "UNKNOWN_POLICY"
HINTS_OFF = "HINTS_OFF"
WEBHOOK_NOT_FOUND = "WEBHOOK_NOT_FOUND"
DELIVERY_NOT_FOUND = "DELIVERY_NOT_FOUND"
BAD_WEBHOOK = "BAD_WEBHOOK"
BAD_FEED_FILTER = "BAD_FEED_FILTER"

SERVICE_CODES: tuple[str, ...] = (
    BAD_SEED,
    BAD_NAME,
    GAME_NOT_FOUND,
    GAME_FULL,
    SEAT_TAKEN,
    BAD_SEAT,
    GAME_NOT_FINISHED,
    RATE_LIMITED,
    QUOTA_EXCEEDED,
    IDEMPOTENCY_KEY_REUSED,
    FORK_REVEALS_HIDDEN,
    ALREADY_LEFT,
    TAKEBACK_NOT_ALLOWED,
    NO_TAKEBACK_REQUESTED,
    TIME_EXPIRED,
    UNKNOWN_POLICY,
    HINTS_OFF,
    WEBHOOK_NOT_FOUND,
    DELIVERY_NOT_FOUND,
    BAD_WEBHOOK,
    BAD_FEED_FILTER,
)
TRANSPORT_CODES: tuple[str, ...] = (
    BAD_VERSION,
    BAD_CURSOR,
    STORE_UNAVAILABLE,
    APPEND_UNCERTAIN,
    STORE_FULL,
    LOG_DIVERGED,
    RULES_UNAVAILABLE,
    GAME_TYPE_NOT_INSTALLED,
    QUERY_TOO_COMPLEX,
    OPERATION_NAME_REQUIRED,
    SUBSCRIPTION_OVER_HTTP,
    TOO_MANY_STREAMS,
    CATCH_UP_LIMIT,
)
HTTP_CODES = (IMPORT_DISABLED, BAD_LOG, LOG_TOO_LARGE, LOG_UNVERIFIED, LOG_CONFLICT)
REQUEST_CODES = (REQUEST_TOO_LARGE, HEADERS_TOO_LARGE, BAD_JSON, BAD_REQUEST, BAD_INPUT)
ALL_CODES: tuple[str, ...] = (
    *ENGINE_CODES,
    *SERVICE_CODES,
    *TRANSPORT_CODES,
    *HTTP_CODES,
    *REQUEST_CODES,
    *PLAYER_CODES,
    *MATCH_CODES,
    *ARCHIVE_CODES,
)


class ApiError(Exception):
    """A failure reported as a top-level GraphQL error; `extensions` carries the code.

    graphql-core copies the `extensions` attribute of a resolver's exception into the error.
    """

    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.extensions: dict[str, Any] = {"code": code, **(details or {})}


def as_api_error(error: MoveError) -> ApiError:
    """Returns a rejection as a top-level GraphQL error (for fields without a result union)."""
    return ApiError(error.code, error.message, {"details": error.details} if error.details else {})


def retryable(code: str, message: str) -> ApiError:
    """Returns a store failure the client should retry (same `moveId` for moves)."""
    return ApiError(code, message, {"retryable": True})
