"""A createGame flood from one address against a real service on real Redis, rate limits on
their defaults (architecture §5 limits; docs/security.md): the flood meets 429s and `RATE_LIMITED`
refusals, Redis barely grows, and an honest client at another address (simulated through a
trusted proxy's `X-Forwarded-For`) keeps creating and playing without one refusal."""

from __future__ import annotations

import asyncio
import collections
import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.adversarial.support import CREATE, mib, redis_memory, service_rss
from tests.api.client import Api
from tests.api.play import play
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.slow]

FLOOD = 1000
CONCURRENCY = 50
ATTACKER = "203.0.113.7"
HONEST = "198.51.100.20"


@pytest.fixture(scope="module")
def limited(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """A service with the default limits, trusting 127.0.0.1 as its proxy."""
    env = {"BOARDSTATE_RATE_LIMITS": "1", "BOARDSTATE_TRUSTED_PROXIES": "127.0.0.1"}
    with ServiceProcess(redis_server.url, env=env) as server:
        yield server


async def flood(url: str) -> tuple[collections.Counter[str], list[httpx.Response]]:
    """Sends FLOOD createGame calls from ATTACKER; returns outcome counts and the refusals."""
    outcomes: collections.Counter[str] = collections.Counter()
    refused: list[httpx.Response] = []
    headers = {"x-forwarded-for": ATTACKER}
    queue = iter(range(FLOOD))
    async with httpx.AsyncClient(base_url=url, trust_env=False, timeout=30) as http:

        async def worker() -> None:
            for _ in queue:
                body = {"query": CREATE, "variables": {"seats": ["a", "b"]}}
                response = await http.post("/graphql", json=body, headers=headers)
                if response.status_code != 200:
                    outcomes[f"HTTP {response.status_code}"] += 1
                    refused.append(response)
                    continue
                result = response.json()["data"]["createGame"]
                outcomes[result.get("code") or result["__typename"]] += 1
                if result.get("code"):
                    refused.append(response)

        await asyncio.gather(*(worker() for _ in range(CONCURRENCY)))
    return outcomes, refused


async def honest_client(url: str, games: int) -> list[dict[str, Any]]:
    """Creates `games` games from HONEST and plays a few moves of each."""
    api = Api(url)
    api.http.headers["x-forwarded-for"] = HONEST
    played: list[dict[str, Any]] = []
    try:
        for i in range(games):
            game_id, tokens = await api.new_game()
            played += await play([api], game_id, tokens, random.Random(i), max_moves=4)
            await asyncio.sleep(0.05)
    finally:
        await api.close()
    return played


async def test_a_create_flood_from_one_address_is_refused_and_others_play_on(
    limited: ServiceProcess, redis_server: RedisServer
) -> None:
    memory_at_rest = redis_memory(redis_server.url)
    rss_at_rest = service_rss(limited)

    (outcomes, refused), played = await asyncio.gather(
        flood(limited.url), honest_client(limited.url, games=6)
    )

    memory_after = redis_memory(redis_server.url)
    rss_after = service_rss(limited)
    print(
        f"\nflood of {FLOOD} createGame from one address: {dict(outcomes)}; "
        f"Redis used_memory {mib(memory_at_rest)} at rest, {mib(memory_after)} after; "
        f"service RSS {mib(rss_at_rest)} at rest, {mib(rss_after)} after"
    )
    assert sum(outcomes.values()) == FLOOD
    # Default: 30 new games a minute per creator; the rest are refused.
    assert outcomes["GameCreated"] <= 30
    assert outcomes["HTTP 429"] + outcomes["RATE_LIMITED"] >= FLOOD - 30
    assert set(outcomes) <= {"GameCreated", "RATE_LIMITED", "HTTP 429"}
    for response in refused:
        retry_after = int(response.headers["retry-after"])
        assert 1 <= retry_after <= 3600
        if response.status_code == 429:
            error = response.json()["errors"][0]
            assert error["extensions"]["code"] == "RATE_LIMITED"
            assert error["extensions"]["retryAfter"] == retry_after
        else:
            details = response.json()["data"]["createGame"]["details"]
            assert details["retryAfter"] == retry_after
    # The honest client created and played every game without one refusal.
    assert len(played) == 6 * 4
    # Refused calls store nothing: Redis grew by the accepted games only (a few KiB each).
    assert memory_after - memory_at_rest < 8 * 2**20


async def test_the_limits_hold_per_address_not_for_everyone(limited: ServiceProcess) -> None:
    async with httpx.AsyncClient(base_url=limited.url, trust_env=False, timeout=30) as http:
        body = {"query": CREATE, "variables": {"seats": ["a", "b"]}}
        first = await http.post("/graphql", json=body, headers={"x-forwarded-for": ATTACKER})
        other = await http.post("/graphql", json=body, headers={"x-forwarded-for": "192.0.2.9"})
    assert first.status_code in (200, 429)
    assert other.status_code == 200
    assert other.json()["data"]["createGame"]["__typename"] == "GameCreated"
