"""Player tokens: who a player is, across games (DESIGN §5e, `docs/players.md`).

A player token is a JWT (RFC 7519, JWS compact form) naming a `playerId` in `sub`, the
audience `BOARDSTATE_PLAYER_AUDIENCE` in `aud` and an expiry in `exp`. Two kinds verify:

* **integrator-signed**: signed with a key of the JWKS document the operator configures
  (`BOARDSTATE_PLAYER_JWKS`; shared secrets as `oct` keys, RSA, EC or Ed25519 public keys),
  picked by the token's `kid`. Rotation without downtime: publish the new key beside the old
  one, sign with the new one, drop the old one once its tokens have expired; a JWKS file is
  re-read when it changes.
* **service-issued** (`createPlayer`, for integrators without accounts of their own): signed
  HS256 with a secret the replicas share in Redis (`service.store.signing_keys`), `iss`
  `boardstate`.

The algorithm is the key's, never the token's choice: `alg: none`, and a token whose `alg`
differs from its key's (an RSA public key used as an HMAC secret: algorithm confusion) are
refused, as are expired, not-yet-valid, wrong-audience and wrong-issuer tokens; each refusal is a
typed `BadPlayerToken` with its reason. PyJWT does the JWS work (`docs/players.md` says why).
Seat tokens have no dots (`runtime.seat_tokens`), so the two kinds are told apart by form.
"""

from __future__ import annotations

import dataclasses
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import jwt

from boardstate.service.identity_settings import IdentitySettings
from boardstate.service.player_failures import BadPlayerToken
from boardstate.service.runtime.jwks_keys import KeySet
from boardstate.service.store.signing_keys import RedisSigningKeys

MAX_TOKEN_CHARS = 4096
"""A longer bearer value is refused before it is parsed."""
LEEWAY_SECONDS = 30
"""Clock skew allowed on `exp` and `nbf`."""
ISSUER = "boardstate"
"""The `iss` of the service's own tokens."""
SERVICE_KEY_ID = "boardstate-1"
"""The `kid` of the service's signing key."""
CACHE_SIZE = 4096
CACHE_SECONDS = 60.0
"""A verified token is trusted again without its signature for at most this long."""
MAX_PLAYER_ID = 64

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


def is_player_token(token: str | None) -> bool:
    """Tells whether a bearer value is a player token by its form (a JWT: three parts)."""
    return token is not None and token.count(".") == 2


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


@dataclasses.dataclass(frozen=True, slots=True)
class IssuedToken:
    """A token the service signed."""

    token: str
    player_id: str
    expires_at: int


class PlayerTokens:
    """Verifies player tokens and issues the service's own."""

    def __init__(
        self,
        settings: IdentitySettings,
        signing: RedisSigningKeys,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.settings = settings
        self.signing = signing
        self.clock = clock
        self.keys = KeySet(settings.jwks)
        self._secret: bytes | None = None
        self._verified: OrderedDict[str, tuple[float, PlayerClaims]] = OrderedDict()

    async def player_of(self, token: str) -> str:
        """Returns the playerId a token names; raises `BadPlayerToken`."""
        return (await self.claims(token)).player_id

    async def claims(self, token: str) -> PlayerClaims:
        """Verifies `token` (signature, algorithm, `exp`, `nbf`, `aud`, `iss`, `sub`)."""
        now = self.clock()
        known = self._verified.get(token)
        if known is not None and known[0] > now and known[1].expires_at + LEEWAY_SECONDS > now:
            return known[1]
        claims = await self._verify(token, now)
        self._verified[token] = (now + CACHE_SECONDS, claims)
        self._verified.move_to_end(token)
        while len(self._verified) > CACHE_SIZE:
            self._verified.popitem(last=False)
        return claims

    async def issue(self, player_id: str) -> IssuedToken:
        """Signs a token for `player_id`, valid `BOARDSTATE_PLAYER_TOKEN_TTL` seconds."""
        now = int(self.clock())
        expires = now + self.settings.token_ttl
        payload = {
            "sub": player_id,
            "aud": self.settings.audience,
            "iss": ISSUER,
            "iat": now,
            "nbf": now,
            "exp": expires,
            "jti": secrets.token_urlsafe(12),
        }
        secret = await self._service_secret(create=True)
        token = jwt.encode(payload, secret, "HS256", headers={"kid": SERVICE_KEY_ID})
        return IssuedToken(token, player_id, expires)

    async def refresh(self, token: str) -> IssuedToken:
        """A fresh token for the player of a valid token the service issued."""
        claims = await self.claims(token)
        if not claims.issued_by_service:
            raise BadPlayerToken(
                "only tokens the service issued are refreshed", {"reason": "not_refreshable"}
            )
        return await self.issue(claims.player_id)

    async def _verify(self, token: str, now: float) -> PlayerClaims:
        if len(token) > MAX_TOKEN_CHARS:
            raise _refused("too_long", f"a player token is at most {MAX_TOKEN_CHARS} characters")
        try:
            header = jwt.get_unverified_header(token)
        except jwt.PyJWTError as exc:
            raise _refused("malformed", f"not a JWT: {exc}") from exc
        alg, kid = header.get("alg"), header.get("kid")
        if not isinstance(alg, str) or alg.lower() == "none":
            raise _refused("algorithm", "unsigned tokens (alg: none) are refused")
        by_service = kid == SERVICE_KEY_ID
        key, key_alg = await self._key(kid, by_service)
        if alg != key_alg:
            raise _refused("algorithm", f"key {kid!r} signs with {key_alg}, not {alg}")
        issuer = ISSUER if by_service else self.settings.issuer
        try:
            payload = jwt.decode(
                token,
                key,
                algorithms=[key_alg],
                audience=self.settings.audience,
                issuer=issuer,
                leeway=LEEWAY_SECONDS,
                options={"require": ["exp", "aud", "sub"]},
            )
        except jwt.PyJWTError as exc:
            raise _refused(_reason(exc), f"player token refused: {exc}") from exc
        return _claims(payload, by_service, now)

    async def _key(self, kid: object, by_service: bool) -> tuple[Any, str]:
        if by_service:
            return await self._service_secret(create=False), "HS256"
        found = self.keys.find(kid)
        if found is None:
            raise _refused("unknown_key", f"no verification key has kid {kid!r}")
        return found

    async def _service_secret(self, create: bool) -> bytes:
        if self._secret is None:
            self._secret = await self.signing.secret(SERVICE_KEY_ID, create=create)
        if self._secret is None:
            raise _refused("unknown_key", "the service has issued no player tokens yet")
        return self._secret


def _claims(payload: dict[str, Any], by_service: bool, now: float) -> PlayerClaims:
    sub, exp = payload.get("sub"), payload.get("exp")
    if not valid_player_id(sub) or not isinstance(exp, int):
        raise _refused("claims", "`sub` must be a playerId of 1–64 printable characters")
    assert isinstance(sub, str)
    return PlayerClaims(sub, exp, by_service)


def _reason(exc: Exception) -> str:
    return next((reason for kind, reason in REASONS if isinstance(exc, kind)), "malformed")


def _refused(reason: str, message: str) -> BadPlayerToken:
    return BadPlayerToken(message, {"reason": reason})
