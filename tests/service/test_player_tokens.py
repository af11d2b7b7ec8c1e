"""Player tokens (issue 30, item 1; architecture §5e): what verifies and what is refused, and why.

The verifier runs against a real Redis (the service's own signing key lives there) and real
keys made with `cryptography`; tokens are signed with PyJWT as an integrator would, and forged
by hand where a library would refuse to (`alg: none`, algorithm confusion).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import time
from pathlib import Path
from typing import Any

import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from boardstate.service.env_values import SettingsError
from boardstate.service.runtime import jwks_keys
from boardstate.service.runtime.identity_settings import IdentitySettings
from boardstate.service.runtime.player_failures import BadPlayerToken
from boardstate.service.runtime.player_tokens import PlayerTokens, is_player_token
from boardstate.service.store import RedisEventStore
from boardstate.service.store.players.signing_keys import RedisSigningKeys

RSA_KEY = rsa.generate_private_key(public_exponent=65537, key_size=2048)
EC_KEY = ec.generate_private_key(ec.SECP256R1())
SECRET = b"an integrator's shared secret of 32+ bytes!!"


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def jwk_of(key: Any, kid: str) -> dict[str, Any]:
    """The public JWK of a private key (or an `oct` JWK of a secret)."""
    if isinstance(key, bytes):
        return {"kty": "oct", "kid": kid, "alg": "HS256", "k": _b64(key)}
    if isinstance(key, rsa.RSAPrivateKey):
        doc: dict[str, Any] = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(key.public_key()))
        return doc | {"kid": kid, "alg": "RS256"}
    doc = json.loads(jwt.algorithms.ECAlgorithm.to_jwk(key.public_key()))
    return doc | {"kid": kid, "alg": "ES256"}


def claims(**over: Any) -> dict[str, Any]:
    now = int(time.time())
    return {"sub": "user-42", "aud": "boardstate", "exp": now + 600, "iat": now} | over


def signed(key: Any, kid: str | None, alg: str, **over: Any) -> str:
    headers = {} if kid is None else {"kid": kid}
    return jwt.encode(claims(**over), key, alg, headers=headers)


def unsigned(**over: Any) -> str:
    head = _b64(json.dumps({"alg": "none", "typ": "JWT"}).encode())
    return f"{head}.{_b64(json.dumps(claims(**over)).encode())}."


def tokens_of(store: RedisEventStore, jwks: str | None, **settings: Any) -> PlayerTokens:
    signing = RedisSigningKeys(store.client, store.prefix)
    return PlayerTokens(IdentitySettings(jwks=jwks, **settings), signing)


KEYS = json.dumps(
    {"keys": [jwk_of(RSA_KEY, "rsa-1"), jwk_of(EC_KEY, "ec-1"), jwk_of(SECRET, "hs-1")]}
)


async def reason(tokens: PlayerTokens, token: str) -> str:
    with pytest.raises(BadPlayerToken) as refused:
        await tokens.player_of(token)
    assert refused.value.code == "PLAYER_TOKEN_INVALID"
    return str(refused.value.details["reason"])


async def test_a_token_signed_with_any_configured_key_names_its_player(
    redis_store: RedisEventStore,
) -> None:
    tokens = tokens_of(redis_store, KEYS)
    assert await tokens.player_of(signed(RSA_KEY, "rsa-1", "RS256")) == "user-42"
    assert await tokens.player_of(signed(EC_KEY, "ec-1", "ES256", sub="ann")) == "ann"
    assert await tokens.player_of(signed(SECRET, "hs-1", "HS256", sub="bob")) == "bob"


async def test_alg_none_is_refused(redis_store: RedisEventStore) -> None:
    assert await reason(tokens_of(redis_store, KEYS), unsigned()) == "algorithm"


async def test_an_rsa_public_key_used_as_an_hmac_secret_is_refused(
    redis_store: RedisEventStore,
) -> None:
    """Algorithm confusion: the attacker signs HS256 with the server's public key's PEM."""
    pem = RSA_KEY.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    header = _b64(json.dumps({"alg": "HS256", "kid": "rsa-1", "typ": "JWT"}).encode())
    body = _b64(json.dumps(claims()).encode())
    mac = hmac.new(pem, f"{header}.{body}".encode(), hashlib.sha256).digest()
    forged = f"{header}.{body}.{_b64(mac)}"
    assert await reason(tokens_of(redis_store, KEYS), forged) == "algorithm"


@pytest.mark.parametrize(
    ("over", "why"),
    [
        ({"aud": "someone-else"}, "audience"),
        ({"exp": int(time.time()) - 3600}, "expired"),
        ({"nbf": int(time.time()) + 3600}, "not_yet_valid"),
        ({"sub": ""}, "claims"),
        ({"sub": "x" * 65}, "claims"),
        ({"sub": "tab\there"}, "claims"),
    ],
)
async def test_wrong_audience_expired_not_yet_valid_and_bad_subjects_are_refused(
    redis_store: RedisEventStore, over: dict[str, Any], why: str
) -> None:
    token = signed(RSA_KEY, "rsa-1", "RS256", **over)
    assert await reason(tokens_of(redis_store, KEYS), token) == why


async def test_missing_expiry_or_audience_is_refused(redis_store: RedisEventStore) -> None:
    tokens = tokens_of(redis_store, KEYS)
    for missing in ("exp", "aud", "sub"):
        payload = {k: v for k, v in claims().items() if k != missing}
        token = jwt.encode(payload, RSA_KEY, "RS256", headers={"kid": "rsa-1"})
        assert await reason(tokens, token) in ("claims", "audience")


async def test_a_tampered_signature_an_unknown_key_and_garbage_are_refused(
    redis_store: RedisEventStore,
) -> None:
    tokens = tokens_of(redis_store, KEYS)
    good = signed(RSA_KEY, "rsa-1", "RS256")
    head, _body, sig = good.split(".")
    other = _b64(json.dumps(claims(sub="mallory")).encode())
    assert await reason(tokens, f"{head}.{other}.{sig}") == "signature"
    assert await reason(tokens, signed(RSA_KEY, "rsa-9", "RS256")) == "unknown_key"
    assert await reason(tokens, "a.b.c") == "malformed"
    assert await reason(tokens, "x" * 5000 + "..") == "too_long"


async def test_an_issuer_when_configured_must_match(redis_store: RedisEventStore) -> None:
    tokens = tokens_of(redis_store, KEYS, issuer="https://accounts.example")
    assert await reason(tokens, signed(RSA_KEY, "rsa-1", "RS256")) == "claims"
    assert await reason(tokens, signed(RSA_KEY, "rsa-1", "RS256", iss="https://evil")) == "issuer"
    good = signed(RSA_KEY, "rsa-1", "RS256", iss="https://accounts.example")
    assert await tokens.player_of(good) == "user-42"


async def test_service_issued_tokens_verify_on_every_replica_and_refresh(
    redis_store: RedisEventStore,
) -> None:
    a, b = tokens_of(redis_store, None), tokens_of(redis_store, None)
    issued = await a.issue("p_new")
    assert is_player_token(issued.token)
    assert await b.player_of(issued.token) == "p_new"
    fresh = await b.refresh(issued.token)
    assert fresh.player_id == "p_new"
    assert fresh.token != issued.token
    integrator = tokens_of(redis_store, KEYS)
    with pytest.raises(BadPlayerToken) as refused:
        await integrator.refresh(signed(RSA_KEY, "rsa-1", "RS256"))
    assert refused.value.details["reason"] == "not_refreshable"


async def test_a_token_signed_with_a_guessed_service_key_is_refused(
    redis_store: RedisEventStore,
) -> None:
    tokens = tokens_of(redis_store, None)
    await tokens.issue("p_real")
    forged = jwt.encode(
        claims(iss="boardstate"), b"guess" * 8, "HS256", headers={"kid": "boardstate-1"}
    )
    assert await reason(tokens, forged) == "signature"


async def test_a_jwks_file_is_reread_when_it_changes_rotation_without_restart(
    redis_store: RedisEventStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(jwks_keys, "RELOAD_SECONDS", 0.0)
    path = tmp_path / "jwks.json"
    path.write_text(json.dumps({"keys": [jwk_of(RSA_KEY, "old")]}))
    tokens = tokens_of(redis_store, str(path))
    assert await tokens.player_of(signed(RSA_KEY, "old", "RS256")) == "user-42"
    new_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    path.write_text(json.dumps({"keys": [jwk_of(new_key, "new")]}))
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    assert await tokens.player_of(signed(new_key, "new", "RS256", sub="ann")) == "ann"
    assert await reason(tokens, signed(RSA_KEY, "old", "RS256", sub="zed")) == "unknown_key"
    path.write_text("not json")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2 * 10**9))
    assert await tokens.player_of(signed(new_key, "new", "RS256", sub="kim")) == "kim"


def test_unusable_key_sets_are_refused_at_start(tmp_path: Path) -> None:
    for bad in ('{"keys": "no"}', "[]", '{"keys": [{"kty": "nope"}]}'):
        with pytest.raises(SettingsError):
            jwks_keys.KeySet(bad if bad.startswith("{") else str(tmp_path / "missing.json"))


async def test_a_replica_writes_its_signing_secret_back_when_redis_lost_it(
    redis_store: RedisEventStore,
) -> None:
    old = tokens_of(redis_store, None)
    issued = await old.issue("p_before")
    await redis_store.client.delete(RedisSigningKeys(redis_store.client, redis_store.prefix).key)
    await old.keep_secret()  # the `signing-key` loop of a replica that was running
    started_since = tokens_of(redis_store, None)  # a replica started after the loss
    assert await started_since.player_of(issued.token) == "p_before"
    later = await started_since.issue("p_after")
    assert await old.player_of(later.token) == "p_after"


async def test_issuing_writes_the_secret_back_when_redis_lost_it(
    redis_store: RedisEventStore,
) -> None:
    old = tokens_of(redis_store, None)
    issued = await old.issue("p_before")
    await redis_store.client.delete(RedisSigningKeys(redis_store.client, redis_store.prefix).key)
    await old.issue("p_again")  # writes its secret back before signing
    assert await tokens_of(redis_store, None).player_of(issued.token) == "p_before"
