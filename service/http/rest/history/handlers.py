"""A game's history as REST routes (issue 29, item 5): fork, import and verify, beside the
GraphQL `forkGame`, the plain `POST /games/import` and the offline `boardstate verify`.

* `POST /v1/games/{id}/fork` `{version, seed?, exact?}` -> 201 `{game, tokens}`: the same
  `Lobby.fork_game` as `forkGame`, the same codes (`BAD_VERSION`, `GAME_NOT_FINISHED`,
  `FORK_REVEALS_HIDDEN`, `UNAUTHORIZED` for `exact` without the admin token, ...). A verb
  under the game, as `POST /v1/games/{id}/rematch` (architecture §5e) makes a new game of an old
  one.
* `POST /v1/games/import` (the log as NDJSON or msgpack, admin token) -> 201 `{gameId, ...}`,
  the same log again 200 with `Idempotent-Replayed: true`: the `/v1` twin of `POST
  /games/import` (as `/v1/games/{id}/log` is of `/games/{id}/log`), the same code
  (`service.http.rest.history.log_import.imported`), answering `application/problem+json`.
* `POST /v1/games/verify` (a log, no token) -> 200 the report `boardstate verify --json`
  prints (`ok: false` with the first failing event when it does not verify): nothing is
  stored. Bounded as an import (`BOARDSTATE_MAX_IMPORT_BYTES`, 413 `LOG_TOO_LARGE`; 400
  `BAD_LOG`) and priced by its size (`service.http.rest.prices`).
"""

from __future__ import annotations

from datetime import UTC, datetime

from starlette.requests import Request
from starlette.responses import Response

from boardstate.service.history.verify import verify_log
from boardstate.service.http.edge.problems import problem_response
from boardstate.service.http.rest.common import (
    endpoint,
    etag,
    json_response,
    read_body,
    service_of,
    token_of,
)
from boardstate.service.http.rest.games.models import GameCreatedOut, SeatTokenOut, game_out
from boardstate.service.http.rest.history.log_import import (
    ImportRefused,
    imported,
    imported_body,
    read_log,
)
from boardstate.service.http.rest.history.models import ForkIn
from boardstate.service.log import time_source
from boardstate.service.runtime.offload import off_loop

RETRY_AFTER_S = 5


def _refused(exc: ImportRefused) -> Response:
    retry = RETRY_AFTER_S if exc.status == 503 else None
    return problem_response(exc.code, exc.message, dict(exc.more) or None, exc.status, retry)


@endpoint
async def fork(request: Request) -> Response:
    body = await read_body(request, ForkIn)
    game_id = request.path_params["game_id"]
    service = service_of(request)
    created = await service.lobby.fork_game(
        game_id, body.version, body.seed, body.exact, token_of(request)
    )
    tokens = [SeatTokenOut(s, t) for s, t in created.tokens]
    out = GameCreatedOut(game_out(created.game), tokens)
    return json_response(out, 201, {"etag": etag(created.game.version)})


async def import_log(request: Request) -> Response:
    try:
        record, replayed = await imported(request)
    except ImportRefused as exc:
        return _refused(exc)
    if replayed:
        return json_response(imported_body(record), 200, {"idempotent-replayed": "true"})
    return json_response(imported_body(record), 201)


async def verify(request: Request) -> Response:
    try:
        events = await read_log(request, service_of(request))
    except ImportRefused as exc:
        return _refused(exc)
    now = datetime.fromtimestamp(time_source.now(), UTC)
    report = await off_loop(verify_log, events, "verify", None, now)
    return json_response(report.to_json())
