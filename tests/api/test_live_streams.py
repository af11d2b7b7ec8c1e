"""Idle subscribers starve no one (issue 13, item 2): live streams share one reader, requests
wait briefly for a connection, a request's fan-out is bounded, and streams are capped."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import httpx
import pytest

from tests.api.client import Api, GraphQLErrors, subscription
from tests.api.live_support import gauge, new_games, streams
from tests.api.server import ServiceProcess
from tests.api.webhook_support import until
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

PAGE = "{ games(first: 50) { edges { node { id events { totalCount } } } } }"


async def metrics(service: ServiceProcess) -> str:
    async with httpx.AsyncClient(trust_env=False) as client:
        return (await client.get(f"{service.url}/metrics")).text


@pytest.fixture(scope="module")
def service(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """The module's server; the test client's one address may hold 200 streams."""
    env = {"BOARDSTATE_MAX_STREAMS_PER_ADDRESS": "200"}
    with ServiceProcess(redis_server.url, env=env) as process:
        yield process


async def test_120_idle_subscriptions_leave_requests_and_a_wide_page_served(
    service: ServiceProcess, api: Api
) -> None:
    games = await new_games(api, 120)
    async with streams(service.ws_url, games) as opened:
        # a subscription is counted once its server task has started, which may come a moment
        # after the client saw the socket open: wait for the count, then hold it to exactly 120
        async def all_counted() -> bool:
            return gauge(await metrics(service), "boardstate_subscribers") >= 120

        await until(all_counted, seconds=30.0, what="120 subscribers counted")
        text = await metrics(service)
        assert gauge(text, "boardstate_subscribers") == 120
        assert gauge(text, "boardstate_stream_readers") == 1
        reads = [api.game(g, "id version") for g, _ in games[:40]]
        results = await asyncio.gather(*reads, api.gql(PAGE), api.gql(PAGE))
        assert all(r is not None for r in results)
        assert len(results[-1]["games"]["edges"]) == 50
        game_id, tokens = games[0]
        seat = (await api.game(game_id, "toAct"))["toAct"][0]
        move = (await api.legal_moves(game_id, seat, tokens[seat]))[0]
        accepted = await api.submit(game_id, seat, move, tokens[seat])
        assert accepted["__typename"] == "MoveAccepted", accepted
        versions = [e["version"] for e in await opened[0].take(accepted["version"] - 1)]
        assert versions == list(range(2, accepted["version"] + 1))

        # the background pollers borrow a connection now and then: wait for at most one in use
        async def pool_back() -> bool:
            return gauge(await metrics(service), "boardstate_redis_pool_in_use") <= 1

        await until(pool_back, seconds=30.0, what="the Redis pool back to at most 1 in use")


@pytest.fixture(scope="module")
def small(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """A server with tiny pools and caps; forwarded clients (through this machine as a trusted
    proxy) are addresses of their own."""
    env = {
        "BOARDSTATE_REDIS_POOL_SIZE": "2",
        "BOARDSTATE_REQUEST_CONCURRENCY": "2",
        "BOARDSTATE_MAX_STREAMS": "4",
        "BOARDSTATE_MAX_STREAMS_PER_TOKEN": "2",
        "BOARDSTATE_MAX_STREAMS_PER_ADDRESS": "3",
        "BOARDSTATE_TRUSTED_PROXIES": "127.0.0.1",
    }
    with ServiceProcess(redis_server.url, env=env) as process:
        yield process


async def test_requests_wait_for_one_of_two_connections_instead_of_failing(
    small: ServiceProcess,
) -> None:
    api = Api(small.url)
    try:
        games = await new_games(api, 12, concurrency=12)
        reads = [api.game(g, "id events { totalCount }") for g, _ in games]
        results = await asyncio.gather(*reads, *(api.gql(PAGE) for _ in range(4)))
        assert all(r is not None for r in results)
        assert len(results[-1]["games"]["edges"]) >= 12

        # every connection goes back to the pool (a leak would stay); the background pollers
        # (bot worker, relay, webhook sender, feed) each borrow one for a short command now and
        # then, so a single read may land inside one of those
        async def drained() -> bool:
            return gauge(await metrics(small), "boardstate_redis_pool_in_use") == 0

        await until(drained, seconds=5.0, what="the Redis pool to drain to 0 connections in use")
    finally:
        await api.close()


async def refused(
    ws_url: str, game_id: str, payload: dict[str, str] | None, address: str | None = None
) -> dict[str, object]:
    headers = None if address is None else {"x-forwarded-for": address}
    async with subscription(ws_url, game_id, payload=payload, headers=headers) as events:
        with pytest.raises(GraphQLErrors) as raised:
            await events.next()
    extensions: dict[str, object] = raised.value.errors[0]["extensions"]
    return extensions


async def test_streams_are_capped_per_token_per_address_and_per_process(
    small: ServiceProcess,
) -> None:
    api = Api(small.url)
    ws = small.ws_url
    try:
        (a, a_tokens), (b, b_tokens) = await new_games(api, 2)
        seat0 = {"token": a_tokens[0]}
        async with streams(ws, [(a, a_tokens), (a, a_tokens)]):
            got = await refused(ws, a, seat0)
            assert got == {"code": "TOO_MANY_STREAMS", "scope": "token", "limit": 2}
            async with streams(ws, [(b, b_tokens)], spectators=True):
                # seat streams count against their address as spectators do
                for payload in (None, {"token": a_tokens[1]}):
                    got = await refused(ws, a, payload)
                    assert got == {"code": "TOO_MANY_STREAMS", "scope": "address", "limit": 3}
                elsewhere = {"x-forwarded-for": "198.51.100.7"}
                async with subscription(ws, b, payload=None, headers=elsewhere) as other:
                    assert (await other.next())["version"] == 1  # type: ignore[index]
                    got = await refused(ws, b, {"token": b_tokens[1]}, "203.0.113.9")
                    assert got == {"code": "TOO_MANY_STREAMS", "scope": "process", "limit": 4}
            async with subscription(ws, b, payload={"token": b_tokens[1]}) as events:
                assert (await events.next())["version"] == 1  # type: ignore[index]
        assert gauge(await metrics(small), "boardstate_subscribers") == 0
    finally:
        await api.close()
