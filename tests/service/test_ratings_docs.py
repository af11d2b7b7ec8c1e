"""docs/players.md's "Ratings" runs: its Python block as written, and its shell block as printed,
from the folder where `make run` runs, against a service started as `make run` starts it holding
one rated game that ended by a resignation once both seats had moved (the commands find the
service by its `.data/service.json`)."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import subprocess
from pathlib import Path

import pytest

from boardstate.service.composition import build_service
from boardstate.service.metrics import Metrics
from boardstate.service.settings import Settings
from boardstate.service.store import RedisEventStore, connect
from tests.doc_blocks import block, blocks
from tests.made_run import MadeRun, user_env
from tests.service.rated_play import each_moves

pytestmark = pytest.mark.redis


def test_the_model_example_runs_as_written() -> None:
    exec(compile(block("players.md", "Two ranks, and a tie"), "players.md", "exec"), {})


async def test_the_rebuild_commands_write_the_ratings_and_find_them_equal(tmp_path: Path) -> None:
    with MadeRun(tmp_path) as running:
        found = running.found()
        store = connect(str(found["redisUrl"]), cluster=False, prefix=str(found["keyPrefix"]))
        try:
            await rebuilt_and_checked(store, tmp_path)
        finally:
            await store.close()


async def rebuilt_and_checked(redis_store: RedisEventStore, root: Path) -> None:
    settings = dataclasses.replace(
        Settings(), redis_url="redis://unused", key_prefix=redis_store.prefix
    )
    service = build_service(redis_store, settings, Metrics())
    created = await service.lobby.create_game(
        "trambahn", 2, None, None, ["ann", "bob"], None, ["p-ann", "p-bob"], rated=True
    )
    await each_moves(service, created.game.id, dict(created.tokens))
    await service.tables.resign(created.game.id, 0, created.tokens[0][1])
    env = user_env(BOARDSTATE_LOG_LEVEL="ERROR")  # no REDIS_URL: found by service.json
    code = block_of("Rebuild the ratings, then check them")
    done = await asyncio.to_thread(shell, code, env, root)
    assert done.returncode == 0, done.stderr
    written, checked = [json.loads(line) for line in done.stdout.splitlines()]
    assert written == {"gameType": "trambahn", "games": 1, "held": 0, "players": 2, "written": True}
    assert checked["equal"] is True
    board = await service.ratings.leaderboard("trambahn", None, None)
    assert (board.entries, board.total) == ((), 0)  # one game each: both still provisional
    (bob,) = await service.ratings.player_ratings("p-bob")
    assert (bob.provisional, bob.rank, bob.games) == (True, None, 1)
    newcomer = await service.ratings.rating_of("p-new", "trambahn")
    assert await service.ratings.rating_of("p-bob", "trambahn") > newcomer == 1500.0


def shell(code: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-euo", "pipefail", "-c", code],
        cwd=cwd,  # where `make run` runs: a folder of the test's, not the repository
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def block_of(heading: str) -> str:
    (code,) = [code for title, code in blocks("players.md", "bash") if title == heading]
    return code
