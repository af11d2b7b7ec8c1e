"""Health, readiness, metrics, and how store failures reach clients (never as accepted moves)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import httpx
import pytest

from tests.api.client import Api, GraphQLErrors
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis


async def get(url: str) -> httpx.Response:
    async with httpx.AsyncClient(trust_env=False, timeout=30) as http:
        return await http.get(url)


@pytest.fixture
def lonely_service(private_redis: RedisServer) -> Iterator[tuple[ServiceProcess, RedisServer]]:
    """A server on a Redis server of this test alone (the test may stop or pause it)."""
    with ServiceProcess(private_redis.url) as process:
        yield process, private_redis


async def test_health_readiness_and_request_ids(service: ServiceProcess) -> None:
    health = await get(f"{service.url}/healthz")
    assert (health.status_code, health.json()) == (200, {"status": "ok"})
    assert health.headers["x-request-id"]
    ready = await get(f"{service.url}/readyz")
    assert ready.status_code == 200
    async with httpx.AsyncClient(trust_env=False) as http:
        echoed = await http.get(f"{service.url}/healthz", headers={"x-request-id": "req-42"})
    assert echoed.headers["x-request-id"] == "req-42"


async def test_graphiql_is_served_to_browsers(service: ServiceProcess) -> None:
    async with httpx.AsyncClient(trust_env=False) as http:
        page = await http.get(f"{service.url}/graphql", headers={"accept": "text/html"})
    assert page.status_code == 200
    assert "graphiql" in page.text.lower()


async def test_metrics_count_requests_moves_and_cache_use(
    service: ServiceProcess, api: Api
) -> None:
    game_id, tokens = await api.new_game()
    seat = (await api.game(game_id, "toAct"))["toAct"][0]
    move = (await api.legal_moves(game_id, seat, tokens[seat]))[0]
    await api.submit(game_id, seat, move, tokens[seat])
    await api.submit(game_id, seat, {"type": "fly"}, tokens[seat])
    text = (await get(f"{service.url}/metrics")).text
    assert 'boardstate_moves_accepted_total{game_type="trambahn"}' in text
    assert 'boardstate_moves_rejected_total{code="MALFORMED_MOVE"}' in text
    assert 'boardstate_http_requests_total{method="POST",route="/graphql",status="200"}' in text
    assert "boardstate_append_seconds_bucket" in text
    assert "boardstate_cache_hits_total" in text
    assert "boardstate_cache_misses_total" in text


async def test_readyz_fails_and_writes_report_the_store_when_redis_is_down(
    lonely_service: tuple[ServiceProcess, RedisServer],
) -> None:
    service, redis_server = lonely_service
    api = Api(service.url)
    try:
        game_id, tokens = await api.new_game()
        assert (await get(f"{service.url}/readyz")).status_code == 200
        redis_server.server.stop()
        ready = await get(f"{service.url}/readyz")
        assert ready.status_code == 503
        assert (await get(f"{service.url}/healthz")).status_code == 200
        with pytest.raises(GraphQLErrors) as caught:
            await api.submit(game_id, 0, {"type": "end_turn"}, tokens[0])
        assert caught.value.codes == ["STORE_UNAVAILABLE"]
        with pytest.raises(GraphQLErrors) as caught:
            await api.create(["a", "b"])
        assert caught.value.codes == ["STORE_UNAVAILABLE"]
        log = await get(f"{service.url}/games/{game_id}/log")
        assert log.status_code == 503
    finally:
        await api.close()


@pytest.mark.slow
async def test_an_unconfirmed_append_is_retryable_and_lands_once(
    lonely_service: tuple[ServiceProcess, RedisServer],
) -> None:
    service, redis_server = lonely_service
    api = Api(service.url)
    try:
        game_id, tokens = await api.new_game()
        game = await api.game(game_id, "version toAct")
        version, seat = game["version"], game["toAct"][0]
        move = (await api.legal_moves(game_id, seat, tokens[seat]))[0]
        pause = redis_server.client()
        try:
            # Scripts wait while writes are paused; the service's socket timeout (5 s) expires.
            pause.client_pause(7000, all=False)
            with pytest.raises(GraphQLErrors) as caught:
                await api.submit(game_id, seat, move, tokens[seat], id="unsure")
            assert caught.value.codes == ["APPEND_UNCERTAIN"]
            assert caught.value.errors[0]["extensions"]["retryable"] is True
            pause.client_unpause()
        finally:
            pause.close()
        await asyncio.sleep(0.2)
        retried = await api.submit(game_id, seat, move, tokens[seat], id="unsure")
        assert retried["__typename"] == "MoveAccepted"
        again = await api.submit(game_id, seat, move, tokens[seat], id="unsure")
        assert again == retried
        log = (await get(f"{service.url}/games/{game_id}/log")).text.splitlines()
        assert len(log) == version + len(retried["events"])
    finally:
        await api.close()
