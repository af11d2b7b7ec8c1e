"""The declaration of the dumps route of `/v1` (issue 31, item 5; handler in
`service.http.rest.dumps.handlers`)."""

from __future__ import annotations

from boardstate.service.contract.work_costs import HINT
from boardstate.service.http.rest.dumps import handlers as h
from boardstate.service.http.rest.prices import Price
from boardstate.service.http.rest.route import ApiRoute, Param

_TIME = {"type": "string", "description": "An ISO 8601 date or date-time (UTC without offset)."}
DUMP_ROUTES: tuple[ApiRoute, ...] = (
    ApiRoute(
        method="GET",
        path="/v1/dumps/{gameType}",
        handler=h.dump,
        operation_id="dumpGames",
        summary="Every game of a type that ended in [from, to), one NDJSON line per game",
        description="Each line: the game's summary, seats (name, playerId, bot), result and "
        "complete log, as `schema/dump-line.schema.json` describes (docs/archive.md, 'Dumps "
        "for analysts'). The admin token, unless `BOARDSTATE_DUMPS_PUBLIC=1`. Streamed: a dump "
        "of any length is sent as it is read.",
        ok={
            "200": {
                "description": "The dump (NDJSON; possibly empty)",
                "content": {"application/x-ndjson": {"schema": {"type": "string"}}},
            }
        },
        price=Price(HINT),
        errors=(400, 401, 404, 429, 503),
        only={
            400: ("BAD_REQUEST",),
            401: ("UNAUTHORIZED",),
            404: ("UNKNOWN_GAME_TYPE",),
            429: ("RATE_LIMITED",),
            503: ("STORE_UNAVAILABLE",),
        },
        params=(
            Param("gameType", "path", "The game type.", {"type": "string"}),
            Param("from", "query", "The period's start (default: 31 days before `to`).", _TIME),
            Param("to", "query", "The period's end, excluded (default: now).", _TIME),
        ),
    ),
)
