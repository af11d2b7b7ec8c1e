"""The service on a Redis Cluster: games, moves, the index and live events work across slots."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tests.api.client import Api, subscription
from tests.api.play import play
from tests.api.server import ServiceProcess
from tests.redis_support import RedisClusterServers

pytestmark = pytest.mark.redis


@pytest.fixture(scope="module")
def service(redis_cluster: RedisClusterServers) -> Iterator[ServiceProcess]:
    env = {"BOARDSTATE_REDIS_CLUSTER": "1"}
    with ServiceProcess(redis_cluster.url, env=env) as process:
        yield process


async def test_games_are_played_and_followed_on_a_cluster(
    api: Api, service: ServiceProcess
) -> None:
    games = [await api.new_game() for _ in range(3)]
    game_id, tokens = games[0]
    version = (await api.game(game_id, "version"))["version"]
    async with subscription(service.ws_url, game_id, after=version) as feed:
        accepted = await play([api], game_id, tokens, random.Random(4), max_moves=5)
        moved = [e["version"] for r in accepted for e in r["events"]]
        assert [e["version"] for e in await feed.take(len(moved))] == moved
    listed = await api.gql("{ games(first: 10) { totalCount edges { node { id } } } }")
    assert {g for g, _ in games} <= {e["node"]["id"] for e in listed["games"]["edges"]}
    ready = await api.http.get("/readyz")
    assert ready.status_code == 200
