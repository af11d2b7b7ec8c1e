"""The declarations of a game's history routes of `/v1` (issue 29, item 5; handlers in
`service.http.rest.history.handlers`): fork, import and verify, one `ApiRoute` each."""

from __future__ import annotations

from typing import Any

from boardstate.service.contract.work_costs import WRITE
from boardstate.service.http.rest.games import models as m
from boardstate.service.http.rest.history import handlers as h
from boardstate.service.http.rest.history.models import ForkIn, ImportedOut, VerificationOut
from boardstate.service.http.rest.prices import IMPORT_KIB, Price
from boardstate.service.http.rest.route import REQUIRED, ApiRoute, Param, json_answer

HISTORY_MODELS: tuple[type[Any], ...] = (ForkIn, ImportedOut, VerificationOut)
"""The bodies of these routes, for the document's components."""

GAME_ID = Param("id", "path", "The game's id.", {"type": "string"}, route_name="game_id")
LOG_BODY: dict[str, Any] = {
    "required": True,
    "description": "An exported log (`GET /v1/games/{id}/log`) as NDJSON or msgpack (told "
    "apart by its first byte), at most BOARDSTATE_MAX_IMPORT_BYTES (a line at most "
    "BOARDSTATE_MAX_IMPORT_LINE_BYTES).",
    "content": {
        "application/x-ndjson": {"schema": {"type": "string"}},
        "application/msgpack": {"schema": {"type": "string", "format": "binary"}},
    },
}
LOG_PROBLEMS: dict[int, tuple[str, ...]] = {
    400: ("BAD_LOG",),
    401: ("UNAUTHORIZED",),
    403: ("IMPORT_DISABLED",),
    409: ("LOG_CONFLICT",),
    413: ("LOG_TOO_LARGE",),
    422: ("LOG_UNVERIFIED",),
    503: ("APPEND_UNCERTAIN", "STORE_FULL", "STORE_UNAVAILABLE"),
}
LOG_REFUSALS = ("BAD_LOG", "LOG_UNVERIFIED")
"""A body of the documented media type that is no export (events in order), or whose events
do not verify: what no schema of a string can state."""
REPLAYED = {
    **json_answer(ImportedOut, "This log was imported before: that game"),
    "headers": {"Idempotent-Replayed": {"schema": {"const": "true"}}},
}

HISTORY_ROUTES: tuple[ApiRoute, ...] = (
    ApiRoute(
        method="POST",
        path="/v1/games/{game_id}/fork",
        handler=h.fork,
        operation_id="forkGame",
        summary="A new game from `version` of a finished game (forkGame)",
        ok={"201": json_answer(m.GameCreatedOut, "The fork and a token for every seat")},
        price=Price(WRITE + 77),
        errors=(400, 401, 403, 404, 409, 413, 422, 429, 503),
        refusals=("BAD_VERSION", "GAME_NOT_FINISHED"),
        params=(GAME_ID,),
        body=ForkIn,
        example={"version": 12},
    ),
    ApiRoute(
        method="POST",
        path="/v1/games/import",
        handler=h.import_log,
        operation_id="importLog",
        summary="Verifies an exported, finished log and stores it as a game (admin token)",
        ok={"201": json_answer(ImportedOut, "Imported"), "200": REPLAYED},
        price=Price(WRITE, per_kib=IMPORT_KIB),
        errors=(400, 401, 403, 409, 413, 422, 429, 503),
        only=LOG_PROBLEMS,
        refusals=LOG_REFUSALS,
        security=REQUIRED,
        raw_body=LOG_BODY,
    ),
    ApiRoute(
        method="POST",
        path="/v1/games/verify",
        handler=h.verify,
        operation_id="verifyLog",
        summary="Verifies an exported log as `boardstate verify --json` does; stores nothing",
        ok={"200": json_answer(VerificationOut, "The report (`ok: false` names the failure)")},
        price=Price(1, per_kib=IMPORT_KIB),
        errors=(400, 413, 429),
        only=LOG_PROBLEMS,
        refusals=("BAD_LOG",),
        raw_body=LOG_BODY,
    ),
)
"""In the document's order."""
