"""Open sign-up is bounded per client address (issue 37: throwaway accounts are how ratings are
farmed): past `BOARDSTATE_RATE_LIMIT_SIGNUP`'s windows a new player is refused `RATE_LIMITED`
with `Retry-After`, on both doors and in one window for both, while another address signs up
and the admin token (an integrator creating its users' players) is exempt."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest

from tests.adversarial.conftest import ADMIN_TOKEN
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis
PROXY = "127.0.0.2"
NEW_PLAYER = (
    "mutation { createPlayer { __typename ... on PlayerToken { playerId } "
    "... on Rejected { code details } } }"
)
PER_MINUTE = 10
"""The default's first window (`identity_settings.SIGNUP_LIMITS`: 10/minute;100/hour;500/day)."""


@pytest.fixture(scope="module")
def server(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """The defaults a user gets (rate limits on, open sign-up), behind a trusted balancer."""
    env = {"BOARDSTATE_TRUSTED_PROXIES": PROXY, "BOARDSTATE_ADMIN_TOKEN": ADMIN_TOKEN}
    with ServiceProcess(redis_server.url, env=env, defaults=True) as process:
        yield process


@pytest.fixture
async def client(server: ServiceProcess) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.AsyncHTTPTransport(local_address=PROXY)
    async with httpx.AsyncClient(
        base_url=server.url, transport=transport, timeout=30, trust_env=False
    ) as http:
        yield http


async def rest(http: httpx.AsyncClient, address: str, token: str | None = None) -> httpx.Response:
    headers = {"x-forwarded-for": address}
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    return await http.post("/v1/players", headers=headers)


async def graphql(http: httpx.AsyncClient, address: str) -> tuple[httpx.Response, Any]:
    answer = await http.post(
        "/graphql", json={"query": NEW_PLAYER}, headers={"x-forwarded-for": address}
    )
    return answer, answer.json()["data"]["createPlayer"]


async def test_one_address_signs_up_a_bounded_number_of_players_on_both_doors(
    client: httpx.AsyncClient,
) -> None:
    farm = "203.0.113.40"
    made = [await rest(client, farm) for _ in range(PER_MINUTE // 2)]
    made += [(await graphql(client, farm))[0] for _ in range(PER_MINUTE - PER_MINUTE // 2)]
    assert [m.status_code for m in made] == [201] * (PER_MINUTE // 2) + [200] * (PER_MINUTE // 2)
    refused = await rest(client, farm)
    assert refused.status_code == 429, refused.text
    assert refused.json()["code"] == "RATE_LIMITED"
    assert int(refused.headers["retry-after"]) >= 1
    answer, rejected = await graphql(client, farm)
    assert rejected["__typename"] == "Rejected"
    assert rejected["code"] == "RATE_LIMITED"
    assert rejected["details"]["retryAfter"] >= 1
    assert int(answer.headers["retry-after"]) >= 1
    # another address signs up; the admin token (an integrator's users) is exempt
    assert (await rest(client, "198.51.100.41")).status_code == 201
    assert (await rest(client, farm, ADMIN_TOKEN)).status_code == 201
