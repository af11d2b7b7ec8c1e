"""docs/archive.md runs: its commands, as a shell runs them, against a Redis server and a data
folder of the test's own, with one finished game stored; its Python block as written."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardstate.service.store import connect
from tests.archive.archive_support import stored_game
from tests.conftest import unique_prefix
from tests.doc_blocks import block, blocks
from tests.redis_support import RedisServer

BIN = Path(sys.executable).parent


@pytest.fixture
def shell_env(redis_server: RedisServer, tmp_path: Path) -> dict[str, str]:
    prefix = unique_prefix()

    async def store_one() -> str:
        store = connect(redis_server.url, cluster=False, prefix=prefix)
        try:
            return await stored_game(store)
        finally:
            await store.close()

    game_id = asyncio.run(store_one())
    env = {key: value for key, value in os.environ.items() if not key.startswith("BOARDSTATE_")}
    return env | {
        "PATH": f"{BIN}:{env['PATH']}",
        "REDIS_URL": redis_server.url,
        "BOARDSTATE_KEY_PREFIX": prefix,
        "BOARDSTATE_DATA_DIR": str(tmp_path),
        "BOARDSTATE_LOG_LEVEL": "ERROR",
        "GAME_ID": game_id,
    }


def shell(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-euo", "pipefail", "-c", code],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_documented_commands_archive_verify_and_restore(shell_env: dict[str, str]) -> None:
    assert [title for title, _ in blocks("archive.md", "bash")] == [
        "Archive once",
        "Verify the archive",
        "Restore a game into Redis",
        "Prune past retention",
        "Read the deletion records",
    ]
    ran = shell(block_of("Archive once"), shell_env)
    assert (ran.returncode, ran.stdout.strip()) == (0, '{"archived": 1}'), ran.stderr
    again = shell(block_of("Archive once"), shell_env)
    assert again.stdout.strip() == "{}"
    verified = shell(block_of("Verify the archive"), shell_env)
    assert verified.returncode == 0, verified.stdout
    assert verified.stdout.startswith(f"OK trambahn/2026/01/{shell_env['GAME_ID']}.")
    restored = shell(block_of("Restore a game into Redis"), shell_env)
    assert (restored.returncode, restored.stdout.strip()) == (0, "restored")  # keys were removed
    twice = shell(block_of("Restore a game into Redis"), shell_env)
    assert (twice.returncode, twice.stdout.strip()) == (0, "already in Redis")
    kept = shell(block_of("Archive once"), shell_env | {"BOARDSTATE_ARCHIVE_REMOVE": "0"})
    assert kept.stdout.strip() == "{}"  # archived already; its keys stay as asked


def test_the_documented_prune_deletes_and_records(shell_env: dict[str, str]) -> None:
    assert shell(block_of("Archive once"), shell_env).returncode == 0
    pruned = shell(block_of("Prune past retention"), shell_env)  # the game ended in January
    assert (pruned.returncode, pruned.stdout.strip()) == (0, '{"deleted": 1}'), pruned.stderr
    assert not list(Path(shell_env["BOARDSTATE_DATA_DIR"], "archive").rglob("*.zst"))
    records = shell(block_of("Read the deletion records"), shell_env)
    (line,) = records.stdout.splitlines()
    assert json.loads(line)["gameId"] == shell_env["GAME_ID"]
    assert json.loads(line)["reason"] == "retention 30 days"
    nothing = shell(block_of("Prune past retention"), shell_env)
    assert nothing.stdout.strip() == '{"deleted": 0}'


def test_a_tampered_object_fails_verify(shell_env: dict[str, str]) -> None:
    assert shell(block_of("Archive once"), shell_env).returncode == 0
    (name,) = Path(shell_env["BOARDSTATE_DATA_DIR"], "archive").rglob("*.zst")
    name.write_bytes(name.read_bytes()[:-4] + b"\0\0\0\0")
    verified = shell(block_of("Verify the archive"), shell_env)
    assert verified.returncode == 1
    assert verified.stdout.startswith("FAILED ")


def test_nothing_is_archived_while_the_grace_is_unset(shell_env: dict[str, str]) -> None:
    ran = shell("boardstate archive run", shell_env)
    assert ran.returncode == 0
    assert "nothing archived" in ran.stdout
    assert not Path(shell_env["BOARDSTATE_DATA_DIR"], "archive").exists()


def test_the_python_block_runs() -> None:
    exec(compile(block("archive.md", "The object stores from Python"), "archive.md", "exec"), {})


def block_of(heading: str) -> str:
    (code,) = [code for title, code in blocks("archive.md", "bash") if title == heading]
    return code
