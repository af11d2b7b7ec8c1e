"""Retired and revoked player tokens (issue 37, item 7; `service.store.players.token_state`), against a
real Redis, with the verifier's clock in the test's hands: the refresh overlap ends when it
says, a retry inside it does not move the chain on, a revocation has no overlap, an
integrator's token is judged by its `iat`, and two verifiers (two replicas) agree at once."""

from __future__ import annotations

import json
import time
from typing import Any

import jwt
import pytest

from boardstate.service.runtime.identity_settings import IdentitySettings
from boardstate.service.runtime.player_failures import BadPlayerToken
from boardstate.service.runtime.player_tokens import PlayerTokens
from boardstate.service.store import RedisEventStore
from boardstate.service.store.players.signing_keys import RedisSigningKeys
from boardstate.service.store.players.token_state import TokenState
from tests.service.test_player_tokens import SECRET, jwk_of

KEYS = json.dumps({"keys": [jwk_of(SECRET, "hs-1")]})


class Clock:
    def __init__(self) -> None:
        self.now = float(int(time.time()))

    def __call__(self) -> float:
        return self.now


def verifier(store: RedisEventStore, clock: Clock, **settings: Any) -> PlayerTokens:
    signing = RedisSigningKeys(store.client, store.prefix)
    return PlayerTokens(IdentitySettings(jwks=KEYS, **settings), signing, clock)


async def reason(tokens: PlayerTokens, token: str) -> str:
    with pytest.raises(BadPlayerToken) as refused:
        await tokens.player_of(token)
    return str(refused.value.details["reason"])


async def test_a_refreshed_token_lives_the_overlap_and_no_longer(
    redis_store: RedisEventStore,
) -> None:
    clock = Clock()
    one, other = verifier(redis_store, clock), verifier(redis_store, clock)  # two replicas
    first = await one.issue("p_1")
    second = await one.refresh(first.token)
    assert await other.player_of(first.token) == "p_1"  # inside the overlap
    clock.now += 59
    assert await other.player_of(first.token) == "p_1"
    clock.now += 1
    assert await reason(other, first.token) == "revoked"
    assert await reason(one, first.token) == "revoked"  # though `one` remembered it verified
    assert await one.player_of(second.token) == "p_1"
    with pytest.raises(BadPlayerToken):
        await other.refresh(first.token)


async def test_a_retry_inside_the_overlap_gets_the_same_generation(
    redis_store: RedisEventStore,
) -> None:
    clock = Clock()
    tokens = verifier(redis_store, clock)
    first = await tokens.issue("p_2")
    a, b = await tokens.refresh(first.token), await tokens.refresh(first.token)
    gens = [jwt.decode(t.token, options={"verify_signature": False})["gen"] for t in (a, b)]
    assert gens == [1, 1]
    c = await tokens.refresh(b.token)
    assert jwt.decode(c.token, options={"verify_signature": False})["gen"] == 2
    assert await reason(tokens, first.token) == "revoked"  # two generations back
    assert await tokens.player_of(a.token) == "p_2"  # its sibling's overlap


async def test_an_overlap_of_zero_retires_at_once(redis_store: RedisEventStore) -> None:
    clock = Clock()
    tokens = verifier(redis_store, clock, refresh_overlap=0)
    first = await tokens.issue("p_3")
    await tokens.refresh(first.token)
    assert await reason(tokens, first.token) == "revoked"


async def test_a_revocation_retires_everything_at_once_and_hands_a_fresh_token(
    redis_store: RedisEventStore,
) -> None:
    clock = Clock()
    tokens = verifier(redis_store, clock)
    first = await tokens.issue("p_4")
    second = await tokens.refresh(first.token)
    done = await tokens.revoke_all(first.token)  # still inside its overlap: it may revoke
    assert done.issued is not None
    for old in (first.token, second.token):
        assert await reason(tokens, old) == "revoked"
    assert await tokens.player_of(done.issued.token) == "p_4"


async def test_an_integrators_token_is_judged_by_its_iat(redis_store: RedisEventStore) -> None:
    clock = Clock()
    tokens = verifier(redis_store, clock)

    def signed(**claims: Any) -> str:
        body = {"sub": "acct-1", "aud": "boardstate", "exp": int(clock.now) + 600} | claims
        return jwt.encode(body, SECRET, "HS256", headers={"kid": "hs-1"})

    before, bare = signed(iat=int(clock.now) - 1), signed()
    done = await tokens.revoke_all(before)
    assert (done.issued, done.at) == (None, int(clock.now))
    assert await reason(tokens, before) == "revoked"
    assert await reason(tokens, bare) == "revoked"
    assert await reason(tokens, signed(iat=int(clock.now))) == "revoked"  # its very second
    assert await tokens.player_of(signed(iat=int(clock.now) + 1)) == "acct-1"
    state = await tokens.state.state("acct-1")
    assert state == TokenState(1, 0, int(clock.now) + 1)
    ttl = await redis_store.client.pttl(tokens.state.key("acct-1"))
    assert ttl > 399 * 86_400_000  # the floor outlives any token of the service


async def test_a_player_that_never_refreshed_costs_no_key(redis_store: RedisEventStore) -> None:
    tokens = verifier(redis_store, Clock())
    issued = await tokens.issue("p_5")
    assert await tokens.player_of(issued.token) == "p_5"
    assert await redis_store.client.exists(tokens.state.key("p_5")) == 0
