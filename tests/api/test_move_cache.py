"""Two service processes on one store: a process whose cached game is behind the log (the
other process appended) decides moves on the log, and a retried `moveId` returns the original
`MoveAccepted` from either process, however stale its `expectedVersion` and whether or not
the move would still be legal (architecture §5's order: token, moveId, expectedVersion, rules)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator

import pytest

from tests.api.client import Api
from tests.api.play import play
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis


@pytest.fixture(scope="module")
def twins(redis_server: RedisServer) -> Iterator[tuple[ServiceProcess, ServiceProcess]]:
    """Two servers on the same keys."""
    first = ServiceProcess(redis_server.url)
    with first, ServiceProcess(redis_server.url, prefix=first.prefix) as second:
        yield first, second


@pytest.fixture
async def apis(twins: tuple[ServiceProcess, ServiceProcess]) -> AsyncIterator[tuple[Api, Api]]:
    one, other = Api(twins[0].url), Api(twins[1].url)
    yield one, other
    await one.close()
    await other.close()


async def next_move(api: Api, game_id: str, tokens: list[str]) -> tuple[int, int, object]:
    """Returns (version, seat to act, its first legal move), read through `api`."""
    game = await api.game(game_id, "version toAct")
    seat = game["toAct"][0]
    return game["version"], seat, (await api.legal_moves(game_id, seat, tokens[seat]))[0]


async def test_a_process_behind_the_log_decides_on_the_log(apis: tuple[Api, Api]) -> None:
    cached, other = apis
    game_id, tokens = await cached.new_game()  # `cached` holds the game at its first version
    await play([other], game_id, tokens, random.Random(1), max_moves=3)
    version, seat, move = await next_move(other, game_id, tokens)
    accepted = await cached.submit(game_id, seat, move, tokens[seat])
    assert accepted["__typename"] == "MoveAccepted"
    assert accepted["events"][0]["version"] == version + 1

    await play([other], game_id, tokens, random.Random(2), max_moves=2)
    version, seat, move = await next_move(other, game_id, tokens)
    stale = await cached.submit(game_id, seat, move, tokens[seat], v=accepted["version"])
    assert stale == {
        "__typename": "VersionConflict",
        "expectedVersion": accepted["version"],
        "currentVersion": version,
    }
    current = await cached.submit(game_id, seat, move, tokens[seat], v=version)
    assert current["__typename"] == "MoveAccepted"
    assert current["events"][0]["version"] == version + 1
    assert (await other.game(game_id, "version"))["version"] == current["version"]


async def test_a_retried_move_id_returns_the_original_from_either_process(
    apis: tuple[Api, Api],
) -> None:
    cached, other = apis
    game_id, tokens = await cached.new_game()
    version, seat, move = await next_move(cached, game_id, tokens)
    first = await cached.submit(game_id, seat, move, tokens[seat], v=version, id="retry-me")
    assert first["__typename"] == "MoveAccepted"
    await play([other], game_id, tokens, random.Random(3), max_moves=4)
    now = (await other.game(game_id, "version"))["version"]
    for api in (cached, other, cached):
        again = await api.submit(game_id, seat, move, tokens[seat], v=version, id="retry-me")
        assert again == first  # though expectedVersion is stale and the move may be illegal now
        other_move = await api.submit(game_id, seat, {"type": "fly"}, tokens[seat], id="retry-me")
        assert other_move["code"] == "IDEMPOTENCY_KEY_REUSED"  # never the original's result
    assert (await other.game(game_id, "version"))["version"] == now
    unauthorized = await cached.submit(game_id, seat, move, tokens[1 - seat], id="retry-me")
    assert unauthorized["code"] == "UNAUTHORIZED"  # the token is checked first
