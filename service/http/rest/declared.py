"""Every declared route of `/v1` (`service.http.rest.route.ApiRoute`), in the OpenAPI document's
order, and the price table generated from them with the plain routes' prices."""

from __future__ import annotations

from boardstate.service.http.rest.dumps.routes import DUMP_ROUTES
from boardstate.service.http.rest.games.routes import GAME_ROUTES
from boardstate.service.http.rest.games.type_routes import TYPE_ROUTES
from boardstate.service.http.rest.history.routes import HISTORY_ROUTES
from boardstate.service.http.rest.matchmaking.routes import MATCH_ROUTES
from boardstate.service.http.rest.players.rating_routes import RATING_ROUTES
from boardstate.service.http.rest.players.routes import PLAYER_ROUTES
from boardstate.service.http.rest.players.stream_routes import PLAYER_STREAM_ROUTES
from boardstate.service.http.rest.prices import PLAIN_PRICES, PriceTable
from boardstate.service.http.rest.route import ApiRoute, prices_of
from boardstate.service.http.rest.table.routes import TABLE_ROUTES
from boardstate.service.http.rest.webhooks.routes import WEBHOOK_ROUTES

DECLARED: tuple[ApiRoute, ...] = (
    *HISTORY_ROUTES,
    *TYPE_ROUTES,
    *GAME_ROUTES,
    *TABLE_ROUTES,
    *WEBHOOK_ROUTES,
    *PLAYER_ROUTES,
    *PLAYER_STREAM_ROUTES,
    *DUMP_ROUTES,
    *MATCH_ROUTES,
    *RATING_ROUTES,
)
"""The routes of `/v1` that the OpenAPI document describes (all but the document and its page).
`HISTORY_ROUTES` first: its paths `/v1/games/import` and `/v1/games/verify` must be tried
before `/v1/games/{game_id}`, whose GET would otherwise answer their other methods' 405."""

PRICES = PriceTable({**prices_of(DECLARED), **PLAIN_PRICES})
"""What each route costs from the caller's points budget (docs/security.md)."""
