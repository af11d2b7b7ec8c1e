"""What a verified player token says, and how a refused one is told (`runtime.player_tokens`).

`PlayerClaims` are read from a verified payload (`claims_of`): `sub` a playerId (1–64
printable characters), `exp`, a service token's generation (`gen`) and `iat`. Every refusal is a
`BadPlayerToken` whose `details.reason` is one of `contract.player_codes`' reasons; PyJWT's
exceptions map to them through `REASONS`.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import jwt

from boardstate.service.runtime.player_failures import BadPlayerToken

MAX_PLAYER_ID = 64
GENERATION_CLAIM = "gen"
"""The claim of a service token naming its generation (`service.store.players.token_state`)."""

REASONS: tuple[tuple[type[Exception], str], ...] = (
    (jwt.ExpiredSignatureError, "expired"),
    (jwt.ImmatureSignatureError, "not_yet_valid"),
    (jwt.InvalidAudienceError, "audience"),
    (jwt.InvalidIssuerError, "issuer"),
    (jwt.MissingRequiredClaimError, "claims"),
    (jwt.InvalidSignatureError, "signature"),
    (jwt.InvalidAlgorithmError, "algorithm"),
    (jwt.InvalidKeyError, "algorithm"),
)
"""PyJWT's refusals, most specific first, and the reason each is reported as."""


def valid_player_id(value: object) -> bool:
    """Tells whether `value` can be a playerId: 1–64 printable characters."""
    return isinstance(value, str) and 0 < len(value) <= MAX_PLAYER_ID and value.isprintable()


@dataclasses.dataclass(frozen=True, slots=True)
class PlayerClaims:
    """What a verified player token says."""

    player_id: str
    expires_at: int
    """Its `exp`, in seconds since the epoch."""
    issued_by_service: bool
    generation: int = 0
    """A service token's `gen` (0 without: issued before any refresh)."""
    issued_at: int | None = None
    """Its `iat`, when it has one (an integrator token must, after a revocation)."""


@dataclasses.dataclass(frozen=True, slots=True)
class IssuedToken:
    """A token the service signed."""

    token: str
    player_id: str
    expires_at: int


@dataclasses.dataclass(frozen=True, slots=True)
class Revocation:
    """What `revoke_all` did: from `at` (epoch seconds) on, every earlier token of the player is
    refused; `issued` is a fresh service token when the revoking one was the service's."""

    player_id: str
    at: int
    issued: IssuedToken | None


def claims_of(payload: dict[str, Any], by_service: bool) -> PlayerClaims:
    """The claims of a verified token's payload; raises `BadPlayerToken` (`claims`)."""
    sub, exp = payload.get("sub"), payload.get("exp")
    if not valid_player_id(sub) or not isinstance(exp, int):
        raise refused("claims", "`sub` must be a playerId of 1–64 printable characters")
    assert isinstance(sub, str)
    generation = payload.get(GENERATION_CLAIM, 0) if by_service else 0
    if not isinstance(generation, int) or isinstance(generation, bool) or generation < 0:
        raise refused("claims", "`gen` must be a whole number")
    iat = payload.get("iat")  # PyJWT checked it is a number when present
    issued_at = int(iat) if isinstance(iat, int | float) and not isinstance(iat, bool) else None
    return PlayerClaims(sub, exp, by_service, generation, issued_at)


def reason_of(exc: Exception) -> str:
    """The reason a PyJWT refusal is reported as (`REASONS`)."""
    return next((reason for kind, reason in REASONS if isinstance(exc, kind)), "malformed")


def refused(reason: str, message: str) -> BadPlayerToken:
    """The refusal of a player token, with its `details.reason`."""
    return BadPlayerToken(message, {"reason": reason})
