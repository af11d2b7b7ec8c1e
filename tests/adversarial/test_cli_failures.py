"""Every `boardstate` command fails as a command should (issue 37, item 3): one line
`boardstate <command>: CODE: ...` on standard error and an exit status by kind
(`service.cli.cli_errors`), never a traceback, run from a folder of the test's as a user runs it.

Attacks: Redis down, a `REDIS_URL` that is no Redis URL, no `REDIS_URL`, an unknown or invalid
game, an unknown game type, a bad period, an unwritable output, an archived game whose object
is missing, a service that does not answer. On main, 27 of the 30 runs below with Redis down or
a wrong URL ended in a Python traceback (`ConnectionError`, `ValueError`, `ApiError`), `archive
prune` with Redis down answered `{"deleted": 0}` and exit 0, and `bots` never returned.
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from boardstate.service.local.embedded_redis import free_port
from boardstate.service.store import connect
from tests.archive.archive_support import stored_game
from tests.cli_runs import Ran, boardstate, environment
from tests.conftest import unique_prefix
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis
ON_REDIS = [
    ("archive", "run"),
    ("archive", "verify"),
    ("archive", "restore", "g0000000000000001"),
    ("archive", "prune"),
    ("archive", "deletions"),
    ("archive", "store"),
    ("dump", "trambahn"),
    ("ratings", "rebuild", "--check"),
    ("ratings", "rebuild"),
    ("bots",),
]
"""Every command that works on the service's data."""
SETTINGS = {"BOARDSTATE_ARCHIVE_AFTER": "60", "BOARDSTATE_ARCHIVE_RETENTION_DAYS": "1"}


def run_all(cwd: Path, runs: list[tuple[dict[str, str], tuple[str, ...]]]) -> list[Ran]:
    with ThreadPoolExecutor(2) as pool:
        return list(pool.map(lambda run: boardstate(cwd, run[0], *run[1]), runs))


def name_of(args: tuple[str, ...]) -> str:
    return " ".join(args[:2]) if args[0] in ("archive", "ratings") else args[0]


def test_with_redis_down_every_command_says_so_in_one_line(tmp_path: Path) -> None:
    env = environment(f"redis://127.0.0.1:{free_port()}/0", unique_prefix(), **SETTINGS)
    for args, ran in zip(ON_REDIS, run_all(tmp_path, [(env, a) for a in ON_REDIS]), strict=True):
        line = ran.failed_with("STORE_UNAVAILABLE", 3)
        assert line.startswith(f"boardstate {name_of(args)}: "), line
    assert list(tmp_path.iterdir()) == []  # nothing written where it ran


def test_without_a_usable_redis_url_every_command_refuses_to_start(tmp_path: Path) -> None:
    urls = [None, "mysql://localhost/0", "redis://", "redis://localhost:99999", "::::"]
    urls += ["x://u:secret@h"]
    runs = [  # each command meets one of the URLs (they are all read before any command runs)
        (environment(urls[n % len(urls)], unique_prefix(), **SETTINGS), args)
        for n, args in enumerate(ON_REDIS)
    ]
    for ran in run_all(tmp_path, runs):
        line = ran.failed_with("BAD_SETTINGS", 2)
        assert "REDIS_URL" in line
        assert "secret" not in line  # a password in a wrong URL is not repeated


def test_bad_arguments_are_refused_before_any_work(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    env = environment(redis_server.url, unique_prefix(), **SETTINGS)
    runs = {
        ("archive", "restore", "g0000000000000001"): ("NOT_ARCHIVED", 1),
        ("archive", "restore", "bad{id}"): ("BAD_GAME_ID", 2),
        ("archive", "store", "--record"): ("BAD_ARGUMENT", 2),
        ("dump", "no-such-game"): ("UNKNOWN_GAME_TYPE", 2),
        ("dump", "trambahn", "--from", "yesterday"): ("BAD_PERIOD", 2),
        ("dump", "trambahn", "-o", str(tmp_path / "missing" / "x.ndjson")): ("BAD_ARGUMENT", 2),
        ("ratings", "rebuild", "--game-type", "no-such-game"): ("UNKNOWN_GAME_TYPE", 2),
        ("bots", "--workers", "0"): ("BAD_ARGUMENT", 2),
        ("play", "trambahn", "--seat", "7"): ("BAD_SEAT", 2),
        ("play", "trambahn", "--url", f"http://127.0.0.1:{free_port()}"): (
            "SERVICE_UNAVAILABLE",
            3,
        ),
    }
    for args, ran in zip(runs, run_all(tmp_path, [(env, a) for a in runs]), strict=True):
        ran.failed_with(*runs[args])
    unset = environment(None, unique_prefix())
    ran = boardstate(tmp_path, unset, "archive", "verify")  # which store? none is set
    ran.failed_with("BAD_SETTINGS", 2)
    store = {"BOARDSTATE_ARCHIVE_STORE": str(tmp_path / "archive")}
    ran = boardstate(tmp_path, unset | store, "archive", "verify")
    assert (ran.status, ran.stdout, ran.stderr) == (0, "", "")  # a set store, nothing in it


def test_an_archived_game_whose_object_is_missing_fails_every_reader_in_one_line(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    prefix = unique_prefix()

    async def store_one() -> str:
        store = connect(redis_server.url, cluster=False, prefix=prefix)
        try:
            return await stored_game(store)
        finally:
            await store.close()

    game_id = asyncio.run(store_one())
    env = environment(redis_server.url, prefix, **SETTINGS)
    archived = boardstate(tmp_path, env, "archive", "run")
    assert json.loads(archived.stdout) == {"archived": 1}, archived.stderr
    (lost,) = tmp_path.rglob("*.zst")  # the defaults: ./.data/archive of where it ran
    lost.unlink()
    output = tmp_path / "trambahn.ndjson"
    dump = ("dump", "trambahn", "--from", "2026-01-01", "-o", str(output))
    for args in (("archive", "restore", game_id), dump):
        line = boardstate(tmp_path, env, *args).failed_with("ARCHIVED_LOG_MISSING", 4)
        assert game_id in line
    assert not output.exists()  # a dump that failed leaves no file behind
