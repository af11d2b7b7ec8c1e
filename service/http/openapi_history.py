"""The OpenAPI description of a game's history routes (`service.http.rest_history`: fork,
import, verify; issue 29, item 5), used by `service.http.openapi_doc`."""

from __future__ import annotations

from typing import Any

from boardstate.service.http import rest_models as m
from boardstate.service.http.openapi_paths import GAME_ID, _json, _op
from boardstate.service.http.rest_history_models import ForkIn, ImportedOut, VerificationOut

MODELS: tuple[type[Any], ...] = (ForkIn, ImportedOut, VerificationOut)

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
LOG_PROBLEMS = {400: ("BAD_LOG",), 413: ("LOG_TOO_LARGE",)}


def _log_op(op_id: str, summary: str, ok: dict[str, Any], errors: tuple[int, ...]) -> Any:
    only = LOG_PROBLEMS | {
        401: ("UNAUTHORIZED",),
        403: ("IMPORT_DISABLED",),
        409: ("LOG_CONFLICT",),
        422: ("LOG_UNVERIFIED",),
        503: ("APPEND_UNCERTAIN", "STORE_FULL", "STORE_UNAVAILABLE"),
    }
    operation = _op(op_id, summary, ok, errors, only=only)
    operation["requestBody"] = LOG_BODY
    return operation


def history_paths() -> dict[str, Any]:
    created = _json(m.GameCreatedOut, "The fork and a token for every seat")
    imported = _json(ImportedOut, "Imported")
    replayed = {
        **_json(ImportedOut, "This log was imported before: that game"),
        "headers": {"Idempotent-Replayed": {"schema": {"const": "true"}}},
    }
    return {
        "/v1/games/{id}/fork": {
            "post": _op(
                "forkGame",
                "A new game from `version` of a finished game (forkGame)",
                {"201": created},
                (400, 401, 403, 404, 409, 413, 422, 429, 503),
                (GAME_ID,),
                ForkIn,
                {"version": 12},
            )
        },
        "/v1/games/import": {
            "post": _log_op(
                "importLog",
                "Verifies an exported, finished log and stores it as a game (admin token)",
                {"201": imported, "200": replayed},
                (400, 401, 403, 409, 413, 422, 429, 503),
            )
        },
        "/v1/games/verify": {
            "post": _log_op(
                "verifyLog",
                "Verifies an exported log as `boardstate verify --json` does; stores nothing",
                {"200": _json(VerificationOut, "The report (`ok: false` names the failure)")},
                (400, 413, 429),
            )
        },
    }
