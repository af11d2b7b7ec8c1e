"""docs/dumps.md runs: its shell block (the CLI and the route) against a real service and Redis
holding ended games, then its DuckDB block on the files the shell block wrote."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from boardstate.service.store import connect
from tests.api.server import ServiceProcess, unique_prefix
from tests.archive.test_dumps import ADMIN, ENDED_AT, GAMES_PLAYED, store_game
from tests.doc_blocks import block, blocks
from tests.redis_support import RedisServer

BIN = Path(sys.executable).parent


def test_the_documented_dump_and_query_run(redis_server: RedisServer, tmp_path: Path) -> None:
    prefix = unique_prefix()

    async def fill() -> None:
        store = connect(redis_server.url, cluster=False, prefix=prefix)
        try:
            for game, players, seed in GAMES_PLAYED:
                await store_game(store, game, players, seed, ENDED_AT)
        finally:
            await store.close()

    asyncio.run(fill())
    assert [title for title, _ in blocks("dumps.md", "bash")] == ["Dump a period"]
    with ServiceProcess(redis_server.url, prefix, {"BOARDSTATE_ADMIN_TOKEN": ADMIN}) as server:
        env = {k: v for k, v in os.environ.items() if not k.startswith("BOARDSTATE_")}
        env |= {
            "PATH": f"{BIN}:{env['PATH']}",
            "REDIS_URL": redis_server.url,
            "BOARDSTATE_KEY_PREFIX": prefix,
            "BOARDSTATE_URL": server.url,
            "ADMIN_TOKEN": ADMIN,
        }
        shell = block_of("Dump a period")
        done = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", shell],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=True,
        )
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
