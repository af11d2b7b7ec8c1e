"""Player tokens as REST routes (DESIGN §5e; declared in `service.http.api_players`):

* `POST /v1/players` -> 201 `{playerId, token, expiresAt}`: a new player (`createPlayer`);
* `GET /v1/players/me` -> `{playerId, expiresAt, issuedByService}` (`me`);
* `POST /v1/players/me/token` -> 201 a fresh token for a service-issued one
  (`refreshPlayerToken`).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from boardstate.service.contract.player_ports import IssuedPlayerToken
from boardstate.service.http.rest_base import Out
from boardstate.service.http.rest_common import endpoint, json_response, service_of, token_of


class PlayerTokenOut(Out):
    """A player and a token the service signed for it: send it as `Authorization: Bearer
    <token>`; it acts for every seat that `playerId` holds, until `expiresAt` (epoch seconds)."""

    player_id: str
    token: str
    expires_at: int


class PlayerOut(Out):
    """Who the caller's player token names, and until when it is valid."""

    player_id: str
    expires_at: int
    issued_by_service: bool


def _issued(issued: IssuedPlayerToken) -> Response:
    out = PlayerTokenOut(issued.player_id, issued.token, issued.expires_at)
    return json_response(out, 201, {"cache-control": "no-store"})


@endpoint
async def create_player(request: Request) -> Response:
    return _issued(await service_of(request).players.create_player(token_of(request)))


@endpoint
async def me(request: Request) -> Response:
    claims = await service_of(request).players.me(token_of(request))
    out = PlayerOut(claims.player_id, claims.expires_at, claims.issued_by_service)
    return json_response(out, headers={"cache-control": "no-store"})


@endpoint
async def refresh_token(request: Request) -> Response:
    return _issued(await service_of(request).players.refresh(token_of(request)))
