"""The declarations of the player-token routes of `/v1` (architecture §5e; handlers in
`service.http.rest.players.handlers`)."""

from __future__ import annotations

from typing import Any

from boardstate.service.contract.work_costs import WRITE
from boardstate.service.http.rest.players import handlers as h
from boardstate.service.http.rest.prices import Price
from boardstate.service.http.rest.route import REQUIRED, ApiRoute, json_answer, ref

PLAYER_MODELS: tuple[type[Any], ...] = (
    h.PlayerTokenOut,
    h.PlayerOut,
    h.TokensRevokedOut,
    h.PlayerIn,
    h.PlayerPatchIn,
)
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
        "their own, sign player tokens yourself (docs/players.md). The body is optional: "
        "`{displayName}` names the player from the start.",
        ok={"201": json_answer(h.PlayerTokenOut, "The new player and its token")},
        price=Price(WRITE),
        errors=(400, 403, 422, 429, 503),
        only={403: ("SIGNUP_DISABLED",), 429: ("RATE_LIMITED",), 503: ("STORE_UNAVAILABLE",)},
        refusals=("BAD_NAME",),
        raw_body={
            "required": False,
            "content": {"application/json": {"schema": ref(h.PlayerIn)}},
        },
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
        method="PATCH",
        path="/v1/players/me",
        handler=h.update_player,
        operation_id="updatePlayer",
        summary="Changes the caller's display name (updatePlayer)",
        description="Display names are not unique; pages and leaderboards show them instead "
        'of the playerId (docs/players.md, "Display names").',
        ok={"200": json_answer(h.PlayerOut, "The token's player, renamed")},
        price=Price(WRITE),
        errors=(400, 401, 422, 429, 503),
        only=TOKEN_PROBLEMS,
        refusals=("BAD_NAME",),
        body=h.PlayerPatchIn,
        security=REQUIRED,
    ),
    ApiRoute(
        method="POST",
        path="/v1/players/me/token",
        handler=h.refresh_token,
        operation_id="refreshPlayerToken",
        summary="A fresh token for a service-issued player token (refreshPlayerToken)",
        description="The token refreshed stays valid `BOARDSTATE_PLAYER_TOKEN_OVERLAP` seconds "
        "(60) beside the new one, then is refused (401 `PLAYER_TOKEN_INVALID`, reason "
        "`revoked`); refreshing it again within that overlap answers another token of the same "
        "generation (a retry), after it is refused.",
        ok={"201": json_answer(h.PlayerTokenOut, "The same player, a new token")},
        price=Price(WRITE),
        errors=(401, 429, 503),
        only=TOKEN_PROBLEMS,
        security=REQUIRED,
    ),
    ApiRoute(
        method="POST",
        path="/v1/players/me/tokens/revoke",
        handler=h.revoke_tokens,
        operation_id="revokePlayerTokens",
        summary="Refuse every token of the caller's player from now on (revokePlayerTokens)",
        description="Every token of the player issued or signed before now is refused "
        "(`PLAYER_TOKEN_INVALID`, reason `revoked`) on every replica, the caller's own "
        "included: the service's own tokens at once, the integrator's unless their `iat` is "
        "after the second of the revocation. A caller holding a service token gets a fresh one "
        "in `token`.",
        ok={"200": json_answer(h.TokensRevokedOut, "What was revoked, and a fresh token")},
        price=Price(WRITE),
        errors=(401, 429, 503),
        only=TOKEN_PROBLEMS,
        security=REQUIRED,
    ),
)
