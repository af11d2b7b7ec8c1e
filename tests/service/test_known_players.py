"""Known players (`service.store.players.known_players`, issue 37): a player is known once the service
issued it a token or verified one of its tokens (the service's own or the integrator's JWT),
and stops being known when its mark expires; a refused token marks nobody. On one Redis server
and on a cluster (each player's mark in its own slot)."""

from __future__ import annotations

import asyncio
import base64
import json
import time

import jwt
import pytest

from boardstate.service.runtime.identity_settings import IdentitySettings
from boardstate.service.runtime.player_failures import BadPlayerToken
from boardstate.service.runtime.player_tokens import PlayerTokens
from boardstate.service.store import RedisEventStore
from boardstate.service.store.players.known_players import RedisKnownPlayers
from boardstate.service.store.players.signing_keys import RedisSigningKeys

SECRET = b"a known-players test's shared secret, 32+ bytes"
KEYS = {"keys": [{"kty": "oct", "kid": "k", "alg": "HS256"}]}
KEYS["keys"][0]["k"] = base64.urlsafe_b64encode(SECRET).rstrip(b"=").decode()


@pytest.fixture(params=["server", "cluster"])
def events(request: pytest.FixtureRequest) -> RedisEventStore:
    name = "redis_store" if request.param == "server" else "cluster_store"
    store: RedisEventStore = request.getfixturevalue(name)
    return store


def signed(player: str, secret: bytes = SECRET) -> str:
    claims = {"sub": player, "aud": "boardstate", "exp": int(time.time()) + 600}
    return jwt.encode(claims, secret, "HS256", headers={"kid": "k"})


async def test_issued_and_verified_players_are_known(events: RedisEventStore) -> None:
    known = RedisKnownPlayers(events.client, events.prefix)
    settings = IdentitySettings(jwks=json.dumps(KEYS))
    tokens = PlayerTokens(settings, RedisSigningKeys(events.client, events.prefix), known=known)
    names = ["p_issued", "user-1", "user-2", "forged"]
    assert await known.unknown(names) == names
    await tokens.issue("p_issued")
    assert await tokens.player_of(signed("user-1")) == "user-1"
    with pytest.raises(BadPlayerToken):
        await tokens.player_of(signed("forged", b"not the integrator's key, 32+ bytes!!"))
    assert await known.unknown(names) == ["user-2", "forged"]


async def test_a_mark_expires(events: RedisEventStore) -> None:
    known = RedisKnownPlayers(events.client, events.prefix, keep_ms=200)
    await known.saw("brief")
    assert await known.unknown(["brief"]) == []
    for _ in range(100):
        if await known.unknown(["brief"]) == ["brief"]:
            break
        await asyncio.sleep(0.05)
    assert await known.unknown(["brief"]) == ["brief"]
