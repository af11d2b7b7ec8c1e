"""Every declared route of `/v1` (`service.http.api_route.ApiRoute`), in the OpenAPI document's
order, and the price table generated from them with the plain routes' prices."""

from __future__ import annotations

from boardstate.service.http.api_dumps import DUMP_ROUTES
from boardstate.service.http.api_games import GAME_ROUTES
from boardstate.service.http.api_history import HISTORY_ROUTES
from boardstate.service.http.api_matchmaking import MATCH_ROUTES
from boardstate.service.http.api_player_stream import PLAYER_STREAM_ROUTES
from boardstate.service.http.api_players import PLAYER_ROUTES
from boardstate.service.http.api_ratings import RATING_ROUTES
from boardstate.service.http.api_route import ApiRoute, prices_of
from boardstate.service.http.api_table import TABLE_ROUTES
from boardstate.service.http.api_webhooks import WEBHOOK_ROUTES
from boardstate.service.http.rest_prices import PLAIN_PRICES, PriceTable

DECLARED: tuple[ApiRoute, ...] = (
    *HISTORY_ROUTES,
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
