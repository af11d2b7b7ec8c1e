"""`GET /v1/players/me/games`: the caller's own games (architecture §5e; declared in
`service.http.rest.players.stream_routes`).

`?status=&gameType=&limit=&cursor=` -> the `GET /v1/games` page (`{items, nextCursor, total}`)
of the games whose seats carry the player token's playerId, newest first
(`service.features.players.player_streams`).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from boardstate.service.contract import cursors
from boardstate.service.contract.arguments import text_argument
from boardstate.service.contract.codes import BAD_REQUEST
from boardstate.service.contract.paging import clamp_first
from boardstate.service.http.edge.problems import Problem
from boardstate.service.http.rest.common import (
    endpoint,
    json_response,
    query_int,
    service_of,
    token_of,
)
from boardstate.service.http.rest.games.models import STATUSES, GamesPageOut, game_out


@endpoint
async def my_games(request: Request) -> Response:
    service = service_of(request)
    params = request.query_params
    token = token_of(request)
    await service.players.player_id(token)  # who asks comes first
    status = params.get("status") or None
    if status is not None and status not in STATUSES:
        raise Problem(BAD_REQUEST, f"status must be one of {', '.join(STATUSES)}")
    cursor = params.get("cursor") or None
    page = await service.player_feeds.streams.games(
        token,
        status,
        text_argument("gameType", params.get("gameType") or None),
        clamp_first(query_int(request, "limit", 0), service.games.page_cap),
        cursors.game_after(cursor),
    )
    items = [game_out(view) for _, view in page.games]
    next_cursor = cursors.game_cursor(page.games[-1][0]) if page.has_next and page.games else None
    return json_response(GamesPageOut(items, next_cursor, page.total), headers=NO_STORE)


NO_STORE = {"cache-control": "no-store"}
