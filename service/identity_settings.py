"""The player-identity settings (DESIGN §5e, `docs/players.md`), read from the environment as
`service.settings` reads the rest; every variable is in the README's Configuration table."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from boardstate.service.env_values import SettingsError, choice, integer

SIGNUP_MODES = ("open", "admin", "off")
DEFAULT_TOKEN_TTL = 30 * 86_400
"""Seconds a token the service issues stays valid: 30 days."""


@dataclasses.dataclass(frozen=True, slots=True)
class IdentitySettings:
    """Who may be a player, and which keys name one."""

    jwks: str | None = None
    """`BOARDSTATE_PLAYER_JWKS`: the integrator's verification keys, a JWKS document inline
    (`{"keys": [...]}`) or the path of a file holding one (re-read when it changes)."""
    audience: str = "boardstate"
    """`BOARDSTATE_PLAYER_AUDIENCE`: the `aud` every player token must name."""
    issuer: str | None = None
    """`BOARDSTATE_PLAYER_ISSUER`: the `iss` integrator tokens must name (unset: any)."""
    token_ttl: int = DEFAULT_TOKEN_TTL
    """`BOARDSTATE_PLAYER_TOKEN_TTL`: seconds the service's own tokens live."""
    signup: str = "open"
    """`BOARDSTATE_PLAYER_SIGNUP`: who may ask the service for a new player (`POST
    /v1/players`): `open` (anyone, rate-limited), `admin` (the admin token) or `off`."""

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> IdentitySettings:
        audience = env.get("BOARDSTATE_PLAYER_AUDIENCE", "").strip() or "boardstate"
        if len(audience) > 200:
            raise SettingsError("BOARDSTATE_PLAYER_AUDIENCE: at most 200 characters")
        return cls(
            jwks=env.get("BOARDSTATE_PLAYER_JWKS", "").strip() or None,
            audience=audience,
            issuer=env.get("BOARDSTATE_PLAYER_ISSUER", "").strip() or None,
            token_ttl=integer(
                env, "BOARDSTATE_PLAYER_TOKEN_TTL", DEFAULT_TOKEN_TTL, lo=60, hi=366 * 86_400
            ),
            signup=choice(env, "BOARDSTATE_PLAYER_SIGNUP", "open", SIGNUP_MODES),
        )
