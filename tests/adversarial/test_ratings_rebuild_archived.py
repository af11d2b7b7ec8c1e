"""`boardstate ratings rebuild` sees what the service sees (issue 37, item 3): rated games
played on a real service, archived by `boardstate archive run` from another folder with their
Redis keys removed (the default), are rebuilt to the very same ratings; and a rebuild that cannot
read a game the index lists writes nothing.

On main the command built a store without the archive's fall-through: `--check` reported 0
games (every archived one as `extraGames`) and `rebuild` wrote that, erasing every rating.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import redis.asyncio as aioredis

from boardstate.service.store.keys import GameKeys, RatingKeys
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess
from tests.cli_runs import Ran, boardstate, environment
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis
ADMIN = "admin-token-ratings-rebuild-archived"
PAIRS = [("p-ann", "p-bob"), ("p-bob", "p-cy"), ("p-cy", "p-ann"), ("p-ann", "p-bob")]


@pytest.fixture
def service(redis_server: RedisServer, tmp_path: Path) -> Iterator[ServiceProcess]:
    folder = tmp_path / "service"
    folder.mkdir()
    env = {"BOARDSTATE_ADMIN_TOKEN": ADMIN}
    with ServiceProcess(redis_server.url, env=env, defaults=True, cwd=folder) as process:
        yield process


@pytest.fixture
async def rest(service: ServiceProcess) -> AsyncIterator[Rest]:
    client = Rest(service.url)
    yield client
    await client.close()


async def rated_game(rest: Rest, players: tuple[str, str]) -> str:
    """A rated game in which both seats moved, then the seat to act resigned."""
    body = {"gameType": "trambahn", "players": 2, "seats": ["a", "b"], "rated": True}
    created = await ok(rest, "POST", "/games", ADMIN, json=body | {"playerIds": list(players)})
    game_id: str = created["game"]["id"]
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    moved: set[int] = set()
    path = f"/games/{game_id}"
    while moved != {0, 1}:
        seat = (await ok(rest, "GET", path))["toAct"][0]
        legal = await ok(rest, "GET", f"{path}/legal-moves?seat={seat}", tokens[seat])
        move = {"seat": seat, "move": legal["moves"][0]}
        await ok(rest, "POST", f"{path}/moves", tokens[seat], json=move)
        moved.add(seat)
    seat = (await ok(rest, "GET", path))["toAct"][0]
    await ok(rest, "POST", f"{path}/seats/{seat}/resign", tokens[seat])
    return game_id


async def ok(rest: Rest, method: str, path: str, token: str | None = None, **body: Any) -> Any:
    """A 2xx answer's body, a 429 waited out as its `Retry-After` asks (the limits are on)."""
    for _ in range(30):
        answer = await rest.request(method, path, token, **body)
        if answer.status_code != 429:
            assert answer.status_code < 300, answer.text
            return answer.json()
        await asyncio.sleep(float(answer.headers["retry-after"]))
    raise AssertionError(f"{method} {path}: still limited")


async def ratings(service: ServiceProcess) -> dict[str, Any]:
    """Every rating key of Trambahn, read raw. The hashes and the board are read in one
    transaction: read one by one, a game rated between two reads showed as applied in a
    snapshot whose players did not yet count it (`until_applied` returned a torn state)."""
    client = aioredis.from_url(service.redis_url)
    try:
        keys = RatingKeys.of("trambahn", service.prefix)
        async with client.pipeline(transaction=True) as snapshot:
            snapshot.hgetall(keys.players)
            snapshot.hgetall(keys.pairs)
            snapshot.zrange(keys.board, 0, -1, withscores=True)
            snapshot.hgetall(keys.applied)
            players, pairs, board, applied = await snapshot.execute()
        found: dict[str, Any] = {"players": players, "pairs": pairs, "board": board}
        found["applied"] = applied
        for raw in players:
            player = raw.decode() if isinstance(raw, bytes) else raw
            found[player] = await client.lrange(keys.history(player), 0, -1)
        return found
    finally:
        await client.aclose()


async def until_applied(service: ServiceProcess, games: list[str]) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while True:
        found = await ratings(service)
        if {g.encode() for g in games} <= set(found["applied"]):
            return found
        assert time.monotonic() < deadline, found["applied"]
        await asyncio.sleep(0.1)


def cli(service: ServiceProcess, folder: Path, *args: str) -> Ran:
    folder.mkdir(exist_ok=True)
    env = environment(service.redis_url, service.prefix, BOARDSTATE_ARCHIVE_AFTER="1")
    return boardstate(folder, env, *args)


def report(ran: Ran) -> dict[str, Any]:
    (line,) = ran.stdout.splitlines()
    found: dict[str, Any] = json.loads(line)
    return found


async def archive_all(service: ServiceProcess, folder: Path, games: list[str]) -> None:
    client = aioredis.from_url(service.redis_url)
    try:
        deadline = time.monotonic() + 90
        logs = [GameKeys.of(g, service.prefix).log for g in games]
        while await client.exists(*logs):
            assert time.monotonic() < deadline, "the games were not archived"
            ran = await asyncio.to_thread(cli, service, folder, "archive", "run")
            assert ran.status == 0, ran.stderr
    finally:
        await client.aclose()


def lose_one_object(folder: Path) -> None:
    """Deletes one of the two archived games' objects (wherever the archive is under `folder`)."""
    (lost, _) = sorted(folder.rglob("*.zst"))
    lost.unlink()


async def test_rebuild_equals_the_live_ratings_with_archived_games(
    service: ServiceProcess, rest: Rest, tmp_path: Path
) -> None:
    games = [await rated_game(rest, pair) for pair in PAIRS]
    live = await until_applied(service, games)
    before = await ok(rest, "GET", "/players/p-ann/ratings")
    await archive_all(service, tmp_path / "ops", games)
    args = ("ratings", "rebuild", "--game-type", "trambahn")
    checked = await asyncio.to_thread(cli, service, tmp_path / "analyst", *args, "--check")
    assert checked.status == 0, (checked.stdout, checked.stderr)
    found = report(checked)
    assert (found["equal"], found["games"], found["extraGames"]) == (True, len(games), [])
    written = await asyncio.to_thread(cli, service, tmp_path / "analyst", *args)
    assert written.status == 0, written.stderr
    assert report(written)["games"] == len(games)
    assert await ratings(service) == live
    assert await ok(rest, "GET", "/players/p-ann/ratings") == before


async def test_a_rebuild_that_cannot_read_an_archived_game_writes_nothing(
    service: ServiceProcess, rest: Rest, tmp_path: Path
) -> None:
    games = [await rated_game(rest, pair) for pair in PAIRS[:2]]
    live = await until_applied(service, games)
    await archive_all(service, tmp_path / "ops", games)
    await asyncio.to_thread(lose_one_object, tmp_path)
    args = ("ratings", "rebuild", "--game-type", "trambahn")
    for flags in ((), ("--check",)):
        ran = await asyncio.to_thread(cli, service, tmp_path / "analyst", *args, *flags)
        ran.failed_with("ARCHIVED_LOG_MISSING", 4)
        assert ran.stdout == ""
        assert await ratings(service) == live
