"""The player-identity settings (architecture §5e, `docs/players.md`), read from the environment as
`service.settings` reads the rest; every variable is in docs/configuration.md."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from boardstate.service.env_values import SettingsError, choice, integer, limit_list

SIGNUP_MODES = ("open", "admin", "off")
DEFAULT_TOKEN_TTL = 30 * 86_400
"""Seconds a token the service issues stays valid: 30 days."""
DEFAULT_REFRESH_OVERLAP = 60
"""Seconds a refreshed token stays valid beside its successor."""
SIGNUP_LIMITS = "10/minute;100/hour;500/day"
"""New players one address may ask the service for (open sign-up; the admin token is exempt)."""


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
    refresh_overlap: int = DEFAULT_REFRESH_OVERLAP
    """`BOARDSTATE_PLAYER_TOKEN_OVERLAP`: seconds a refreshed service token stays valid beside
    its successor (a client that lost the answer retries with it), 0 to 600."""
    signup: str = "open"
    """`BOARDSTATE_PLAYER_SIGNUP`: who may ask the service for a new player (`POST
    /v1/players`): `open` (anyone, rate-limited), `admin` (the admin token) or `off`."""
    signup_limits: str = SIGNUP_LIMITS
    """`BOARDSTATE_RATE_LIMIT_SIGNUP`: new players one client address may ask for under open
    sign-up, as `limits` windows (throwaway accounts are how ratings are farmed)."""

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
            refresh_overlap=integer(
                env, "BOARDSTATE_PLAYER_TOKEN_OVERLAP", DEFAULT_REFRESH_OVERLAP, lo=0, hi=600
            ),
            signup=choice(env, "BOARDSTATE_PLAYER_SIGNUP", "open", SIGNUP_MODES),
            signup_limits=limit_list(env, "BOARDSTATE_RATE_LIMIT_SIGNUP", SIGNUP_LIMITS),
        )
