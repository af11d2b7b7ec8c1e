"""`POST /games/import`: store an exported, finished log as a new game (operator only).

The request carries `Authorization: Bearer <BOARDSTATE_ADMIN_TOKEN>` and the log as NDJSON or
msgpack (as `GET /games/{id}/log` of a finished game returns it). The log is verified
completely (`service.history.verify`): every stateHash, the seed commitment and every random
outcome. Only then is it stored, verbatim, under a game id derived from the log's game
(`service.history.import_identity`) and marked imported (`imported: true`, `seededByClient:
true`: a log cannot prove that a server drew its seed). Answers: 201 `{gameId, gameType, version,
status, imported, seededByClient}`; 200 with the same body and `Idempotent-Replayed: true` when
this log was imported before (the existing game: idempotent); 400 `BAD_LOG`; 401
`UNAUTHORIZED`; 403 `IMPORT_DISABLED`; 409 `LOG_CONFLICT` (another log of the same game was
imported, `gameId`); 413 `LOG_TOO_LARGE` (over `BOARDSTATE_MAX_IMPORT_BYTES`, told by
`Content-Length` or counted as the body streams in; a line over
`BOARDSTATE_MAX_IMPORT_LINE_BYTES` is a `BAD_LOG`); 422 `LOG_UNVERIFIED` (naming the first bad
event).
"""

from __future__ import annotations

from datetime import UTC, datetime

import structlog
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from boardstate.engine.core.errors import UNAUTHORIZED
from boardstate.service.composition import Service
from boardstate.service.contract.codes import (
    BAD_LOG,
    IMPORT_DISABLED,
    LOG_CONFLICT,
    LOG_TOO_LARGE,
    LOG_UNVERIFIED,
    ApiError,
)
from boardstate.service.contract.tokens import bearer_token
from boardstate.service.failures import BadLog, LogConflict, LogUnverified
from boardstate.service.history.log_format import LogReader
from boardstate.service.http.limits import declared_length
from boardstate.service.inputs import clip
from boardstate.service.log import time_source
from boardstate.service.runtime.offload import off_loop
from boardstate.service.runtime.seat_tokens import admin_token_matches
from boardstate.service.runtime.store_failures import store_errors
from boardstate.service.store import StoredEvent

log = structlog.get_logger("boardstate.importing")

IMPORT_PATH = "/games/import"


def _error(status: int, code: str, message: str, **more: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message, **more}}, status_code=status)


INLINE_CHUNK = 16 * 1024
"""Bytes of an upload parsed on the event loop at once; a larger chunk is parsed in a thread."""


class _TooLarge(Exception):
    """The upload is over the import limit."""


async def _read(request: Request, limit: int, max_line: int) -> list[StoredEvent]:
    """Parses the body as it streams in (never held whole); raises `BadLog` or `_TooLarge`."""
    declared = declared_length(request.scope)
    if declared is not None and declared > limit:
        raise _TooLarge
    reader = LogReader(max_line)
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise _TooLarge
        if len(chunk) > INLINE_CHUNK:
            await off_loop(reader.feed, chunk)  # parsing it would hold the loop
        else:
            reader.feed(chunk)
    return await off_loop(reader.finish)


async def import_game(request: Request) -> Response:
    """Verifies an uploaded log and stores it as a new imported game."""
    service: Service = request.state.service
    expected = service.settings.admin_token
    if expected is None:
        return _error(403, IMPORT_DISABLED, "imports are off: set BOARDSTATE_ADMIN_TOKEN")
    if not admin_token_matches(expected, bearer_token(request.headers.get("authorization"))):
        return _error(401, UNAUTHORIZED, "imports need Authorization: Bearer <admin token>")
    limit = service.settings.max_import_bytes
    try:
        events = await _read(request, limit, service.settings.max_import_line_bytes)
    except _TooLarge:
        return _error(413, LOG_TOO_LARGE, f"a log may have at most {limit} bytes")
    except BadLog as exc:
        return _error(400, BAD_LOG, f"not an exported log: {exc}")
    now = datetime.fromtimestamp(time_source.now(), UTC)
    try:
        with store_errors():
            record, replayed = await service.archive.import_log(events, now)
    except LogUnverified as exc:
        log.warning("import_refused", reason=clip(str(exc), 200))
        return _error(422, LOG_UNVERIFIED, f"the log does not verify: {exc}")
    except LogConflict as exc:
        game_id = str(exc.args[0])
        message = (
            f"game {game_id} was imported from another log of this game (the same seed "
            "commitment, final version and stateHash); the same log again returns that game"
        )
        return _error(409, LOG_CONFLICT, message, gameId=game_id)
    except ApiError as exc:
        return _error(503, exc.code, exc.message)
    body = {
        "gameId": record.game_id,
        "gameType": record.rules.info.id,
        "version": record.version,
        "status": record.status,
        "imported": True,
        "seededByClient": True,
    }
    if replayed:
        return JSONResponse(body, status_code=200, headers={"idempotent-replayed": "true"})
    return JSONResponse(body, status_code=201)
