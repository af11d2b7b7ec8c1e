"""docs/archive.md runs: its commands, as a shell runs them from the folder where `make run`
runs, against a service started as `make run` starts it (its private Redis, its `.data`), with
one finished game stored; its Python block as written. The commands find the service by the
file it writes (`.data/service.json`), with no `REDIS_URL`."""

from __future__ import annotations

import asyncio
import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from boardstate.service.store import connect
from tests.archive.archive_support import stored_game
from tests.doc_blocks import block, blocks
from tests.made_run import MadeRun, user_env

pytestmark = pytest.mark.redis


@pytest.fixture
def shell_env(tmp_path: Path) -> Iterator[dict[str, str]]:
    with MadeRun(tmp_path) as service:
        found = service.found()

        async def store_one() -> str:
            store = connect(str(found["redisUrl"]), cluster=False, prefix=str(found["keyPrefix"]))
            try:
                return await stored_game(store)
            finally:
                await store.close()

        game_id = asyncio.run(store_one())
        yield user_env(BOARDSTATE_LOG_LEVEL="ERROR", ROOT=str(tmp_path), GAME_ID=game_id)


def shell(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-euo", "pipefail", "-c", code],
        cwd=env["ROOT"],  # where `make run` runs (a folder of the test's, not the repository)
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
        "Where the archive is",
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
    where = shell(block_of("Where the archive is"), shell_env)
    assert where.returncode == 0, where.stderr
    found = json.loads(where.stdout)
    archive = str(Path(shell_env["ROOT"]).resolve() / ".data" / "archive")
    assert (found["recorded"], found["recordedBy"], found["configured"]) == (
        archive,
        "default",
        archive,
    )
    assert found["mark"].startswith(".boardstate/mark-")


def test_the_documented_prune_deletes_and_records(shell_env: dict[str, str]) -> None:
    assert shell(block_of("Archive once"), shell_env).returncode == 0
    pruned = shell(block_of("Prune past retention"), shell_env)  # the game ended in January
    assert (pruned.returncode, pruned.stdout.strip()) == (0, '{"deleted": 1}'), pruned.stderr
    assert not list(Path(shell_env["ROOT"], ".data", "archive").rglob("*.zst"))
    records = shell(block_of("Read the deletion records"), shell_env)
    (line,) = records.stdout.splitlines()
    assert json.loads(line)["gameId"] == shell_env["GAME_ID"]
    assert json.loads(line)["reason"] == "retention 30 days"
    nothing = shell(block_of("Prune past retention"), shell_env)
    assert nothing.stdout.strip() == '{"deleted": 0}'


def test_a_tampered_object_fails_verify(shell_env: dict[str, str]) -> None:
    assert shell(block_of("Archive once"), shell_env).returncode == 0
    (name,) = Path(shell_env["ROOT"], ".data", "archive").rglob("*.zst")
    name.write_bytes(name.read_bytes()[:-4] + b"\0\0\0\0")
    verified = shell(block_of("Verify the archive"), shell_env)
    assert verified.returncode == 1
    assert verified.stdout.startswith("FAILED ")


def test_nothing_is_archived_while_the_grace_is_unset(shell_env: dict[str, str]) -> None:
    ran = shell("boardstate archive run", shell_env)
    assert ran.returncode == 0
    assert "nothing archived" in ran.stdout
    assert not Path(shell_env["ROOT"], ".data", "archive").exists()


def test_the_python_block_runs() -> None:
    exec(compile(block("archive.md", "The object stores from Python"), "archive.md", "exec"), {})


def block_of(heading: str) -> str:
    (code,) = [code for title, code in blocks("archive.md", "bash") if title == heading]
    return code
