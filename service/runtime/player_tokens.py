"""Player tokens: who a player is, across games (architecture §5e, `docs/players.md`).

A player token is a JWT (RFC 7519, JWS compact form) naming a `playerId` in `sub`, the
audience `BOARDSTATE_PLAYER_AUDIENCE` in `aud` and an expiry in `exp`. Two kinds verify:

* **integrator-signed**: signed with a key of the JWKS document the operator configures
  (`BOARDSTATE_PLAYER_JWKS`; shared secrets as `oct` keys, RSA, EC or Ed25519 public keys),
  picked by the token's `kid`. Rotation without downtime: publish the new key beside the old
  one, sign with the new one, drop the old one once its tokens have expired; a JWKS file is
  re-read when it changes.
* **service-issued** (`createPlayer`, for integrators without accounts of their own): signed
  HS256 with a secret the replicas share in Redis (`service.store.players.signing_keys`), `iss`
  `boardstate`.

The algorithm is the key's, never the token's choice: `alg: none`, and a token whose `alg`
differs from its key's (an RSA public key used as an HMAC secret: algorithm confusion) are
refused, as are expired, not-yet-valid, wrong-audience and wrong-issuer tokens; each refusal is a
typed `BadPlayerToken` with its reason. PyJWT does the JWS work (`docs/players.md` says why).
Seat tokens have no dots (`runtime.seat_tokens`), so the two kinds are told apart by form.

Retired and revoked tokens (issue 37): every verification, remembered or not, also asks Redis
whether the token is still current (`service.store.players.token_state`, shared by the replicas). A
service token carries its generation (`gen`); refreshing moves the player to the next one and
leaves the refreshed token `settings.refresh_overlap` seconds (60) before it is `revoked`;
`revoke_all` retires every token of the player at once: the service's by a new generation, the
integrator's by an `iat` floor (a token signed before it, or without `iat`, is `revoked`).
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import jwt
import structlog

from boardstate.service.failures import StoreUnavailable
from boardstate.service.runtime.identity_settings import IdentitySettings
from boardstate.service.runtime.jwks_keys import KeySet
from boardstate.service.runtime.player_claims import (
    GENERATION_CLAIM,
    IssuedToken,
    PlayerClaims,
    Revocation,
    claims_of,
    reason_of,
    refused,
)
from boardstate.service.runtime.player_failures import BadPlayerToken
from boardstate.service.store.players.known_players import RedisKnownPlayers
from boardstate.service.store.players.signing_keys import RedisSigningKeys
from boardstate.service.store.players.token_state import RedisTokenState, TokenState

log = structlog.get_logger("boardstate.players")

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
FLOOR_LIFE_SECONDS = 400 * 86_400
"""How long a revocation's `iat` floor is kept for the integrator's tokens: longer than any
service token lives (366 days at most); an integrator token living longer is not covered."""


def is_player_token(token: str | None) -> bool:
    """Tells whether a bearer value is a player token by its form (a JWT: three parts)."""
    return token is not None and token.count(".") == 2


class PlayerTokens:
    """Verifies player tokens and issues the service's own."""

    def __init__(
        self,
        settings: IdentitySettings,
        signing: RedisSigningKeys,
        clock: Callable[[], float] = time.time,
        known: RedisKnownPlayers | None = None,
    ) -> None:
        self.settings = settings
        self.signing = signing
        self.clock = clock
        self.known = known
        """Marks each player whose token is issued or verified (`store.known_players`)."""
        self.keys = KeySet(settings.jwks)
        self.state = RedisTokenState(signing.client, signing.prefix)
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
            claims, fresh = known[1], False
        else:
            claims, fresh = await self._verify(token, now), True
            self._verified[token] = (now + CACHE_SECONDS, claims)
            self._verified.move_to_end(token)
            while len(self._verified) > CACHE_SIZE:
                self._verified.popitem(last=False)
        self._check_current(claims, await self.state.state(claims.player_id), now)
        if fresh:
            await self._saw(claims.player_id)
        return claims

    async def issue(self, player_id: str, generation: int = 0) -> IssuedToken:
        """Signs a token for `player_id` of `generation`, valid `BOARDSTATE_PLAYER_TOKEN_TTL`
        seconds."""
        now = int(self.clock())
        expires = now + self.settings.token_ttl
        payload: dict[str, Any] = {
            "sub": player_id,
            "aud": self.settings.audience,
            "iss": ISSUER,
            "iat": now,
            "nbf": now,
            "exp": expires,
            "jti": secrets.token_urlsafe(12),
        }
        if generation:
            payload[GENERATION_CLAIM] = generation
        secret = await self._service_secret(create=True)
        token = jwt.encode(payload, secret, "HS256", headers={"kid": SERVICE_KEY_ID})
        await self._saw(player_id)
        return IssuedToken(token, player_id, expires)

    async def refresh(self, token: str) -> IssuedToken:
        """A fresh token for the player of a valid token the service issued; the refreshed one
        is retired `refresh_overlap` seconds later (`service.store.players.token_state`)."""
        claims = await self.claims(token)
        if not claims.issued_by_service:
            raise BadPlayerToken(
                "only tokens the service issued are refreshed", {"reason": "not_refreshable"}
            )
        now = self.clock()
        overlap_ms = self.settings.refresh_overlap * 1000
        generation = await self.state.refresh(
            claims.player_id, claims.generation, int(now * 1000), overlap_ms, self._life_ms()
        )
        if generation is None:  # another refresh retired it since it was checked
            raise refused("revoked", "this player token was refreshed before: use its successor")
        return await self.issue(claims.player_id, generation)

    async def revoke_all(self, token: str) -> Revocation:
        """Retires every token of the caller's player at once, the caller's own included;
        a caller holding a service token gets a fresh one (the only way back in for a player
        the service made), an integrator's caller none (its backend signs the next)."""
        claims = await self.claims(token)
        now = int(self.clock())
        floor_life = max(self._life_ms(), FLOOR_LIFE_SECONDS * 1000)
        generation = await self.state.revoke(claims.player_id, now + 1, floor_life)
        issued = None
        if claims.issued_by_service:
            issued = await self.issue(claims.player_id, generation)
        return Revocation(claims.player_id, now, issued)

    def _life_ms(self) -> int:
        """How long a token state must be kept: the longest a token it rules can live."""
        life = self.settings.token_ttl + self.settings.refresh_overlap + LEEWAY_SECONDS
        return (life + 86_400) * 1000

    def _check_current(self, claims: PlayerClaims, state: TokenState, now: float) -> None:
        if claims.issued_by_service:
            if not state.current(claims.generation, int(now * 1000)):
                raise refused("revoked", "this player token was refreshed or revoked since")
        elif not state.signed_after_revocation(claims.issued_at):
            raise refused(
                "revoked", "the player's tokens were revoked after this one was signed (its iat)"
            )

    async def _saw(self, player_id: str) -> None:
        """Marks the player known (a Redis that cannot be written leaves the mark for the next
        verification: the token itself is good)."""
        if self.known is not None:
            try:
                await self.known.saw(player_id)
            except StoreUnavailable as exc:
                log.warning("known_player_not_marked", error=repr(exc)[:200])

    async def _verify(self, token: str, now: float) -> PlayerClaims:
        if len(token) > MAX_TOKEN_CHARS:
            raise refused("too_long", f"a player token is at most {MAX_TOKEN_CHARS} characters")
        try:
            header = jwt.get_unverified_header(token)
        except jwt.PyJWTError as exc:
            raise refused("malformed", f"not a JWT: {exc}") from exc
        alg, kid = header.get("alg"), header.get("kid")
        if not isinstance(alg, str) or alg.lower() == "none":
            raise refused("algorithm", "unsigned tokens (alg: none) are refused")
        by_service = kid == SERVICE_KEY_ID
        key, key_alg = await self._key(kid, by_service)
        if alg != key_alg:
            raise refused("algorithm", f"key {kid!r} signs with {key_alg}, not {alg}")
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
            raise refused(reason_of(exc), f"player token refused: {exc}") from exc
        return claims_of(payload, by_service)

    async def _key(self, kid: object, by_service: bool) -> tuple[Any, str]:
        if by_service:
            return await self._service_secret(create=False), "HS256"
        found = self.keys.find(kid)
        if found is None:
            raise refused("unknown_key", f"no verification key has kid {kid!r}")
        return found

    async def keep_secret(self) -> None:
        """Writes the secret this process signs with back to Redis if Redis lost it (restarted
        empty), so replicas started since sign with the same one (the `signing-key` loop)."""
        if self._secret is not None:
            self._secret = await self.signing.keep(SERVICE_KEY_ID, self._secret)

    async def _service_secret(self, create: bool) -> bytes:
        if self._secret is None:
            self._secret = await self.signing.secret(SERVICE_KEY_ID, create=create)
        elif create:  # issuing: the secret Redis holds, ours written back if it lost it
            self._secret = await self.signing.keep(SERVICE_KEY_ID, self._secret)
        if self._secret is None:
            raise refused("unknown_key", "the service has issued no player tokens yet")
        return self._secret
