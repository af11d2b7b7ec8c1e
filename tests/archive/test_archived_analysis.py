"""A finished game's analysis is kept with the game through its archiving and goes with it when
retention deletes it (issue 42), on a real service, real Redis and a local object store."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from boardstate.service.features.archive.archiver import Archiver, Outcome
from boardstate.service.features.archive.retention import Retention
from boardstate.service.store import RedisEventStore, connect
from boardstate.service.store.archive.objects import LocalObjectStore
from boardstate.service.store.keys import GameKeys
from tests.api.client import Api
from tests.api.history import HISTORY_ENV
from tests.api.play import play
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("archive")


@pytest.fixture(scope="module")
def service(redis_server: RedisServer, root: Path) -> Iterator[ServiceProcess]:
    env = {
        "BOARDSTATE_ARCHIVE_STORE": str(root),
        "BOARDSTATE_ANALYSIS_PLAYOUTS": "200",
        **HISTORY_ENV,
    }
    with ServiceProcess(redis_server.url, env=env) as process:
        yield process


@pytest.fixture
async def store(
    redis_server: RedisServer, service: ServiceProcess
) -> AsyncIterator[RedisEventStore]:
    events = connect(redis_server.url, cluster=False, prefix=service.prefix)
    yield events
    await events.close()


async def _analysis(rest: Rest, game_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 180
    while True:
        answer: dict[str, Any] = await rest.ok("GET", f"/games/{game_id}/analysis")
        if answer["status"] == "DONE":
            return answer
        assert time.monotonic() < deadline, "the analysis did not end"
        await asyncio.sleep(0.2)


async def test_an_analysis_outlives_the_archiving_and_goes_with_retention(
    service: ServiceProcess, store: RedisEventStore, root: Path
) -> None:
    api, rest = Api(service.url), Rest(service.url)
    try:
        game_id, tokens = await api.new_game(seed="archived-analysis")
        await play([api], game_id, tokens, random.Random(42))
        before = await _analysis(rest, game_id)
        objects = LocalObjectStore(root)
        archiver = Archiver(store, objects, timedelta(hours=1), remove=True)
        later = datetime.now(UTC) + timedelta(days=1)
        for _ in range(100):
            outcome = await archiver.archive(game_id, later)
            if outcome is Outcome.ARCHIVED:
                break
            assert outcome is Outcome.WAITING, outcome
            await asyncio.sleep(0.1)
        keys = GameKeys.of(game_id, store.prefix)
        assert await store.client.exists(keys.log) == 0
        assert await store.client.exists(keys.analysis) == 1
        assert await rest.ok("GET", f"/games/{game_id}/analysis") == before
        retention = Retention(store, objects, 1)
        assert await retention.prune(datetime.now(UTC) + timedelta(days=2)) == [game_id]
        assert await store.client.exists(keys.analysis) == 0
    finally:
        await api.close()
        await rest.close()
