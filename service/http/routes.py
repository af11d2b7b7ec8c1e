"""Plain HTTP beside GraphQL: `/healthz`, `/readyz`, `/metrics`, `/games/{id}/log` (architecture §5)
and `POST /games/import` (`service.http.rest.history.log_import`). The Server-Sent Events stream
`GET /v1/games/{id}/events/stream` (`service.http.streams.game_stream`) is in `/v1`'s table
(`service.http.rest.v1.V1_ROUTES`, generated from the route declarations); the prices of the
two plain routes here are `rest_prices.PLAIN_PRICES`."""

from __future__ import annotations

from collections.abc import AsyncIterator

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from boardstate.service.composition import Service
from boardstate.service.contract.codes import GAME_NOT_FOUND, GAME_TYPE_NOT_INSTALLED, ApiError
from boardstate.service.contract.tokens import bearer_token
from boardstate.service.features.views.read_models import export_line
from boardstate.service.history.log_format import msgpack_line, ndjson_line
from boardstate.service.http.edge.rate_limits import charge_more
from boardstate.service.http.raw_log import raw_log
from boardstate.service.http.rest.common import not_modified
from boardstate.service.http.rest.history.log_import import import_game
from boardstate.service.http.rest.prices import export_points
from boardstate.service.inputs import echo
from boardstate.service.log.game_record import GameRecord
from boardstate.service.metrics import CONTENT_TYPE, Metrics
from boardstate.service.runtime.store_failures import store_errors

EXPORT_PAGE = 500
MSGPACK_TYPES = ("application/msgpack", "application/x-msgpack", "application/vnd.msgpack")


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


async def healthz(request: Request) -> Response:
    """200 while the process runs."""
    return JSONResponse({"status": "ok"})


async def readyz(request: Request) -> Response:
    """200 when Redis answers PING and every required background loop runs, else 503 with the
    reason (`redis unreachable`, or `loops down` and their names in `down`); `loops` reports
    every loop (`service.runtime.loops`: a loop that crashed is down until it starts again)."""
    service: Service = request.state.service
    registry = request.state.loops
    loops = registry.report()
    if not await service.store.ping():
        answer = {"status": "unavailable", "reason": "redis unreachable", "loops": loops}
        return JSONResponse(answer, status_code=503)
    down = registry.down()
    if down:
        answer = {"status": "unavailable", "reason": "loops down", "down": down, "loops": loops}
        return JSONResponse(answer, status_code=503)
    return JSONResponse({"status": "ready", "loops": loops})


async def metrics(request: Request) -> Response:
    """Prometheus text exposition."""
    registry: Metrics = request.state.metrics
    return Response(registry.render(), media_type=CONTENT_TYPE)


def _export(
    service: Service, record: GameRecord, viewer: int | None, as_msgpack: bool
) -> AsyncIterator[bytes]:
    complete = record.result is not None

    async def body() -> AsyncIterator[bytes]:
        last = 0
        while last < record.version:
            limit = min(EXPORT_PAGE, record.version - last)
            with store_errors():
                batch = await service.store.read(record.game_id, after=last, limit=limit)
            if not batch:
                return
            for event in batch:
                line = export_line(record, event, viewer, complete)
                yield msgpack_line(line) if as_msgpack else ndjson_line(line)
            last = batch[-1].version

    return body()


async def game_log(request: Request) -> Response:
    """The log as NDJSON (default) or a msgpack stream (`Accept: application/msgpack` or
    `?format=msgpack`).

    Redacted for the caller (a seat with `Authorization: Bearer <token>`, else a spectator)
    while the game runs; complete, with every move and the seed, once it has ended, and then
    immutable: an ETag per format, and `If-None-Match` answers 304 without reading the log.
    """
    service: Service = request.state.service
    game_id = request.path_params["game_id"]
    accept = request.headers.get("accept", "")
    wanted = request.query_params.get("format", "")
    as_msgpack = wanted == "msgpack" or (not wanted and any(k in accept for k in MSGPACK_TYPES))
    try:
        record = await service.games.load(game_id)
        if record is None:
            return _error(404, GAME_NOT_FOUND, f"no game {echo(game_id)}")
        with store_errors():
            token = bearer_token(request.headers.get("authorization"))
            viewer = await service.games.viewer_of(record, token)
    except ApiError as exc:
        if exc.code == GAME_TYPE_NOT_INSTALLED:
            return await raw_log(service, game_id, as_msgpack, exc)
        return _error(503 if exc.extensions.get("retryable") else 500, exc.code, exc.message)
    media = "application/msgpack" if as_msgpack else "application/x-ndjson"
    headers = {"x-game-version": str(record.version), "vary": "Accept"}
    if record.result is not None:  # ended: the complete log never changes again
        tag = f'"log-{record.version}-{"msgpack" if as_msgpack else "ndjson"}"'
        headers |= {"etag": tag, "cache-control": "public, max-age=86400, immutable"}
        if not_modified(request, tag):
            return Response(status_code=304, headers=headers)
    refused = await charge_more(request, export_points(record.version, service.games.page_cap))
    if refused is not None:  # its price depends on its length (`service.http.rest.prices`)
        return refused
    return StreamingResponse(
        _export(service, record, viewer, as_msgpack), media_type=media, headers=headers
    )


ROUTES = [
    Route("/healthz", healthz, methods=["GET"]),
    Route("/readyz", readyz, methods=["GET"]),
    Route("/metrics", metrics, methods=["GET"]),
    Route("/games/{game_id}/log", game_log, methods=["GET"]),
    Route("/games/import", import_game, methods=["POST"]),
]
