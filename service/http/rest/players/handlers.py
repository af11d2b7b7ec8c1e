"""Player tokens as REST routes (architecture §5e; declared in `service.http.rest.players.routes`):

* `POST /v1/players` (optional body `{displayName}`) -> 201 `{playerId, token, expiresAt,
  displayName}`: a new player (`createPlayer`);
* `GET /v1/players/me` -> `{playerId, expiresAt, issuedByService, displayName}` (`me`);
* `PATCH /v1/players/me` `{displayName}` -> the same: changes the display name (`updatePlayer`;
  `service.features.players.display_names` says what a name may be);
* `POST /v1/players/me/token` -> 201 a fresh token for a service-issued one
  (`refreshPlayerToken`); the one refreshed is retired after the overlap;
* `POST /v1/players/me/tokens/revoke` -> 200 `{playerId, revokedAt, token, expiresAt}`: every
  token of the player so far is refused from now on (`revokePlayerTokens`); `token` is a fresh
  one when the caller's was the service's, else null.

Expiries are epoch seconds, 64-bit integers (`format: int64`).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

import msgspec
from starlette.requests import Request
from starlette.responses import Response

from boardstate.service.contract.players.player_ports import IssuedPlayerToken
from boardstate.service.http.rest.base import Body, Out
from boardstate.service.http.rest.common import (
    endpoint,
    json_response,
    read_body,
    service_of,
    token_of,
)

EpochSeconds = Annotated[
    int, msgspec.Meta(description="Seconds since the epoch", extra_json_schema={"format": "int64"})
]
DateTime = Annotated[str, msgspec.Meta(extra_json_schema={"format": "date-time"})]
DisplayName = Annotated[
    str,
    msgspec.Meta(
        description="1 to 32 characters once NFC-normalised and trimmed, with no control or "
        "format characters (bidi overrides, zero-width spaces): 422 `BAD_NAME` otherwise. Not "
        "unique: the playerId is the identity."
    ),
]


class PlayerIn(Body):
    """A new player's display name (optional: none is shown as the playerId)."""

    display_name: DisplayName | None = None


class PlayerPatchIn(Body):
    """The caller's new display name."""

    display_name: DisplayName


class PlayerTokenOut(Out):
    """A player and a token the service signed for it: send it as `Authorization: Bearer
    <token>`; it acts for every seat that `playerId` holds, until `expiresAt` (epoch seconds)."""

    player_id: str
    token: str
    expires_at: EpochSeconds
    display_name: str | None


class PlayerOut(Out):
    """Who the caller's player token names, until when it is valid, and the display name
    the player chose (null: none yet)."""

    player_id: str
    expires_at: EpochSeconds
    issued_by_service: bool
    display_name: str | None


class TokensRevokedOut(Out):
    """Every token of the player from before `revokedAt` is refused from now on
    (`PLAYER_TOKEN_INVALID`, `revoked`), the one that asked included. `token` (and its
    `expiresAt`) is a fresh service token when the caller's was one, else null (an integrator
    signs its players' next tokens itself, with an `iat` after `revokedAt`)."""

    player_id: str
    revoked_at: DateTime
    token: str | None
    expires_at: EpochSeconds | None


def iso_seconds(at: int) -> str:
    """Epoch seconds as ISO-8601 UTC (`2026-12-01T10:00:00Z`)."""
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _issued(issued: IssuedPlayerToken, name: str | None) -> Response:
    out = PlayerTokenOut(issued.player_id, issued.token, issued.expires_at, name)
    return json_response(out, 201, {"cache-control": "no-store"})


@endpoint
async def create_player(request: Request) -> Response:
    body = PlayerIn() if not await request.body() else await read_body(request, PlayerIn)
    players = service_of(request).players
    return _issued(*await players.create_player(token_of(request), body.display_name))


@endpoint
async def me(request: Request) -> Response:
    players = service_of(request).players
    claims = await players.me(token_of(request))
    name = (await players.display_names([claims.player_id])).get(claims.player_id)
    out = PlayerOut(claims.player_id, claims.expires_at, claims.issued_by_service, name)
    return json_response(out, headers={"cache-control": "no-store"})


@endpoint
async def update_player(request: Request) -> Response:
    body = await read_body(request, PlayerPatchIn)
    claims, name = await service_of(request).players.update(token_of(request), body.display_name)
    out = PlayerOut(claims.player_id, claims.expires_at, claims.issued_by_service, name)
    return json_response(out, headers={"cache-control": "no-store"})


@endpoint
async def refresh_token(request: Request) -> Response:
    players = service_of(request).players
    issued = await players.refresh(token_of(request))
    name = (await players.display_names([issued.player_id])).get(issued.player_id)
    return _issued(issued, name)


@endpoint
async def revoke_tokens(request: Request) -> Response:
    done = await service_of(request).players.revoke_all(token_of(request))
    issued = done.issued
    out = TokensRevokedOut(
        done.player_id,
        iso_seconds(done.at),
        None if issued is None else issued.token,
        None if issued is None else issued.expires_at,
    )
    return json_response(out, headers={"cache-control": "no-store"})
