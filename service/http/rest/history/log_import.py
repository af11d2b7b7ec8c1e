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
from boardstate.service.http.edge.limits import declared_length
from boardstate.service.inputs import clip
from boardstate.service.log import time_source
from boardstate.service.log.game_record import GameRecord
from boardstate.service.runtime.offload import off_loop
from boardstate.service.runtime.seat_tokens import admin_token_matches
from boardstate.service.runtime.store_failures import store_errors
from boardstate.service.store import StoredEvent

log = structlog.get_logger("boardstate.importing")

IMPORT_PATH = "/games/import"
LOG_BODY_PATHS = (IMPORT_PATH, "/v1/games/import", "/v1/games/verify")
"""The routes whose log bodies are bounded by `BOARDSTATE_MAX_IMPORT_BYTES` as they stream in
(`read_log`), not by the request body limit (`service.http.edge.limits`)."""


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


class ImportRefused(Exception):
    """An import refused before or while verifying: its status, code, message and extras."""

    def __init__(self, status: int, code: str, message: str, **more: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.more = more


async def read_log(request: Request, service: Service) -> list[StoredEvent]:
    """The uploaded log, within the import limits (`LOG_TOO_LARGE`, `BAD_LOG`)."""
    limit = service.settings.max_import_bytes
    try:
        return await _read(request, limit, service.settings.max_import_line_bytes)
    except _TooLarge:
        raise ImportRefused(413, LOG_TOO_LARGE, f"a log may have at most {limit} bytes") from None
    except BadLog as exc:
        raise ImportRefused(400, BAD_LOG, f"not an exported log: {exc}") from None


async def imported(request: Request) -> tuple[GameRecord, bool]:
    """Verifies the uploaded log and stores it (see the module docstring); returns the game
    and whether it had been imported before. Both doors (`POST /games/import`,
    `POST /v1/games/import`) call it; refusals are `ImportRefused`."""
    service: Service = request.state.service
    expected = service.settings.admin_token
    if expected is None:
        raise ImportRefused(403, IMPORT_DISABLED, "imports are off: set BOARDSTATE_ADMIN_TOKEN")
    if not admin_token_matches(expected, bearer_token(request.headers.get("authorization"))):
        raise ImportRefused(401, UNAUTHORIZED, "imports need Authorization: Bearer <admin token>")
    events = await read_log(request, service)
    now = datetime.fromtimestamp(time_source.now(), UTC)
    try:
        with store_errors():
            return await service.archive.import_log(events, now)
    except LogUnverified as exc:
        log.warning("import_refused", reason=clip(str(exc), 200))
        raise ImportRefused(422, LOG_UNVERIFIED, f"the log does not verify: {exc}") from None
    except LogConflict as exc:
        game_id = str(exc.args[0])
        message = (
            f"game {game_id} was imported from another log of this game (the same seed "
            "commitment, final version and stateHash); the same log again returns that game"
        )
        raise ImportRefused(409, LOG_CONFLICT, message, gameId=game_id) from None
    except ApiError as exc:
        raise ImportRefused(503, exc.code, exc.message) from None


def imported_body(record: GameRecord) -> dict[str, object]:
    """The answer's body: the imported game's id, type, version and status."""
    return {
        "gameId": record.game_id,
        "gameType": record.rules.info.id,
        "version": record.version,
        "status": record.status,
        "imported": True,
        "seededByClient": True,
    }


async def import_game(request: Request) -> Response:
    """Verifies an uploaded log and stores it as a new imported game."""
    try:
        record, replayed = await imported(request)
    except ImportRefused as exc:
        return _error(exc.status, exc.code, exc.message, **exc.more)
    body = imported_body(record)
    if replayed:
        return JSONResponse(body, status_code=200, headers={"idempotent-replayed": "true"})
    return JSONResponse(body, status_code=201)
