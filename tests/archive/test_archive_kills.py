"""The archiver killed (SIGKILL, a real process on a real Redis) after each of its steps, then
run again: one object, verified, one index entry, the game readable, nothing lost; and two
archiver processes racing on the same games."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from boardstate.service.features.archive.archiver import STEPS
from boardstate.service.features.archive.entry import IndexEntry
from boardstate.service.features.archive.reader import ArchiveReader
from boardstate.service.store import codec, connect
from boardstate.service.store.archive.objects import LocalObjectStore
from boardstate.service.store.keys import GameKeys, archive_keys
from tests.archive.archive_support import golden, stored_game
from tests.conftest import unique_prefix
from tests.redis_support import RedisServer

BIN = Path(sys.executable).parent
LEASE_MS = 2000
"""The crashed run's lease: long enough for claim to seal on a loaded machine (a seal after the
lease expired is refused), short enough to wait out."""


def cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(BIN / "boardstate"), "archive", *args],
        cwd=env["BOARDSTATE_DATA_DIR"],  # a folder of the test's, not the repository
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def environment(redis_server: RedisServer, data: Path, prefix: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("BOARDSTATE_")}
    return env | {
        "REDIS_URL": redis_server.url,
        "BOARDSTATE_KEY_PREFIX": prefix,
        "BOARDSTATE_ARCHIVE_AFTER": "60",
        "BOARDSTATE_DATA_DIR": str(data),
        "BOARDSTATE_LOG_LEVEL": "ERROR",
    }


def store_games(redis_server: RedisServer, prefix: str, n: int) -> list[str]:
    async def put() -> list[str]:
        store = connect(redis_server.url, cluster=False, prefix=prefix)
        try:
            return [await stored_game(store) for _ in range(n)]
        finally:
            await store.close()

    return asyncio.run(put())


def lease_gone(redis_server: RedisServer, prefix: str, game_id: str) -> None:
    """Waits until the game's archiving lease has expired (at most 30 s)."""
    client = redis_server.client()
    try:
        deadline = time.monotonic() + 30
        while client.exists(archive_keys(game_id, prefix)[1]):
            assert time.monotonic() < deadline, "the lease never expired"
            time.sleep(0.1)
    finally:
        client.close()


def state(redis_server: RedisServer, prefix: str, root: Path, game_id: str) -> tuple[Any, ...]:
    async def read() -> tuple[Any, ...]:
        store = connect(redis_server.url, cluster=False, prefix=prefix)
        try:
            raw = await store.client.get(archive_keys(game_id, prefix)[0])
            entry = None if raw is None else IndexEntry.decode(codec.as_bytes(raw))
            log_left = await store.client.exists(GameKeys.of(game_id, prefix).log)
            events = await ArchiveReader(store, LocalObjectStore(root)).events(game_id)
            return entry, log_left, events
        finally:
            await store.close()

    return asyncio.run(read())


@pytest.mark.parametrize("step", STEPS)
def test_killed_after_each_step_the_next_run_ends_archived_once(
    redis_server: RedisServer, tmp_path: Path, step: str
) -> None:
    prefix = unique_prefix()
    (game_id,) = store_games(redis_server, prefix, 1)
    env = environment(redis_server, tmp_path, prefix)
    crashed = cli(env, "run", "--kill-after", step, "--lease-ms", str(LEASE_MS))
    assert crashed.returncode == -signal.SIGKILL, crashed.stderr
    lease_gone(redis_server, prefix, game_id)  # the dead process's lease expires
    again = cli(env, "run")
    assert again.returncode == 0, again.stderr
    expected = {} if step == "seal" else {"archived": 1}
    assert json.loads(again.stdout) == expected  # after the seal, nothing is left to do
    assert json.loads(cli(env, "run").stdout) == {}
    root = tmp_path / "archive"
    objects = sorted(root.rglob("*.zst"))
    assert len(objects) == 1
    assert len(list(root.glob(".boardstate/mark-*"))) == 1  # the store's mark (docs/archive.md)
    verified = cli(env, "verify")
    assert verified.returncode == 0, verified.stdout
    assert verified.stdout.startswith("OK")
    entry, log_left, events = state(redis_server, prefix, root, game_id)
    assert entry is not None
    assert objects[0].as_posix().endswith(entry.name)
    assert not log_left  # removed at the seal: the game is read from the archive
    assert tuple(events) == golden()


def test_two_archiver_processes_racing_archive_each_game_once(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    prefix = unique_prefix()
    games = store_games(redis_server, prefix, 12)
    env = environment(redis_server, tmp_path, prefix)
    command = [str(BIN / "boardstate"), "archive", "run"]
    runs = [
        subprocess.Popen(command, cwd=tmp_path, env=env, stdout=subprocess.PIPE, text=True)
        for _ in "ab"
    ]
    outputs = [json.loads(run.communicate(timeout=120)[0]) for run in runs]
    assert sum(out.get("archived", 0) for out in outputs) == 12
    root = tmp_path / "archive"
    assert len(list(root.rglob("*.zst"))) == 12
    assert len(list(root.glob(".boardstate/mark-*"))) == 1  # both marked it: one mark kept
    assert cli(env, "verify").returncode == 0
    for game_id in games:
        entry, log_left, events = state(redis_server, prefix, root, game_id)
        assert entry is not None
        assert not log_left
        assert tuple(events) == golden()
