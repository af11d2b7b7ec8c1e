"""Unstarted games expire, and each creator has a quota of unfinished games (docs/security.md).

An OPEN game not started within `BOARDSTATE_OPEN_GAME_TTL_SECONDS` disappears with all its keys
and its index row; a game that started is never expired. A creator with
`BOARDSTATE_MAX_OPEN_GAMES` unfinished games is refused more (`QUOTA_EXCEEDED`) until some end
or expire."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator

import pytest

from tests.api.client import Api
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.slow]

TTL = 2
QUOTA = 3
OPEN_GAMES = "query { games(status: OPEN, first: 100) { edges { node { id } } } }"


@pytest.fixture(scope="module")
def service(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    env = {
        "BOARDSTATE_RATE_LIMITS": "1",
        "BOARDSTATE_OPEN_GAME_TTL_SECONDS": str(TTL),
        "BOARDSTATE_MAX_OPEN_GAMES": str(QUOTA),
        "BOARDSTATE_TRUSTED_PROXIES": "127.0.0.1",
    }
    with ServiceProcess(redis_server.url, env=env) as server:
        yield server


@pytest.fixture
async def api(service: ServiceProcess, request: pytest.FixtureRequest) -> AsyncIterator[Api]:
    """A client with an address of its own (through the trusted proxy header)."""
    client = Api(service.url)
    client.http.headers["x-forwarded-for"] = f"192.0.2.{len(request.node.name) % 250 + 1}"
    yield client
    await client.close()


def ttls(redis_server: RedisServer, prefix: str, game_id: str) -> dict[str, int]:
    client = redis_server.client()
    try:
        keys = client.keys(f"{prefix}:{{{game_id}}}:*")
        names = [k.decode() if isinstance(k, bytes) else k for k in keys]
        return {name: int(client.pttl(name)) for name in names}
    finally:
        client.close()


async def open_ids(api: Api) -> set[str]:
    data = await api.gql(OPEN_GAMES)
    return {edge["node"]["id"] for edge in data["games"]["edges"]}


async def test_an_unstarted_game_expires_with_its_keys_and_a_started_one_never(
    service: ServiceProcess, redis_server: RedisServer, api: Api
) -> None:
    waiting = (await api.create())["game"]["id"]
    assert (await api.join(waiting, "ann"))["__typename"] == "SeatJoined"
    started = (await api.create())["game"]["id"]
    await api.join(started, "ann")
    assert (await api.join(started, "bob"))["game"]["status"] == "ACTIVE"

    waiting_ttls = ttls(redis_server, service.prefix, waiting)
    names = {k.rsplit(":", 1)[1] for k in waiting_ttls}  # the outbox, until relayed
    assert {"log", "meta", "tokens"} <= names <= {"log", "meta", "tokens", "outbox"}
    assert all(0 < ttl <= TTL * 1000 for ttl in waiting_ttls.values()), waiting_ttls
    assert set(ttls(redis_server, service.prefix, started).values()) == {-1}
    assert waiting in await open_ids(api)

    await asyncio.sleep(TTL + 0.5)
    assert ttls(redis_server, service.prefix, waiting) == {}
    assert await api.game(waiting) is None
    assert (await api.join(waiting, "cy"))["code"] == "GAME_NOT_FOUND"
    for _ in range(50):  # the sweeper drops its index row within a second
        if waiting not in await open_ids(api):
            break
        await asyncio.sleep(0.1)
    assert waiting not in await open_ids(api)
    game = await api.game(started, "status version")
    assert game["status"] == "ACTIVE"
    assert set(ttls(redis_server, service.prefix, started).values()) == {-1}


async def test_a_creator_gets_at_most_its_quota_of_unfinished_games(api: Api) -> None:
    for _ in range(QUOTA):
        assert (await api.create())["__typename"] == "GameCreated"
    refused = await api.create()
    assert refused["code"] == "QUOTA_EXCEEDED"
    assert refused["details"] == {"limit": QUOTA, "open": QUOTA}
    other = Api(api.base_url)
    other.http.headers["x-forwarded-for"] = "198.51.100.77"
    try:
        assert (await other.create())["__typename"] == "GameCreated"
    finally:
        await other.close()
    await asyncio.sleep(TTL + 0.5)  # the OPEN games expire and free the quota
    assert (await api.create())["__typename"] == "GameCreated"
