"""After `make run`, every command that works on the service's data finds that service with no
`REDIS_URL` (issue 39, item 2): the service writes `.data/service.json` (its private Redis on a
port of its own, its key prefix, its HTTP address) and removes it when it stops; the commands
read it from `--data-dir`, `BOARDSTATE_DATA_DIR` or `./.data`. Run as a user runs them: the
console script from a folder of the test's, the service started as `make run` starts it."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import httpx
import pytest

from boardstate.service.store import connect
from tests.archive.test_dumps import ENDED_AT, store_game
from tests.cli_runs import boardstate
from tests.made_run import MadeRun, user_env

pytestmark = pytest.mark.redis


def store_finished_game(found: dict[str, object]) -> str:
    """A Trambahn game that ended on 2026-03-01, stored where the service keeps its games."""

    async def store_one() -> str:
        store = connect(str(found["redisUrl"]), cluster=False, prefix=str(found["keyPrefix"]))
        try:
            game_id, _ = await store_game(store, "trambahn", 2, "found", ENDED_AT)
            return game_id
        finally:
            await store.close()

    return asyncio.run(store_one())


def test_every_command_finds_the_running_service_by_its_data_folder(tmp_path: Path) -> None:
    root, elsewhere = tmp_path / "repo", tmp_path / "elsewhere"
    elsewhere.mkdir()
    with MadeRun(root) as service:
        found = service.found()
        assert found["httpUrl"] == service.url
        assert str(found["redisUrl"]).startswith("redis://127.0.0.1:")
        assert found["pid"] == service.pid
        assert oct(service.service_file.stat().st_mode & 0o777) == "0o600"
        game_id = store_finished_game(found)
        env = user_env(BOARDSTATE_LOG_LEVEL="ERROR")
        data = str(root / ".data")
        period = ("--from", "2026-02-01", "--to", "2026-04-01")
        runs = {  # where it runs, how it is told where the service is
            "its root": (root, env, ()),
            "--data-dir": (elsewhere, env, ("--data-dir", data)),
            "BOARDSTATE_DATA_DIR": (elsewhere, env | {"BOARDSTATE_DATA_DIR": data}, ()),
        }
        for how, (cwd, run_env, where) in runs.items():
            dumped = boardstate(cwd, run_env, "dump", "trambahn", *period, *where)
            assert dumped.status == 0, (how, dumped.stderr)
            assert [json.loads(line)["gameId"] for line in dumped.stdout.splitlines()] == [
                game_id
            ], how
        rebuilt = boardstate(root, env, "ratings", "rebuild")
        assert rebuilt.status == 0, rebuilt.stderr
        store = boardstate(elsewhere, env, "archive", "store", "--data-dir", data)
        assert store.status == 0, store.stderr
        assert json.loads(store.stdout)["recorded"] == str(root / ".data" / "archive")
        played = boardstate(
            elsewhere, env, "play", "trambahn", "--online", "--data-dir", data, stdin="q\n"
        )
        assert played.status == 0, played.stderr
        created = played.stdout.splitlines()[0].removeprefix("game ")
        game = httpx.get(f"{service.url}/v1/games/{created}", trust_env=False).json()
        assert game["gameType"] == "trambahn"  # made on the running service
        nowhere = boardstate(elsewhere, env, "dump", "trambahn")
        line = nowhere.failed_with("BAD_SETTINGS", 2)
        assert str(elsewhere / ".data" / "service.json") in line
        assert "--data-dir" in line
        assert "REDIS_URL" in line
        assert service.stop() == 0  # Ctrl-C: a clean stop
    assert not service.service_file.exists()  # removed at the stop
    gone = boardstate(root, env, "dump", "trambahn")
    assert "does not exist" in gone.failed_with("BAD_SETTINGS", 2)


def test_a_file_left_by_a_process_that_is_gone_is_not_followed(tmp_path: Path) -> None:
    data = tmp_path / ".data"
    data.mkdir()
    dead = os.getpid() + 10_000_000  # above any pid the kernel hands out (pid_max <= 2**22)
    stale = {"redisUrl": "redis://127.0.0.1:1/0", "keyPrefix": "bs", "httpUrl": "x", "pid": dead}
    (data / "service.json").write_text(json.dumps(stale))
    env = user_env(BOARDSTATE_LOG_LEVEL="ERROR")
    for args in (("dump", "trambahn"), ("play", "trambahn", "--online")):
        line = boardstate(tmp_path, env, *args).failed_with("BAD_SETTINGS", 2)
        assert "is stale (its process is gone)" in line
    explicit = env | {"REDIS_URL": "redis://127.0.0.1:1/0"}  # REDIS_URL wins over the file
    boardstate(tmp_path, explicit, "dump", "trambahn").failed_with("STORE_UNAVAILABLE", 3)
