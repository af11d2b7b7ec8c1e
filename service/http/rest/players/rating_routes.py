"""The declarations of the ratings' routes of `/v1` (issue 30; handlers in
`service.http.rest.players.ratings`): a leaderboard, a player's ratings, a player's history. Public:
ratings are published, as on Lichess (docs/security.md)."""

from __future__ import annotations

from typing import Any

from boardstate.service.contract.arguments import MAX_FILTER_CHARS
from boardstate.service.contract.work_costs import RATINGS_PAGE, STORE_READ
from boardstate.service.http.rest import values as v
from boardstate.service.http.rest.games.routes import LIMIT
from boardstate.service.http.rest.players import ratings as h
from boardstate.service.http.rest.prices import Price
from boardstate.service.http.rest.route import CURSOR_REFUSALS, ApiRoute, Param, json_answer

RATING_MODELS: tuple[type[Any], ...] = h.RATING_MODELS
"""The bodies of these routes, for the document's components."""

GAME_TYPE = Param("gameType", "path", "A game type id.", {"type": "string"})
PLAYER = Param(
    "playerId",
    "path",
    "An opaque player id (1 to 64 printable characters, no `/`).",
    {"type": "string", "format": v.PRINTABLE, "minLength": 1, "maxLength": 64},
)
CURSOR = Param(
    "cursor",
    "query",
    "`nextCursor` of a page.",
    v.CURSOR_SCHEMA | {"maxLength": MAX_FILTER_CHARS},  # read as a filter's text
)

# Priced as GraphQL's `leaderboard`, `playerRatings` and `ratingHistory` asking for the same data.
RATING_ROUTES: tuple[ApiRoute, ...] = (
    ApiRoute(
        method="GET",
        path="/v1/ratings/{gameType}/leaderboard",
        handler=h.leaderboard,
        operation_id="getLeaderboard",
        summary="A game type's leaderboard, best rating (1500 + 30 (mu - 3 sigma)) first",
        ok={"200": json_answer(h.LeaderboardOut, "A page of the leaderboard")},
        price=Price(STORE_READ + 4, 8, "limit", most=RATINGS_PAGE),
        errors=(400, 404, 429, 503),
        refusals=CURSOR_REFUSALS,
        params=(GAME_TYPE, LIMIT, CURSOR),
    ),
    ApiRoute(
        method="GET",
        path="/v1/players/{playerId}/ratings",
        handler=h.player_ratings,
        operation_id="getPlayerRatings",
        summary="A player's rating in each game type they have played rated",
        ok={"200": json_answer(h.PlayerRatingsOut, "The player's ratings")},
        price=Price(STORE_READ + 32),
        errors=(400, 422, 429, 503),
        params=(PLAYER,),
    ),
    ApiRoute(
        method="GET",
        path="/v1/players/{playerId}/ratings/{gameType}/history",
        handler=h.rating_history,
        operation_id="getRatingHistory",
        summary="A player's rating after each rated game of a type, newest first",
        ok={"200": json_answer(h.RatingHistoryOut, "A page of the history")},
        price=Price(STORE_READ + 5, 11, "limit", most=RATINGS_PAGE),
        errors=(400, 404, 422, 429, 503),
        refusals=CURSOR_REFUSALS,
        params=(PLAYER, GAME_TYPE, LIMIT, CURSOR),
    ),
)
"""In the document's order."""
