"""The archive is one place for every process (issue 37, item 2), from the outside: a real
service started from a folder of its own on the defaults (its data folder `./.data`, as
`make run` has it), and `boardstate` commands run from other folders, as a user runs them.

* `archive run` from another folder archives where the service reads: the game answers as it
  did, `dump` and `archive verify` from a third folder find it (on main: the object landed in
  the command's folder and the game answered 500 `LOG_DIVERGED`);
* a command set to another store refuses (`ARCHIVE_STORE_MISMATCH`, exit 4) and writes nothing
  (on main: it archived there and removed the game's keys);
* a store that lost the deployment's mark answers `ARCHIVED_LOG_MISSING`, not `LOG_DIVERGED`,
  and `archive store --record` moves the archive;
* a service set to another store logs `archive_store_mismatch` and archives nothing;
* an S3 archive is its bucket, prefix and endpoint however they are written (on moto's server).
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from boardstate.service.store import connect
from boardstate.service.store.keys import GameKeys
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess
from tests.archive.archive_support import stored_game
from tests.cli_runs import Ran, boardstate, environment
from tests.conftest import unique_prefix
from tests.redis_support import RedisServer
from tests.s3_support import REGION, S3Server

pytestmark = pytest.mark.redis
FAILED = re.compile(r"^boardstate_archive_failures_total [1-9]", re.MULTILINE)


class Deployment:
    """A service started in `folders["service"]` on the defaults, and folders for commands."""

    def __init__(self, redis_server: RedisServer, root: Path) -> None:
        self.redis = redis_server
        self.folders = {name: root / name for name in ("service", "ops", "analyst", "other")}
        for folder in self.folders.values():
            folder.mkdir()
        self.service = ServiceProcess(  # as a user runs it: limits on, no data folder or store
            redis_server.url, defaults=True, cwd=self.folders["service"]
        )
        self.archive = self.folders["service"] / ".data" / "archive"

    def env(self, **more: str) -> dict[str, str]:
        return environment(self.redis.url, self.service.prefix, **more)

    def cli(self, folder: str, *args: str, **more: str) -> Ran:
        return boardstate(self.folders[folder], self.env(**more), *args)

    def archive_all(self, folder: str = "ops", **more: str) -> dict[str, int]:
        """Runs `archive run` until a game is archived (the grace, the relay) or 60 s pass."""
        deadline = time.monotonic() + 60
        while True:
            ran = self.cli(folder, "archive", "run", BOARDSTATE_ARCHIVE_AFTER="1", **more)
            assert ran.status == 0, ran.stderr
            counts: dict[str, int] = json.loads(ran.stdout)
            if counts.get("archived") or time.monotonic() > deadline:
                return counts
            time.sleep(0.5)

    def log_in_redis(self, game_id: str) -> bool:
        client = self.redis.client()
        try:
            return bool(client.exists(GameKeys.of(game_id, self.service.prefix).log))
        finally:
            client.close()


@pytest.fixture
def deployment(redis_server: RedisServer, tmp_path: Path) -> Iterator[Deployment]:
    made = Deployment(redis_server, tmp_path)
    with made.service:
        yield made


@pytest.fixture
async def rest(deployment: Deployment) -> AsyncIterator[Rest]:
    client = Rest(deployment.service.url)
    yield client
    await client.close()


async def finished_game(rest: Rest) -> str:
    """A game played a move and resigned: FINISHED."""
    game_id, tokens = await rest.new_game()
    seat = (await rest.game(game_id))["toAct"][0]
    legal = await rest.legal_moves(game_id, seat, tokens[seat])
    assert (await rest.move(game_id, seat, legal[0], tokens[seat])).status_code == 201
    await rest.ok("POST", f"/games/{game_id}/seats/{1 - seat}/resign", tokens[1 - seat])
    return game_id


async def reads(url: str, game_id: str) -> dict[str, Any]:
    """The game, a past state, an events page and its log, as a client reads them."""
    async with httpx.AsyncClient(base_url=f"{url}/v1", trust_env=False, timeout=30) as http:
        out: dict[str, Any] = {}
        for path in ("", "/state?version=2", "/events?limit=5", "/log"):
            answer = await http.get(f"/games/{game_id}{path}")
            body = answer.json() if path != "/log" else answer.text
            out[path] = (answer.status_code, body)
        return out


def objects_in(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.jsonl.zst")) if folder.exists() else []


async def test_archive_run_from_another_folder_archives_where_the_service_reads(
    deployment: Deployment, rest: Rest
) -> None:
    game_id = await finished_game(rest)
    before = await reads(deployment.service.url, game_id)
    assert before[""][0] == 200
    assert await asyncio.to_thread(deployment.archive_all) == {"archived": 1}
    assert [p.name.split(".")[0] for p in objects_in(deployment.archive)] == [game_id]
    assert len(list(deployment.archive.glob(".boardstate/mark-*"))) == 1
    assert not (deployment.folders["ops"] / ".data").exists()
    assert not deployment.log_in_redis(game_id)
    assert await reads(deployment.service.url, game_id) == before
    dumped = await asyncio.to_thread(deployment.cli, "analyst", "dump", "trambahn")
    assert dumped.status == 0, dumped.stderr
    assert [json.loads(line)["gameId"] for line in dumped.stdout.splitlines()] == [game_id]
    verified = await asyncio.to_thread(deployment.cli, "analyst", "archive", "verify")
    assert (verified.status, verified.stdout.split()[0]) == (0, "OK"), verified.stderr
    where = await asyncio.to_thread(deployment.cli, "analyst", "archive", "store")
    assert where.status == 0, where.stderr
    assert json.loads(where.stdout)["recorded"] == str(deployment.archive.resolve())


async def test_a_command_set_to_another_store_refuses_and_writes_nothing(
    deployment: Deployment, rest: Rest
) -> None:
    first = await finished_game(rest)
    assert await asyncio.to_thread(deployment.archive_all) == {"archived": 1}  # the defaults
    second = await finished_game(rest)
    elsewhere = deployment.folders["other"] / "archive"
    refused = await asyncio.to_thread(
        deployment.cli,
        "ops",
        *("archive", "run"),
        BOARDSTATE_ARCHIVE_AFTER="1",
        BOARDSTATE_ARCHIVE_STORE=str(elsewhere),
    )
    line = refused.failed_with("ARCHIVE_STORE_MISMATCH", 4)
    assert str(elsewhere) in line
    assert str(deployment.archive.resolve()) in line
    assert deployment.log_in_redis(second)
    data_dir = {"BOARDSTATE_DATA_DIR": str(deployment.folders["other"])}
    for args in (("archive", "run"), ("dump", "trambahn"), ("ratings", "rebuild")):
        ran = await asyncio.to_thread(
            deployment.cli, "ops", *args, BOARDSTATE_ARCHIVE_AFTER="1", **data_dir
        )
        ran.failed_with("ARCHIVE_STORE_MISMATCH", 4)
    assert objects_in(deployment.folders["other"]) == []
    assert deployment.log_in_redis(second)
    for game_id in (first, second):
        assert (await rest.game(game_id))["status"] == "FINISHED"


async def test_a_store_that_lost_its_mark_is_unavailable_until_the_archive_is_recorded(
    deployment: Deployment, rest: Rest
) -> None:
    game_id = await finished_game(rest)
    before = await reads(deployment.service.url, game_id)
    assert await asyncio.to_thread(deployment.archive_all) == {"archived": 1}
    moved = deployment.folders["other"] / "archive"
    shutil.move(deployment.archive, moved)  # the folder emptied, or another machine's
    deployment.archive.mkdir()
    answer = await rest.request("GET", f"/games/{game_id}")
    assert (answer.status_code, answer.json()["code"]) == (503, "ARCHIVED_LOG_MISSING")
    graphql = await rest.http.post(
        "/graphql", json={"query": f'{{ game(id: "{game_id}") {{ status }} }}'}
    )
    assert graphql.json()["errors"][0]["extensions"]["code"] == "ARCHIVED_LOG_MISSING"
    assert "ARCHIVE_STORE_MISMATCH" in deployment.service.log_tail()  # the operator is told
    ran = await asyncio.to_thread(
        deployment.cli, "ops", "archive", "run", BOARDSTATE_ARCHIVE_AFTER="1"
    )
    assert "mark" in ran.failed_with("ARCHIVE_STORE_MISMATCH", 4)
    where = await asyncio.to_thread(deployment.cli, "ops", "archive", "store")
    where.failed_with("ARCHIVE_STORE_MISMATCH", 4)
    assert json.loads(where.stdout)["recorded"] == str(deployment.archive.resolve())
    recorded = await asyncio.to_thread(
        deployment.cli, "ops", "archive", "store", "--record", BOARDSTATE_ARCHIVE_STORE=str(moved)
    )
    assert recorded.status == 0, recorded.stderr
    assert await reads(deployment.service.url, game_id) == before  # the service follows
    where = await asyncio.to_thread(deployment.cli, "analyst", "archive", "store")
    assert (where.status, json.loads(where.stdout)["recorded"]) == (0, str(moved.resolve()))


async def test_a_service_set_to_another_store_logs_it_and_archives_nothing(
    deployment: Deployment, rest: Rest
) -> None:
    await finished_game(rest)
    assert await asyncio.to_thread(deployment.archive_all) == {"archived": 1}
    elsewhere = deployment.folders["other"] / "archive"
    env = {"BOARDSTATE_ARCHIVE_STORE": str(elsewhere), "BOARDSTATE_ARCHIVE_AFTER": "1"}
    prefix = deployment.service.prefix
    with ServiceProcess(deployment.redis.url, prefix, env, defaults=True) as other:
        game_id = await finished_game(rest)
        async with httpx.AsyncClient(base_url=other.url, trust_env=False) as http:
            deadline = time.monotonic() + 60
            while not FAILED.search((await http.get("/metrics")).text):
                assert time.monotonic() < deadline, "the archiver never tried"
                await asyncio.sleep(0.2)
        assert "archive_store_mismatch" in other.log_tail()
        assert "ARCHIVE_STORE_MISMATCH" in other.log_tail()
    assert objects_in(elsewhere) == []
    assert deployment.log_in_redis(game_id)


def test_an_s3_archive_is_one_store_however_its_setting_is_written(
    redis_server: RedisServer, s3_server: S3Server, tmp_path: Path
) -> None:
    prefix, bucket = unique_prefix(), s3_server.bucket()

    async def store_one() -> str:
        store = connect(redis_server.url, cluster=False, prefix=prefix)
        try:
            return await stored_game(store)
        finally:
            await store.close()

    game_id = asyncio.run(store_one())
    credentials = {"AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test"}
    env = environment(redis_server.url, prefix, AWS_REGION=REGION, **credentials)
    env["BOARDSTATE_ARCHIVE_AFTER"] = "60"

    def s3(where: str, endpoint: str = s3_server.url) -> dict[str, str]:
        return env | {"BOARDSTATE_ARCHIVE_STORE": where, "BOARDSTATE_ARCHIVE_S3_ENDPOINT": endpoint}

    ran = boardstate(tmp_path, s3(f"s3://{bucket}/games"), "archive", "run")
    assert json.loads(ran.stdout) == {"archived": 1}, ran.stderr
    written = s3(f"s3://{bucket}/games/", s3_server.url.upper() + "/")
    for same in (written, env):  # written otherwise; not set at all (the recorded store)
        verified = boardstate(tmp_path, same, "archive", "verify")
        assert verified.status == 0, verified.stderr
        assert verified.stdout.startswith(f"OK trambahn/2026/01/{game_id}.")
    for other in (s3(f"s3://{bucket}/other"), s3(f"s3://{s3_server.bucket()}/games")):
        boardstate(tmp_path, other, "archive", "verify").failed_with("ARCHIVE_STORE_MISMATCH", 4)
    assert not (tmp_path / ".data").exists()
