"""The ingress limits apply to `/v1` as to `/graphql` (docs/security.md), answered as
problem+json: per-address rate limits (429, Retry-After), the creator's create limit (429
RATE_LIMITED with Retry-After). A bug's problem+json 500 `INTERNAL`: test_bug_answers.py."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis


@pytest.fixture(scope="module")
def limited(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    env = {
        "BOARDSTATE_RATE_LIMITS": "1",
        "BOARDSTATE_TRUSTED_PROXIES": "127.0.0.1",
        "BOARDSTATE_RATE_LIMIT_ADDRESS": "5/minute",
        "BOARDSTATE_RATE_LIMIT_CREATE": "2/minute",
    }
    with ServiceProcess(redis_server.url, env=env) as server:
        yield server


def assert_problem_429(response: httpx.Response) -> None:
    assert response.status_code == 429, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    problem = response.json()
    assert (problem["status"], problem["code"]) == (429, "RATE_LIMITED")
    assert 1 <= int(response.headers["retry-after"]) <= 3600
    assert problem["details"]["retryAfter"] == int(response.headers["retry-after"])


async def test_the_address_limit_applies_to_v1(limited: ServiceProcess) -> None:
    headers = {"x-forwarded-for": "203.0.113.50"}
    async with httpx.AsyncClient(base_url=limited.url, trust_env=False, timeout=10) as http:
        answers = [await http.get("/v1/game-types", headers=headers) for _ in range(8)]
    assert [a.status_code for a in answers[:5]] == [200] * 5
    for answer in answers[5:]:
        assert_problem_429(answer)


async def test_the_create_limit_applies_to_v1(limited: ServiceProcess) -> None:
    body = {"gameType": "trambahn", "players": 2, "seats": ["a", "b"]}
    answers = []
    async with httpx.AsyncClient(base_url=limited.url, trust_env=False, timeout=10) as http:
        for i in range(3):
            headers = {"x-forwarded-for": f"203.0.113.{60 + i % 1}"}
            answers.append(await http.post("/v1/games", json=body, headers=headers))
    assert [a.status_code for a in answers[:2]] == [201, 201]
    assert_problem_429(answers[2])
