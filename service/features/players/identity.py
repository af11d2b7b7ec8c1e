"""`PlayerIdentity`: the operations of player tokens both doors call (architecture §5e).

`createPlayer` issues a new, random `playerId` with a token the service signs (for
integrators without accounts of their own; `BOARDSTATE_PLAYER_SIGNUP` says who may ask);
`me` tells who a player token names; `refreshPlayerToken` trades a valid service-issued token
for a fresh one (the old one retired after a short overlap); `revokePlayerTokens` retires every
token of the caller's player. A player's display name is chosen at creation and changed with
`updatePlayer` (`service.features.players.display_names`); `display_names` reads them. A
player token joining a seat attaches its own `playerId` to it
(`acting_player`), so the token acts for that seat from then on.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from boardstate.service.failures import RateLimited, Unauthorized
from boardstate.service.features.players.display_names import check_display_name
from boardstate.service.runtime.callers import CALLER
from boardstate.service.runtime.player_claims import IssuedToken, PlayerClaims, Revocation
from boardstate.service.runtime.player_failures import (
    BadPlayerToken,
    PlayerTokenRequired,
    SignupDisabled,
)
from boardstate.service.runtime.player_tokens import PlayerTokens, is_player_token
from boardstate.service.runtime.seat_tokens import admin_needed, admin_token_matches
from boardstate.service.store.limits.rate_limiter import Limits, RateLimiter
from boardstate.service.store.players.display_names import RedisDisplayNames

PLAYER_ID_PREFIX = "p_"
"""The ids the service makes: `p_` and 16 random URL-safe characters (96 bits)."""


class PlayerIdentity:
    """Issues and reads player tokens."""

    def __init__(
        self,
        tokens: PlayerTokens,
        signup: str,
        admin_token: str | None,
        limiter: RateLimiter | None = None,
        signup_limits: Limits = (),
        names: RedisDisplayNames | None = None,
    ) -> None:
        self.tokens = tokens
        self.signup = signup
        self.admin_token = admin_token
        self.limiter = limiter
        self.signup_limits = signup_limits
        """New players per client address under open sign-up (`BOARDSTATE_RATE_LIMIT_SIGNUP`)."""
        self.names = names

    async def create_player(
        self, token: str | None, display_name: str | None = None
    ) -> tuple[IssuedToken, str | None]:
        """A new player, its token and its display name; refused per
        `BOARDSTATE_PLAYER_SIGNUP`, then for a bad name (`BAD_NAME`, before it costs a sign-up),
        then past the address's sign-up windows (`RATE_LIMITED`; the admin token is exempt)."""
        if self.signup == "off":
            raise SignupDisabled("this service issues no players (BOARDSTATE_PLAYER_SIGNUP=off)")
        admin = admin_token_matches(self.admin_token, token)
        if self.signup == "admin" and not admin:
            raise SignupDisabled(
                admin_needed(
                    "under BOARDSTATE_PLAYER_SIGNUP=admin, new players need", self.admin_token
                )
            )
        name = None if display_name is None else check_display_name(display_name)
        caller = CALLER.get()
        if not admin and self.limiter is not None and caller is not None:
            wait = await self.limiter.hit(self.signup_limits, f"signup:{caller.address}")
            if wait is not None:
                caller.wait(wait)
                raise RateLimited(
                    f"too many new players from this address; retry in {wait} s", wait
                )
        issued = await self.tokens.issue(PLAYER_ID_PREFIX + secrets.token_urlsafe(12))
        if name is not None and self.names is not None:
            await self.names.set(issued.player_id, name)
        return issued, name

    async def update(self, token: str | None, display_name: str) -> tuple[PlayerClaims, str]:
        """Sets the caller's display name (`BAD_NAME`; a player token required)."""
        claims = await self.me(token)  # the token first, as every operation checks it
        name = check_display_name(display_name)
        if self.names is not None:
            await self.names.set(claims.player_id, name)
        return claims, name

    async def display_names(self, player_ids: Sequence[str]) -> dict[str, str]:
        """The display names of those of `player_ids` that chose one."""
        return {} if self.names is None else await self.names.get_many(player_ids)

    async def me(self, token: str | None) -> PlayerClaims:
        """What the caller's player token says; `PLAYER_TOKEN_REQUIRED` without one."""
        return await self.tokens.claims(require_player_token(token))

    async def player_id(self, token: str | None) -> str:
        """The caller's playerId (`PLAYER_TOKEN_REQUIRED`, `PLAYER_TOKEN_INVALID`)."""
        return (await self.me(token)).player_id

    async def refresh(self, token: str | None) -> IssuedToken:
        """A fresh token for the caller's service-issued player token; the one refreshed is
        retired after `BOARDSTATE_PLAYER_TOKEN_OVERLAP` seconds."""
        return await self.tokens.refresh(require_player_token(token))

    async def revoke_all(self, token: str | None) -> Revocation:
        """Retires every token of the caller's player, its own included (a service token's
        caller gets a fresh one)."""
        return await self.tokens.revoke_all(require_player_token(token))

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
