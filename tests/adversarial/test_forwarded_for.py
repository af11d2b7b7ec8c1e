"""Spoofed `X-Forwarded-For` (issue 27): a peer that is not one of `BOARDSTATE_TRUSTED_PROXIES`
counts against its own address whatever the header says, on plain uvicorn (run as documented,
its own proxy-header rewriting off) and on `boardstate serve`, where uvicorn would otherwise
trust the header from 127.0.0.1; from a trusted proxy the forwarded client counts. Both doors
share the windows. Loopback source addresses stand for hosts: 127.0.0.1 is a client sending a
forged header, 127.0.0.2 the configured proxy."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

LIMIT = 5
PROXY = "127.0.0.2"
QUERY = {"query": "{ gameTypes { id } }"}


@pytest.fixture(scope="module", params=("uvicorn", "serve"))
def limited(request: pytest.FixtureRequest, redis_server: RedisServer) -> Iterator[ServiceProcess]:
    env = {
        "BOARDSTATE_RATE_LIMITS": "1",
        "BOARDSTATE_RATE_LIMIT_ADDRESS": f"{LIMIT}/day",  # no window ends during the test
        "BOARDSTATE_TRUSTED_PROXIES": PROXY,
    }
    with ServiceProcess(redis_server.url, env=env, serve=request.param == "serve") as server:
        yield server


def client(url: str, source: str) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=source)
    return httpx.AsyncClient(base_url=url, transport=transport, timeout=30)


async def ask(http: httpx.AsyncClient, door: str, forwarded: str) -> httpx.Response:
    headers = {"x-forwarded-for": forwarded}
    if door == "rest":
        return await http.get("/v1/game-types", headers=headers)
    return await http.post("/graphql", json=QUERY, headers=headers)


def limited_on(answer: httpx.Response, door: str) -> bool:
    if answer.status_code != 429 or "retry-after" not in answer.headers:
        return False
    body = answer.json()
    code = body["code"] if door == "rest" else body["errors"][0]["extensions"]["code"]
    return bool(code == "RATE_LIMITED")


async def test_a_forged_header_from_an_untrusted_peer_does_not_escape_the_limit(
    limited: ServiceProcess,
) -> None:
    async with client(limited.url, "127.0.0.1") as http:
        doors = ["rest", "graphql"] * LIMIT
        answers = [await ask(http, door, f"203.0.113.{i}") for i, door in enumerate(doors)]
    assert [a.status_code for a in answers[:LIMIT]] == [200] * LIMIT
    for door, answer in zip(doors[LIMIT:], answers[LIMIT:], strict=True):
        assert limited_on(answer, door), answer.text


async def test_behind_a_trusted_proxy_the_forwarded_client_counts(
    limited: ServiceProcess,
) -> None:
    async with client(limited.url, PROXY) as http:
        doors = ["graphql", "rest"] * LIMIT
        # The client itself forged "9.9.9.9"; the proxy appended the address it saw.
        answers = [await ask(http, door, "9.9.9.9, 198.51.100.7") for door in doors]
        others = [await ask(http, door, f"198.51.100.{20 + i}") for i, door in enumerate(doors)]
    assert [a.status_code for a in answers[:LIMIT]] == [200] * LIMIT
    for door, answer in zip(doors[LIMIT:], answers[LIMIT:], strict=True):
        assert limited_on(answer, door), answer.text
    assert [a.status_code for a in others] == [200] * len(doors)  # each its own window
