"""The players' port of the service object (architecture §5e), beside `contract.backend`."""

from __future__ import annotations

from collections.abc import Sequence
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


class PlayerTokensRevoked(Protocol):
    """What revoking every token of a player did."""

    @property
    def player_id(self) -> str: ...
    @property
    def at(self) -> int:
        """Seconds since the epoch: every token of the player from before is refused."""

    @property
    def issued(self) -> IssuedPlayerToken | None:
        """A fresh service token, when the revoking one was the service's."""


class PlayersPort(Protocol):
    """Player tokens: new players, who a token names, a fresh token, revoking them all."""

    async def create_player(
        self, token: str | None, display_name: str | None = None
    ) -> tuple[IssuedPlayerToken, str | None]:
        """A new playerId, its token and its checked display name (`BAD_NAME`;
        `BOARDSTATE_PLAYER_SIGNUP`: `SIGNUP_DISABLED`)."""

    async def update(self, token: str | None, display_name: str) -> tuple[PlayerTokenClaims, str]:
        """Sets the caller's display name (`BAD_NAME`, `PLAYER_TOKEN_REQUIRED`/`_INVALID`)."""

    async def display_names(self, player_ids: Sequence[str]) -> dict[str, str]:
        """The display names of those of `player_ids` that chose one."""

    async def me(self, token: str | None) -> PlayerTokenClaims:
        """The caller's player token, verified (`PLAYER_TOKEN_REQUIRED`/`_INVALID`)."""

    async def refresh(self, token: str | None) -> IssuedPlayerToken:
        """A fresh token for a valid service-issued player token (the old one retired after
        the overlap)."""

    async def revoke_all(self, token: str | None) -> PlayerTokensRevoked:
        """Retires every token of the caller's player (`PLAYER_TOKEN_REQUIRED`/`_INVALID`)."""

    async def acting_player(self, token: str | None, given: str | None) -> str | None:
        """The playerId a join attaches (the player token's own, else `given`)."""
