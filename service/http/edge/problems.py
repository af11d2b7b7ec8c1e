"""REST errors (architecture §5b): `application/problem+json` (RFC 9457) with the stable `code`.

`STATUS` is the one table from every code of `service.contract.codes.ALL_CODES` (plus
`INTERNAL`, only for a bug) to its HTTP status and title; a test checks it covers every code.
The same typed errors the GraphQL door maps to `Rejected` / `VersionConflict` / top-level errors
are mapped here by their `code` alone: `problem_of` takes any `MoveError` or `ApiError`.
"""

from __future__ import annotations

from typing import Any

import msgspec
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import PlainTextResponse, Response

from boardstate.engine.core.errors import MoveError
from boardstate.service.contract.codes import BAD_REQUEST, ApiError
from boardstate.service.inputs import echo
from boardstate.service.logging import REQUEST_ID_KEY

INTERNAL = "INTERNAL"
"""A bug in the service (never an expected failure): 500."""
PROBLEM_TYPE = "application/problem+json"
RETRY_AFTER_DEFAULT = 1
"""Seconds a client waits before retrying a store failure that names no delay."""

STATUS: dict[str, tuple[int, str]] = {
    # 400: the request itself is malformed
    "BAD_JSON": (400, "Malformed JSON body"),
    "BAD_REQUEST": (400, "Malformed request"),
    "BAD_INPUT": (400, "Bad input"),
    "BAD_CURSOR": (400, "Bad cursor"),
    "BAD_VERSION": (400, "Bad version"),
    "OPERATION_NAME_REQUIRED": (400, "Operation name required"),
    "SUBSCRIPTION_OVER_HTTP": (400, "Subscription over HTTP"),
    "QUERY_TOO_COMPLEX": (400, "Query too complex"),
    "BAD_LOG": (400, "Not an exported log"),
    # 401 / 403: who is asking
    "UNAUTHORIZED": (401, "Unauthorized"),
    "PLAYER_TOKEN_INVALID": (401, "Player token refused"),
    "PLAYER_TOKEN_REQUIRED": (401, "Player token required"),
    "SIGNUP_DISABLED": (403, "Signup disabled"),
    "NOT_CHALLENGED": (403, "Not challenged"),
    "IMPORT_DISABLED": (403, "Import disabled"),
    "FORK_REVEALS_HIDDEN": (403, "Fork reveals hidden information"),
    # 404
    "GAME_NOT_FOUND": (404, "Game not found"),
    "WEBHOOK_NOT_FOUND": (404, "Webhook not found"),
    "DELIVERY_NOT_FOUND": (404, "Delivery not found"),
    "UNKNOWN_GAME_TYPE": (404, "Unknown game type"),
    "SEEK_NOT_FOUND": (404, "Seek not found"),
    "CHALLENGE_NOT_FOUND": (404, "Challenge not found"),
    "PLAYER_NOT_FOUND": (404, "Player not found"),
    # 409: the game's state conflicts with the request
    "VERSION_CONFLICT": (409, "Version conflict"),
    "SEAT_TAKEN": (409, "Seat taken"),
    "GAME_FULL": (409, "Game full"),
    "IDEMPOTENCY_KEY_REUSED": (409, "Idempotency key reused"),
    "GAME_NOT_FINISHED": (409, "Game not finished"),
    "ALREADY_LEFT": (409, "Seat already left"),
    "TAKEBACK_NOT_ALLOWED": (409, "Takeback not allowed"),
    "NO_TAKEBACK_REQUESTED": (409, "No takeback requested"),
    "LOG_CONFLICT": (409, "Log imported with other content"),
    "TOO_MANY_SEEKS": (409, "Too many open seeks"),
    "CHALLENGE_CLOSED": (409, "Challenge closed"),
    "TOO_MANY_CHALLENGES": (409, "Too many open challenges"),
    # 413
    "REQUEST_TOO_LARGE": (413, "Request body too large"),
    "LOG_TOO_LARGE": (413, "Log too large"),
    # 431: answered below the app (`service.http.edge.protocol.guard_answers`)
    "HEADERS_TOO_LARGE": (431, "Request header fields too large"),
    # 422: well-formed, but the rules or the game refuse it
    "MALFORMED_MOVE": (422, "Malformed move"),
    "ILLEGAL_MOVE": (422, "Illegal move"),
    "NOT_YOUR_TURN": (422, "Not your turn"),
    "GAME_FINISHED": (422, "Game finished"),
    "GAME_NOT_STARTED": (422, "Game not started"),
    "TIME_EXPIRED": (422, "Time expired"),
    "UNKNOWN_POLICY": (422, "Unknown policy"),
    "BAD_WEBHOOK": (422, "Bad webhook"),
    "BAD_FEED_FILTER": (400, "Bad feed filter"),
    "HINTS_OFF": (422, "Hints off"),
    "BAD_OPTIONS": (422, "Bad options"),
    "BAD_PLAYER_COUNT": (422, "Bad player count"),
    "BAD_SEED": (422, "Bad seed"),
    "BAD_NAME": (422, "Bad name"),
    "BAD_SEAT": (422, "Bad seat"),
    "LOG_UNVERIFIED": (422, "Log does not verify"),
    "BAD_MATCH_REQUEST": (422, "Bad seek or challenge"),
    # 429: too much, from this caller
    "RATE_LIMITED": (429, "Rate limited"),
    "QUOTA_EXCEEDED": (429, "Quota exceeded"),
    "TOO_MANY_STREAMS": (429, "Too many streams"),
    "CATCH_UP_LIMIT": (429, "Catch-up limit"),  # GraphQL only: REST says `event: resume`
    # 5xx: the service cannot answer now (503 with Retry-After) or a log it cannot serve
    "STORE_UNAVAILABLE": (503, "Store unavailable"),
    "APPEND_UNCERTAIN": (503, "Append uncertain"),
    "STORE_FULL": (503, "Store full"),
    "RULES_UNAVAILABLE": (503, "Rules unavailable"),
    "GAME_TYPE_NOT_INSTALLED": (503, "Game type not installed"),
    "ARCHIVED_LOG_MISSING": (503, "Archived log missing"),
    "ARCHIVED_LOG_TOO_LARGE": (503, "Archived log too large"),
    "LOG_DIVERGED": (500, "Log diverged"),
    INTERNAL: (500, "Internal error"),
}
RETRY_AFTER_STATUSES = (429, 503)


class Problem(Exception):
    """A problem raised by the REST layer itself (a malformed query parameter or header)."""

    def __init__(self, code: str, detail: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.details = details


def problem_body(
    code: str, detail: str, details: dict[str, Any] | None = None, status: int | None = None
) -> dict[str, Any]:
    """The RFC 9457 body of `code` (its status and title from `STATUS`, unless `status`)."""
    known, title = STATUS.get(code, STATUS[INTERNAL])
    status = known if status is None else status
    fields = ("type", "title", "status", "detail", "code", "details")
    return dict(zip(fields, ("about:blank", title, status, detail, code, details), strict=True))


def problem_response(
    code: str,
    detail: str,
    details: dict[str, Any] | None = None,
    status: int | None = None,
    retry_after: int | None = None,
) -> Response:
    """Returns the problem+json answer for `code` (its status from `STATUS` unless `status`
    is given). A 429 or 503 carries `Retry-After`: `retry_after`, else the delay the failure
    names (`details.retryAfter`), else `RETRY_AFTER_DEFAULT` for a 503 or `RATE_LIMITED`."""
    body = problem_body(code, detail, details, status)
    status = body["status"]
    headers: dict[str, str] = {}
    if status in RETRY_AFTER_STATUSES:
        wait = (details or {}).get("retryAfter") if retry_after is None else retry_after
        if isinstance(wait, int) and not isinstance(wait, bool) and wait >= 0:
            headers["retry-after"] = str(wait)
        elif status == 503 or code == "RATE_LIMITED":
            headers["retry-after"] = str(RETRY_AFTER_DEFAULT)
    return Response(msgspec.json.encode(body), status, headers, media_type=PROBLEM_TYPE)


def problem_of(
    error: MoveError | ApiError | Problem, status: int | None = None, retry_after: int | None = None
) -> Response:
    """Returns the answer for a typed failure of the game service or of the REST layer
    (`status` and `retry_after` as in `problem_response`)."""
    if isinstance(error, Problem):
        return problem_response(error.code, error.detail, error.details, status, retry_after)
    if isinstance(error, MoveError):
        return problem_response(
            error.code, error.message, error.details or None, status, retry_after
        )
    details = {k: v for k, v in error.extensions.items() if k != "code"}
    nested = details.pop("details", None)
    if isinstance(nested, dict):
        details.update(nested)
    return problem_response(error.code, error.message, details or None, status, retry_after)


def _problem_of_http(request: Request, exc: HTTPException) -> Response:
    path = echo(request.url.path)
    if exc.status_code == 405:
        detail = f"{request.method} is not allowed on {path}"
    elif exc.status_code == 404:
        detail = f"no route {path}"
    else:
        detail = str(exc.detail)
    response = problem_response(BAD_REQUEST, detail, status=exc.status_code)
    response.headers.update(exc.headers or {})
    return response


def _under_v1(request: Request) -> bool:
    path = request.url.path
    return path == "/v1" or path.startswith("/v1/")


async def http_error(request: Request, exc: Exception) -> Response:
    """The app's HTTP errors (404, 405 with `Allow`): problem+json under `/v1`, elsewhere
    Starlette's own plain-text answer."""
    assert isinstance(exc, HTTPException)
    if _under_v1(request):
        return _problem_of_http(request, exc)
    if exc.status_code in {204, 304}:
        return Response(status_code=exc.status_code, headers=exc.headers)
    return PlainTextResponse(exc.detail, status_code=exc.status_code, headers=exc.headers)


async def server_error(request: Request, exc: Exception) -> Response:
    """A bug: problem+json 500 `INTERNAL` under `/v1` and at `/graphql` (never an HTML page or
    a trace), elsewhere Starlette's plain-text 500. The exception is still logged by the
    server. (A bug inside a GraphQL resolver is an error coded `INTERNAL` in the result.)"""
    if _under_v1(request) or request.url.path == "/graphql":
        request_id = request.scope.get(REQUEST_ID_KEY)
        details = None if request_id is None else {"requestId": str(request_id)}
        return problem_response(INTERNAL, "internal error (a bug; it has been logged)", details)
    return PlainTextResponse("Internal Server Error", status_code=500)


CLIENT_GONE = 499
"""nginx's "client closed request": the status the request log and metrics note for a request
whose client left, or was cut off, while its body was read."""


async def client_gone(request: Request, exc: Exception) -> Response:
    """The body stopped: the client left, or the server cut it off (a body over its size limit,
    `service.http.edge.limits`, or past its deadline,
    `service.http.edge.protocol.connection_guard`). No one reads an answer (uvicorn drops it), so
    this is no error to log with a trace."""
    return Response(status_code=CLIENT_GONE)


EXCEPTION_HANDLERS = {
    HTTPException: http_error,
    ClientDisconnect: client_gone,
    Exception: server_error,
}
"""The app's exception handlers (`service.http.app.create_app`)."""
