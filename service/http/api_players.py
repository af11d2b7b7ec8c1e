"""The declarations of the player-token routes of `/v1` (DESIGN §5e; handlers in
`service.http.rest_players`)."""

from __future__ import annotations

from typing import Any

from boardstate.service.contract.work_costs import WRITE
from boardstate.service.http import rest_players as h
from boardstate.service.http.api_route import REQUIRED, ApiRoute, json_answer
from boardstate.service.http.rest_prices import Price

PLAYER_MODELS: tuple[type[Any], ...] = (h.PlayerTokenOut, h.PlayerOut)
"""The bodies of these routes, for the document's components."""
TOKEN_PROBLEMS: dict[int, tuple[str, ...]] = {
    401: ("PLAYER_TOKEN_REQUIRED", "PLAYER_TOKEN_INVALID"),
    429: ("RATE_LIMITED",),
    503: ("STORE_UNAVAILABLE",),
}

PLAYER_ROUTES: tuple[ApiRoute, ...] = (
    ApiRoute(
        method="POST",
        path="/v1/players",
        handler=h.create_player,
        operation_id="createPlayer",
        summary="A new player and a token the service signed for it (createPlayer)",
        description="Who may ask: `BOARDSTATE_PLAYER_SIGNUP` (`open`: anyone; `admin`: the "
        "admin token; `off`: nobody, 403 `SIGNUP_DISABLED`). For integrators with accounts of "
        "their own, sign player tokens yourself (docs/players.md).",
        ok={"201": json_answer(h.PlayerTokenOut, "The new player and its token")},
        price=Price(WRITE),
        errors=(403, 429, 503),
        only={403: ("SIGNUP_DISABLED",), 429: ("RATE_LIMITED",), 503: ("STORE_UNAVAILABLE",)},
    ),
    ApiRoute(
        method="GET",
        path="/v1/players/me",
        handler=h.me,
        operation_id="me",
        summary="Who the player token names (me)",
        ok={"200": json_answer(h.PlayerOut, "The token's player")},
        price=Price(10),
        errors=(401, 429, 503),
        only=TOKEN_PROBLEMS,
        security=REQUIRED,
    ),
    ApiRoute(
        method="POST",
        path="/v1/players/me/token",
        handler=h.refresh_token,
        operation_id="refreshPlayerToken",
        summary="A fresh token for a service-issued player token (refreshPlayerToken)",
        ok={"201": json_answer(h.PlayerTokenOut, "The same player, a new token")},
        price=Price(WRITE),
        errors=(401, 429, 503),
        only=TOKEN_PROBLEMS,
        security=REQUIRED,
    ),
)
