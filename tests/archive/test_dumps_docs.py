"""docs/dumps.md runs: its shell block (the CLI and the route) as printed, against a service
started as `make run` starts it (with an admin token) holding games that ended yesterday, which
the block's default period finds; then its DuckDB block on the files the shell block wrote."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from boardstate.service.store import connect
from tests.archive.test_dumps import ADMIN, GAMES_PLAYED, store_game
from tests.doc_blocks import block, blocks
from tests.made_run import MadeRun, user_env

pytestmark = pytest.mark.redis


def test_the_documented_dump_and_query_run(tmp_path: Path) -> None:
    yesterday = (datetime.now(UTC) - timedelta(days=1)).isoformat(timespec="milliseconds")
    assert [title for title, _ in blocks("dumps.md", "bash")] == ["Dump a period"]
    with MadeRun(tmp_path, BOARDSTATE_ADMIN_TOKEN=ADMIN) as server:
        found = server.found()

        async def fill() -> None:
            store = connect(str(found["redisUrl"]), cluster=False, prefix=str(found["keyPrefix"]))
            try:
                for game, players, seed in GAMES_PLAYED:
                    await store_game(store, game, players, seed, yesterday.replace("+00:00", "Z"))
            finally:
                await store.close()

        asyncio.run(fill())
        env = user_env(BOARDSTATE_URL=server.url, BOARDSTATE_ADMIN_TOKEN=ADMIN)
        done = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", block_of("Dump a period")],
            cwd=tmp_path,  # where `make run` ran: the command finds the service by `.data`
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    assert "4 trekking.ndjson" in done.stdout
    assert "3 tinners-trail.ndjson" in done.stdout
    python = subprocess.run(
        [sys.executable, "-c", block("dumps.md", "Query dumps with DuckDB")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "trekking seat 0:" in python.stdout
    assert "4 players:" in python.stdout


def block_of(heading: str) -> str:
    (code,) = [code for title, code in blocks("dumps.md", "bash") if title == heading]
    return code
