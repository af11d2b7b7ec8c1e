"""`PlayerIdentity`: the operations of player tokens both doors call (DESIGN §5e).

`createPlayer` issues a new, random `playerId` with a token the service signs (for
integrators without accounts of their own; `BOARDSTATE_PLAYER_SIGNUP` says who may ask);
`me` tells who a player token names; `refreshPlayerToken` trades a valid service-issued token
for a fresh one. A player token joining a seat attaches its own `playerId` to it
(`acting_player`), so the token acts for that seat from then on.
"""

from __future__ import annotations

import secrets

from boardstate.service.failures import Unauthorized
from boardstate.service.player_failures import BadPlayerToken, PlayerTokenRequired, SignupDisabled
from boardstate.service.runtime.player_tokens import (
    IssuedToken,
    PlayerClaims,
    PlayerTokens,
    is_player_token,
)
from boardstate.service.runtime.seat_tokens import admin_token_matches

PLAYER_ID_PREFIX = "p_"
"""The ids the service makes: `p_` and 16 random URL-safe characters (96 bits)."""


class PlayerIdentity:
    """Issues and reads player tokens."""

    def __init__(self, tokens: PlayerTokens, signup: str, admin_token: str | None) -> None:
        self.tokens = tokens
        self.signup = signup
        self.admin_token = admin_token

    async def create_player(self, token: str | None) -> IssuedToken:
        """A new player and its token; refused per `BOARDSTATE_PLAYER_SIGNUP`."""
        if self.signup == "off":
            raise SignupDisabled("this service issues no players (BOARDSTATE_PLAYER_SIGNUP=off)")
        if self.signup == "admin" and not admin_token_matches(self.admin_token, token):
            raise SignupDisabled("new players need the admin token (BOARDSTATE_PLAYER_SIGNUP)")
        return await self.tokens.issue(PLAYER_ID_PREFIX + secrets.token_urlsafe(12))

    async def me(self, token: str | None) -> PlayerClaims:
        """What the caller's player token says; `PLAYER_TOKEN_REQUIRED` without one."""
        return await self.tokens.claims(require_player_token(token))

    async def player_id(self, token: str | None) -> str:
        """The caller's playerId (`PLAYER_TOKEN_REQUIRED`, `PLAYER_TOKEN_INVALID`)."""
        return (await self.me(token)).player_id

    async def refresh(self, token: str | None) -> IssuedToken:
        """A fresh token for the caller's service-issued player token."""
        return await self.tokens.refresh(require_player_token(token))

    async def acting_player(self, token: str | None, given: str | None) -> str | None:
        """The playerId a join attaches: the player token's own (a different `given` id is
        refused), else `given` as the integrator sent it."""
        if not is_player_token(token):
            return given
        assert token is not None
        player = await self.tokens.player_of(token)
        if given is not None and given != player:
            raise Unauthorized(
                f"a player token joins as its own playerId ({player}), not {given}",
                {"playerId": given},
            )
        return player


def require_player_token(token: str | None) -> str:
    """Returns `token` if it is a player token; raises `PLAYER_TOKEN_REQUIRED`."""
    if token is None:
        raise PlayerTokenRequired("this needs a player token (Authorization: Bearer <token>)")
    if not is_player_token(token):
        raise BadPlayerToken("this is no player token (a JWT)", {"reason": "malformed"})
    return token
