"""The service's archiver loop (BOARDSTATE_ARCHIVE_AFTER > 0): two replicas on one Redis and
one archive archive every ended game once, and /metrics says so (games, bytes, failures, lag)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import httpx

from boardstate.service.store import connect
from boardstate.service.store.players.player_keys import archive_due_key
from tests.api.live_support import gauge
from tests.api.server import ServiceProcess
from tests.archive.archive_support import stored_game
from tests.conftest import unique_prefix
from tests.redis_support import RedisServer

GAMES = 6


async def metrics(replica: ServiceProcess) -> str:
    async with httpx.AsyncClient(trust_env=False, timeout=30) as http:
        return (await http.get(f"{replica.url}/metrics")).text


def archived(pages: list[str]) -> float:
    return sum(gauge(page, "boardstate_archived_games_total") for page in pages)


async def test_two_replicas_archive_each_ended_game_once_and_report_it(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    prefix = unique_prefix()
    store = connect(redis_server.url, cluster=False, prefix=prefix)
    try:
        for _ in range(GAMES):
            await stored_game(store)
        env = {"BOARDSTATE_ARCHIVE_AFTER": "1", "BOARDSTATE_DATA_DIR": str(tmp_path)}
        one, two = ServiceProcess.start_together(
            ServiceProcess(redis_server.url, prefix, env),
            ServiceProcess(redis_server.url, prefix, env),
        )
        try:
            deadline, pages = time.monotonic() + 90, ["", ""]
            while time.monotonic() < deadline:
                pages = list(await asyncio.gather(metrics(one), metrics(two)))
                if archived(pages) >= GAMES:
                    break
                await asyncio.sleep(0.5)
        finally:
            one.stop()
            two.stop()
        assert archived(pages) == GAMES
        assert sum(gauge(page, "boardstate_archive_bytes_total") for page in pages) > 0
        assert all(gauge(page, "boardstate_archive_failures_total") == 0 for page in pages)
        assert all("boardstate_archive_lag_seconds" in page for page in pages)
        assert await store.client.zcard(archive_due_key(prefix)) == 0
        files = await asyncio.to_thread(lambda: list(tmp_path.rglob("*.zst")))
        assert len(files) == GAMES
    finally:
        await store.close()
