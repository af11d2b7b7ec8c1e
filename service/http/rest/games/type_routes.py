"""The declarations of the game-type routes of `/v1` (architecture §5b; handlers in
`service.http.rest.games.handlers`): one `ApiRoute` each (`service.http.rest.route`)."""

from __future__ import annotations

from boardstate.service.http.rest.games import handlers as h
from boardstate.service.http.rest.games.game_types import GameTypeOut
from boardstate.service.http.rest.prices import Price
from boardstate.service.http.rest.route import ApiRoute, Param, json_answer, ref

TYPES_TAG = "A hash of the answer's bytes: it changes only with a deployment. Cacheable for 60 s."

TYPE_ROUTES: tuple[ApiRoute, ...] = (
    ApiRoute(
        method="GET",
        path="/v1/game-types",
        handler=h.list_game_types,
        operation_id="listGameTypes",
        summary="Game types",
        ok={"200": json_answer({"type": "array", "items": ref(GameTypeOut)}, "Game types")},
        price=Price(345),
        errors=(429,),
        etag=TYPES_TAG,
    ),
    ApiRoute(
        method="GET",
        path="/v1/game-types/{type_id}",
        handler=h.get_game_type,
        operation_id="getGameType",
        summary="One game type",
        ok={"200": json_answer(GameTypeOut, "The game type")},
        price=Price(87),
        errors=(404, 429),
        params=(
            Param("type", "path", "A game type id.", {"type": "string"}, route_name="type_id"),
        ),
        etag=TYPES_TAG,
    ),
)
