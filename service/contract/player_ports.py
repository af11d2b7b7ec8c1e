"""The players' port of the service object (DESIGN §5e), beside `contract.backend`."""

from __future__ import annotations

from typing import Protocol


class IssuedPlayerToken(Protocol):
    """A token the service signed for a player."""

    @property
    def token(self) -> str: ...
    @property
    def player_id(self) -> str: ...
    @property
    def expires_at(self) -> int:
        """Seconds since the epoch."""


class PlayerTokenClaims(Protocol):
    """What a verified player token says."""

    @property
    def player_id(self) -> str: ...
    @property
    def expires_at(self) -> int: ...
    @property
    def issued_by_service(self) -> bool: ...


class PlayersPort(Protocol):
    """Player tokens: new players, who a token names, a fresh token."""

    async def create_player(self, token: str | None) -> IssuedPlayerToken:
        """A new playerId and its token (`BOARDSTATE_PLAYER_SIGNUP`: `SIGNUP_DISABLED`)."""

    async def me(self, token: str | None) -> PlayerTokenClaims:
        """The caller's player token, verified (`PLAYER_TOKEN_REQUIRED`/`_INVALID`)."""

    async def refresh(self, token: str | None) -> IssuedPlayerToken:
        """A fresh token for a valid service-issued player token."""

    async def acting_player(self, token: str | None, given: str | None) -> str | None:
        """The playerId a join attaches (the player token's own, else `given`)."""
