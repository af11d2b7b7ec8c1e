"""`POST /games/import`: store an exported, finished log as a new game (operator only).

The request carries `Authorization: Bearer <BOARDSTATE_ADMIN_TOKEN>` and the log as NDJSON or
msgpack (as `GET /games/{id}/log` of a finished game returns it). The log is verified
completely (`service.history.verify`): every stateHash, the seed commitment and every random
outcome. Only then is it stored, verbatim, under a new game id and marked imported. Answers: 201
`{gameId, gameType, version, status, imported}`; 400 `BAD_LOG`; 401 `UNAUTHORIZED`; 403
`IMPORT_DISABLED`; 413 `LOG_TOO_LARGE`; 422 `LOG_UNVERIFIED` (naming the first bad event).
"""

from __future__ import annotations

import structlog
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from boardstate.engine.core.errors import UNAUTHORIZED
from boardstate.schema.codes import (
    BAD_LOG,
    IMPORT_DISABLED,
    LOG_TOO_LARGE,
    LOG_UNVERIFIED,
    ApiError,
)
from boardstate.schema.context import bearer_token
from boardstate.service.failures import BadLog, LogUnverified
from boardstate.service.games.game_service import GameService
from boardstate.service.games.offload import off_loop
from boardstate.service.games.seat_tokens import admin_token_matches
from boardstate.service.games.store_failures import store_errors
from boardstate.service.history.log_format import read_log

log = structlog.get_logger("boardstate.importing")

MAX_IMPORT_BYTES = 32 * 1024 * 1024


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


async def _body(request: Request) -> bytes | None:
    """Returns the body, or None once it exceeds `MAX_IMPORT_BYTES`."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_IMPORT_BYTES:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


async def import_game(request: Request) -> Response:
    """Verifies an uploaded log and stores it as a new imported game."""
    service: GameService = request.state.service
    expected = service.admin_token
    if expected is None:
        return _error(403, IMPORT_DISABLED, "imports are off: set BOARDSTATE_ADMIN_TOKEN")
    if not admin_token_matches(expected, bearer_token(request.headers.get("authorization"))):
        return _error(401, UNAUTHORIZED, "imports need Authorization: Bearer <admin token>")
    payload = await _body(request)
    if payload is None:
        return _error(413, LOG_TOO_LARGE, f"a log may have at most {MAX_IMPORT_BYTES} bytes")
    try:
        events = await off_loop(read_log, payload)
    except BadLog as exc:
        return _error(400, BAD_LOG, f"not an exported log: {exc}")
    try:
        with store_errors():
            record = await service.archive.import_log(events)
    except LogUnverified as exc:
        log.warning("import_refused", reason=str(exc))
        return _error(422, LOG_UNVERIFIED, f"the log does not verify: {exc}")
    except ApiError as exc:
        return _error(503, exc.code, exc.message)
    body = {
        "gameId": record.game_id,
        "gameType": record.rules.info.id,
        "version": record.version,
        "status": record.status,
        "imported": True,
    }
    return JSONResponse(body, status_code=201)
