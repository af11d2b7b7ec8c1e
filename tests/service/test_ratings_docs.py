"""docs/players.md's "Ratings" runs: its Python block as written, and its shell block against a
Redis and key prefix of the test's own holding one rated game that ended by a resignation."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardstate.service.composition import build_service
from boardstate.service.metrics import Metrics
from boardstate.service.settings import Settings
from boardstate.service.store import RedisEventStore
from tests.doc_blocks import block, blocks
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

BIN = Path(sys.executable).parent


def test_the_model_example_runs_as_written() -> None:
    exec(compile(block("players.md", "Two ranks, and a tie"), "players.md", "exec"), {})


async def test_the_rebuild_commands_write_the_ratings_and_find_them_equal(
    redis_server: RedisServer, redis_store: RedisEventStore
) -> None:
    settings = dataclasses.replace(
        Settings(), redis_url="redis://unused", key_prefix=redis_store.prefix
    )
    service = build_service(redis_store, settings, Metrics())
    created = await service.lobby.create_game(
        "trambahn", 2, None, None, ["ann", "bob"], None, ["p-ann", "p-bob"], rated=True
    )
    await service.tables.resign(created.game.id, 0, created.tokens[0][1])
    env = {k: v for k, v in os.environ.items() if not k.startswith("BOARDSTATE_")}
    env |= {"PATH": f"{BIN}:{env['PATH']}", "BOARDSTATE_LOG_LEVEL": "ERROR"}
    env |= {"REDIS_URL": redis_server.url, "BOARDSTATE_KEY_PREFIX": redis_store.prefix}
    done = await asyncio.to_thread(shell, block_of("Rebuild the ratings, then check them"), env)
    assert done.returncode == 0, done.stderr
    written, checked = [json.loads(line) for line in done.stdout.splitlines()]
    assert written == {"gameType": "trambahn", "games": 1, "players": 2, "written": True}
    assert checked["equal"] is True
    board = await service.ratings.leaderboard("trambahn", None, None)
    assert [e.player_id for e in board.entries] == ["p-bob", "p-ann"]
    newcomer = await service.ratings.rating_of("p-new", "trambahn")
    assert await service.ratings.rating_of("p-bob", "trambahn") > newcomer == 1500.0


def shell(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-euo", "pipefail", "-c", code],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def block_of(heading: str) -> str:
    (code,) = [code for title, code in blocks("players.md", "bash") if title == heading]
    return code
