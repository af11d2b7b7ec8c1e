"""Player tokens in GraphQL (architecture §5e): `createPlayer`, `updatePlayer`,
`refreshPlayerToken`, `revokePlayerTokens`, `me`.

The same operations as `POST /v1/players`, `PATCH /v1/players/me`, `POST
/v1/players/me/token`, `POST /v1/players/me/tokens/revoke` and `GET /v1/players/me`
(`service.features.players.identity`); the mutations answer
`Rejected` for expected failures (`SIGNUP_DISABLED`, `BAD_NAME`,
`PLAYER_TOKEN_REQUIRED`, `PLAYER_TOKEN_INVALID`), `me` a top-level error. Expiries are
`EpochSeconds`, a 64-bit integer scalar (GraphQL's `Int` is 32-bit: an `exp` after January 2038
would not fit); on the wire the same JSON number as before issue 37, when they were `Int`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, NewType

import strawberry

from boardstate.engine.core.errors import MoveError
from boardstate.schema import decorators as described
from boardstate.schema.context import Info
from boardstate.schema.game_header import GameStatus
from boardstate.schema.player_events import my_games
from boardstate.schema.results import Rejected
from boardstate.schema.types import GameConnection
from boardstate.service.contract.codes import as_api_error
from boardstate.service.contract.players.player_ports import IssuedPlayerToken, PlayerTokenClaims
from boardstate.service.contract.players.player_ports import (
    PlayerTokensRevoked as PlayerTokensRevoked_,
)

MAX_EPOCH_SECONDS = 2**63 - 1
EpochSeconds = NewType("EpochSeconds", int)
"""Seconds since the Unix epoch, a 64-bit integer (`EPOCH_SECONDS`, in the schema's
`scalar_map`: `schema.root`)."""


def _epoch_seconds(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or abs(value) > MAX_EPOCH_SECONDS:
        raise ValueError("EpochSeconds is a whole number of at most 64 bits")
    return value


EPOCH_SECONDS = strawberry.scalar(
    name="EpochSeconds",
    serialize=_epoch_seconds,
    parse_value=_epoch_seconds,
    description="Seconds since the Unix epoch: a 64-bit integer, sent as a JSON number "
    "(GraphQL's Int is 32-bit and ends in January 2038).",
)


DISPLAY_NAME = (
    "The name the player chose (null: none yet): 1 to 32 characters, NFC-normalised and "
    "trimmed, no control or format characters; not unique (the playerId is the identity)."
)


@strawberry.type
class PlayerToken:
    """A player and a token the service signed for it: send it as `Authorization: Bearer
    <token>`; it acts for every seat that `playerId` holds, until `expiresAt` (epoch seconds)."""

    player_id: strawberry.ID
    token: str
    expires_at: EpochSeconds
    display_name: str | None = strawberry.field(description=DISPLAY_NAME)

    @classmethod
    def of(cls, issued: IssuedPlayerToken, name: str | None) -> PlayerToken:
        return cls(
            player_id=strawberry.ID(issued.player_id),
            token=issued.token,
            expires_at=EpochSeconds(issued.expires_at),
            display_name=name,
        )


@strawberry.type
class Player:
    """Who the caller's player token names."""

    player_id: strawberry.ID
    expires_at: EpochSeconds = strawberry.field(
        description="When the token expires (epoch seconds, 64-bit)."
    )
    issued_by_service: bool
    display_name: str | None = strawberry.field(description=DISPLAY_NAME)

    @classmethod
    def of(cls, claims: PlayerTokenClaims, name: str | None) -> Player:
        return cls(
            player_id=strawberry.ID(claims.player_id),
            expires_at=EpochSeconds(claims.expires_at),
            issued_by_service=claims.issued_by_service,
            display_name=name,
        )

    @described.field("The player's own games, newest first; filtered by type and status.")
    async def games(
        self,
        info: Info,
        first: int | None = None,
        after: str | None = None,
        game_type: strawberry.ID | None = None,
        status: GameStatus | None = None,
    ) -> GameConnection:
        return await my_games(info, first, after, game_type, status)


@strawberry.type
class PlayerTokensRevoked:
    """Every token of the player from before `revokedAt` is refused from now on
    (`PLAYER_TOKEN_INVALID`, reason `revoked`), the one that asked included."""

    player_id: strawberry.ID
    revoked_at: str = strawberry.field(description="When, ISO-8601 (UTC, whole seconds).")
    token: str | None = strawberry.field(
        description="A fresh service token when the caller's was one; null for an "
        "integrator's (it signs the next ones, with an `iat` after `revokedAt`)."
    )
    expires_at: EpochSeconds | None = strawberry.field(
        description="When `token` expires (epoch seconds)."
    )

    @classmethod
    def of(cls, done: PlayerTokensRevoked_) -> PlayerTokensRevoked:
        issued = done.issued
        return cls(
            player_id=strawberry.ID(done.player_id),
            revoked_at=datetime.fromtimestamp(done.at, UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            token=None if issued is None else issued.token,
            expires_at=None if issued is None else EpochSeconds(issued.expires_at),
        )


PlayerTokenResult = Annotated[PlayerToken | Rejected, strawberry.union("PlayerTokenResult")]
PlayerResult = Annotated[Player | Rejected, strawberry.union("PlayerResult")]
RevokePlayerTokensResult = Annotated[
    PlayerTokensRevoked | Rejected, strawberry.union("RevokePlayerTokensResult")
]


@strawberry.type
class PlayerQuery:
    @described.field("Who the caller's player token names (PLAYER_TOKEN_REQUIRED without one).")
    async def me(self, info: Info) -> Player:
        ctx = info.context
        try:
            claims = await ctx.backend.players.me(ctx.token)
        except MoveError as exc:
            raise as_api_error(exc) from None
        names = await ctx.backend.players.display_names([claims.player_id])
        return Player.of(claims, names.get(claims.player_id))


@strawberry.type
class PlayerMutation:
    @described.mutation(
        "A new player and a token the service signed for it (BOARDSTATE_PLAYER_SIGNUP says "
        "who may ask: SIGNUP_DISABLED otherwise)."
    )
    async def create_player(self, info: Info, display_name: str | None = None) -> PlayerTokenResult:
        players = info.context.backend.players
        try:
            return PlayerToken.of(*await players.create_player(info.context.token, display_name))
        except MoveError as exc:
            return Rejected.of(exc)

    @described.mutation(
        "Changes the caller's display name (BAD_NAME for an empty, too long or control-"
        "character name; PLAYER_TOKEN_REQUIRED without a player token)."
    )
    async def update_player(self, info: Info, display_name: str) -> PlayerResult:
        try:
            claims, name = await info.context.backend.players.update(
                info.context.token, display_name
            )
        except MoveError as exc:
            return Rejected.of(exc)
        return Player.of(claims, name)

    @described.mutation("A fresh token for the caller's service-issued player token.")
    async def refresh_player_token(self, info: Info) -> PlayerTokenResult:
        players = info.context.backend.players
        try:
            issued = await players.refresh(info.context.token)
            names = await players.display_names([issued.player_id])
        except MoveError as exc:
            return Rejected.of(exc)
        return PlayerToken.of(issued, names.get(issued.player_id))

    @described.mutation(
        "Refuses every token of the caller's player from now on (PLAYER_TOKEN_INVALID, reason "
        "revoked), its own included; a caller holding a service token gets a fresh one."
    )
    async def revoke_player_tokens(self, info: Info) -> RevokePlayerTokensResult:
        try:
            done = await info.context.backend.players.revoke_all(info.context.token)
        except MoveError as exc:
            return Rejected.of(exc)
        return PlayerTokensRevoked.of(done)
