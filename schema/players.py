"""Player tokens in GraphQL (DESIGN §5e): `createPlayer`, `refreshPlayerToken`, `me`.

The same operations as `POST /v1/players`, `POST /v1/players/me/token` and `GET /v1/players/me`
(`service.features.players.identity`); the mutations answer `Rejected` for expected failures
(`SIGNUP_DISABLED`, `PLAYER_TOKEN_REQUIRED`, `PLAYER_TOKEN_INVALID`), `me` a top-level error.
"""

from __future__ import annotations

from typing import Annotated

import strawberry

from boardstate.engine.core.errors import MoveError
from boardstate.schema import decorators as described
from boardstate.schema.context import Info
from boardstate.schema.game_header import GameStatus
from boardstate.schema.player_events import my_games
from boardstate.schema.results import Rejected
from boardstate.schema.types import GameConnection
from boardstate.service.contract.codes import as_api_error
from boardstate.service.contract.player_ports import IssuedPlayerToken


@strawberry.type
class PlayerToken:
    """A player and a token the service signed for it: send it as `Authorization: Bearer
    <token>`; it acts for every seat that `playerId` holds, until `expiresAt` (epoch seconds)."""

    player_id: strawberry.ID
    token: str
    expires_at: int

    @classmethod
    def of(cls, issued: IssuedPlayerToken) -> PlayerToken:
        return cls(
            player_id=strawberry.ID(issued.player_id),
            token=issued.token,
            expires_at=issued.expires_at,
        )


@strawberry.type
class Player:
    """Who the caller's player token names."""

    player_id: strawberry.ID
    expires_at: int = strawberry.field(description="When the token expires (epoch seconds).")
    issued_by_service: bool

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


PlayerTokenResult = Annotated[PlayerToken | Rejected, strawberry.union("PlayerTokenResult")]


@strawberry.type
class PlayerQuery:
    @described.field("Who the caller's player token names (PLAYER_TOKEN_REQUIRED without one).")
    async def me(self, info: Info) -> Player:
        ctx = info.context
        try:
            claims = await ctx.backend.players.me(ctx.token)
        except MoveError as exc:
            raise as_api_error(exc) from None
        return Player(
            player_id=strawberry.ID(claims.player_id),
            expires_at=claims.expires_at,
            issued_by_service=claims.issued_by_service,
        )


@strawberry.type
class PlayerMutation:
    @described.mutation(
        "A new player and a token the service signed for it (BOARDSTATE_PLAYER_SIGNUP says "
        "who may ask: SIGNUP_DISABLED otherwise)."
    )
    async def create_player(self, info: Info) -> PlayerTokenResult:
        try:
            return PlayerToken.of(
                await info.context.backend.players.create_player(info.context.token)
            )
        except MoveError as exc:
            return Rejected.of(exc)

    @described.mutation("A fresh token for the caller's service-issued player token.")
    async def refresh_player_token(self, info: Info) -> PlayerTokenResult:
        try:
            return PlayerToken.of(await info.context.backend.players.refresh(info.context.token))
        except MoveError as exc:
            return Rejected.of(exc)
