"""Operations sent on a websocket are held to what HTTP requests are held to (issue 15, item 2):
each `subscribe` message counts against the rate limits of the socket's address and token, and
only so many operations run at once on one socket (docs/security.md). Without these, a client
that moves over its socket could send moves or queries without any limit."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from bench.peer_clients import GraphqlSocket
from boardstate.service.http.graphql.ws import MAX_OPERATIONS
from tests.api.client import Api
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

TOKEN_LIMIT = 5
QUERY = "query($g: ID!) { game(id: $g) { version } }"
FOLLOW = "subscription($g: ID!) { gameEvents(gameId: $g) { version } }"


@pytest.fixture(scope="module")
def limited(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    env = {
        "BOARDSTATE_RATE_LIMITS": "1",
        "BOARDSTATE_RATE_LIMIT_ADDRESS": "10000/minute",
        "BOARDSTATE_RATE_LIMIT_TOKEN": f"{TOKEN_LIMIT}/minute",
    }
    with ServiceProcess(redis_server.url, env=env) as server:
        yield server


async def test_operations_over_the_token_limit_are_refused_with_retry_after_and_the_socket_stays(
    limited: ServiceProcess,
) -> None:
    api = Api(limited.url)
    try:
        game_id, tokens = await api.new_game()
    finally:
        await api.close()
    socket = GraphqlSocket(limited.port, tokens[0])
    await socket.open()
    try:
        answers = [await socket.execute(QUERY, {"g": game_id}) for _ in range(TOKEN_LIMIT + 3)]
    finally:
        await socket.close()
    kinds = [a["type"] for a in answers]
    assert kinds == ["next"] * TOKEN_LIMIT + ["error"] * 3
    for refused in answers[TOKEN_LIMIT:]:
        (error,) = refused["payload"]
        assert error["extensions"]["code"] == "RATE_LIMITED"
        assert 1 <= error["extensions"]["retryAfter"] <= 60


async def test_no_more_than_the_cap_of_operations_run_at_once_on_one_socket(
    limited: ServiceProcess,
) -> None:
    api = Api(limited.url)
    try:
        game_id, _ = await api.new_game()
    finally:
        await api.close()
    socket = GraphqlSocket(limited.port, "")  # a spectator: the address's limits only
    await socket.open()
    try:
        for _ in range(MAX_OPERATIONS):
            await socket.follow(game_id, 0, lambda _version: None)
        await asyncio.sleep(0.2)  # every subscription is running
        over = await asyncio.wait_for(socket.execute(QUERY, {"g": game_id}), 10)
    finally:
        await socket.close()
    assert over["type"] == "error"
    assert "limit" in over["payload"][0]["message"].lower()
