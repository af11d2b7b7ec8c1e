"""Redis at its memory limit (`maxmemory` with `noeviction`, as deploy/redis.conf): writes are
refused with HTTP 503, code `STORE_FULL` and `Retry-After`, reads go on, every move
acknowledged before is still in the log, and writes resume once memory is freed."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
import redis

from tests.adversarial.support import CREATE, mib, redis_memory, service_rss
from tests.api.client import SUBMIT, Api
from tests.api.play import play
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.slow]

HEADROOM = 2 * 2**20
CHUNK = b"x" * 64 * 1024


@pytest.fixture
def service(private_redis: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(private_redis.url) as server:
        yield server


def fill(client: redis.Redis) -> int:
    """Writes HEADROOM of filler, then caps Redis just below its use (noeviction): it is at
    its limit and refuses every write that may grow it. Returns the chunks written."""
    chunks = HEADROOM // len(CHUNK)
    for i in range(chunks):
        client.set(f"filler:{i}", CHUNK)
    used = int(client.info("memory")["used_memory"])
    client.config_set("maxmemory-policy", "noeviction")
    client.config_set("maxmemory", used - 256 * 1024)
    with pytest.raises(redis.exceptions.OutOfMemoryError):
        client.set("one-more", CHUNK)
    return chunks


async def test_a_full_redis_refuses_writes_with_503_and_keeps_every_acknowledged_move(
    service: ServiceProcess, private_redis: RedisServer
) -> None:
    api = Api(service.url)
    client = private_redis.client()
    try:
        games = [await api.new_game() for _ in range(3)]
        acknowledged = {
            game_id: await play([api], game_id, tokens, random.Random(i), max_moves=6)
            for i, (game_id, tokens) in enumerate(games)
        }
        at_rest = redis_memory(private_redis.url)
        chunks = fill(client)
        print(
            f"\nRedis used_memory {mib(at_rest)} at rest, {mib(redis_memory(private_redis.url))} "
            f"when full ({chunks} filler chunks); service RSS {mib(service_rss(service))}"
        )

        # Writes are refused: a new game, a move.
        body = {"query": CREATE, "variables": {"seats": ["a", "b"]}}
        created = await api.http.post("/graphql", json=body)
        game_id, tokens = games[0]
        game = await api.game(game_id, "version toAct")
        seat = game["toAct"][0]
        move = (await api.legal_moves(game_id, seat, tokens[seat]))[0]
        variables = {"g": game_id, "s": seat, "m": move, "v": game["version"]}
        headers = {"authorization": f"Bearer {tokens[seat]}"}
        moved = await api.http.post(
            "/graphql", json={"query": SUBMIT, "variables": variables}, headers=headers
        )
        for response in (created, moved):
            assert response.status_code == 503, response.text
            assert int(response.headers["retry-after"]) >= 1
            error = response.json()["errors"][0]
            assert error["extensions"]["code"] == "STORE_FULL"
            assert error["extensions"]["retryable"] is True
            assert "nothing was recorded" in error["message"]
        # The REST door answers the same refusal as a problem (architecture §5b).
        rest_created = await api.http.post(
            "/v1/games", json={"gameType": "trambahn", "players": 2, "seats": ["a", "b"]}
        )
        rest_moved = await api.http.post(
            f"/v1/games/{game_id}/moves",
            json={"seat": seat, "move": move, "expectedVersion": game["version"]},
            headers=headers,
        )
        for response in (rest_created, rest_moved):
            assert response.status_code == 503, response.text
            assert response.headers["content-type"].startswith("application/problem+json")
            assert int(response.headers["retry-after"]) >= 1
            assert response.json()["code"] == "STORE_FULL"

        # Reads go on, and every acknowledged move is in the log.
        for game_id, moves in acknowledged.items():
            log = await api.http.get(f"/games/{game_id}/log")
            assert log.status_code == 200
            stored = {line["version"] for line in map(json.loads, log.text.splitlines())}
            for accepted in moves:
                assert {e["version"] for e in accepted["events"]} <= stored
            assert (await api.game(game_id, "version"))["version"] == max(stored)

        # Memory freed: writes resume.
        client.delete(*(f"filler:{i}" for i in range(chunks)))
        again = (await api.http.post("/graphql", json=body)).json()["data"]["createGame"]
        assert again["__typename"] == "GameCreated"
    finally:
        client.close()
        await api.close()
