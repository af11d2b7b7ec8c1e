"""`GET /v1/dumps/{gameType}?from=&to=`: every ended game of a type that ended in `[from, to)`,
streamed as NDJSON, one line per game (`contract.dump_lines`; `service.features.dumps`).

`from` and `to` are ISO 8601 dates or times (UTC when no offset is given); `to` defaults to
now and `from` to 31 days before `to`. Refusals come before the first byte: 400 `BAD_REQUEST`
(a period that is not one), 401 `UNAUTHORIZED` (dumps are the admin's unless
`BOARDSTATE_DUMPS_PUBLIC=1`), 404 `UNKNOWN_GAME_TYPE`, 429 `RATE_LIMITED` (as many dumps as a
process runs at once, `scope: "dumps"`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from boardstate.engine import registry
from boardstate.service.contract.codes import BAD_REQUEST
from boardstate.service.failures import RateLimited
from boardstate.service.features.dumps.dumps import BadPeriod, DumpsBusy, period
from boardstate.service.http.edge.problems import Problem
from boardstate.service.http.rest.common import endpoint, service_of, token_of

BUSY_RETRY_S = 10


@endpoint
async def dump(request: Request) -> Response:
    service = service_of(request)
    service.dumps.check_access(token_of(request))
    game_type = request.path_params["gameType"]
    registry.get(game_type)  # UNKNOWN_GAME_TYPE
    params = request.query_params
    try:
        start, end = period(params.get("from"), params.get("to"))
        lines = service.dumps.lines(game_type, start, end)
        first = await anext(lines, b"")
    except BadPeriod as exc:
        raise Problem(BAD_REQUEST, str(exc)) from None
    except DumpsBusy as exc:
        busy = RateLimited(str(exc), BUSY_RETRY_S)
        busy.details["scope"] = "dumps"
        raise busy from None

    async def body() -> AsyncIterator[bytes]:
        if first:
            yield first
        async for line in lines:
            yield line

    name = f"boardstate-{game_type}-{start.date()}-{end.date()}.ndjson"
    headers = {"content-disposition": f'attachment; filename="{name}"', "cache-control": "no-store"}
    return StreamingResponse(body(), media_type="application/x-ndjson", headers=headers)
