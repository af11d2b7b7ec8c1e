"""Two replicas firing the same deadline at once append one `TimedOut` (issue 16).

Two services (`build_service`) with loaders of their own (two replicas) share one real Redis; both settle
the same due game at the same moment, many times over. The conditional append lets exactly one
of them record each timeout; the other reloads and finds nothing due. The claim of the deadline
set hands a due game to one poller per lease.
"""

from __future__ import annotations

import asyncio
import dataclasses
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from boardstate.service.composition import Service, build_service
from boardstate.service.log import time_source
from boardstate.service.metrics import Metrics
from boardstate.service.settings import Settings
from boardstate.service.store import RedisEventStore


@pytest.fixture
def time_file() -> Iterator[Path]:
    path = Path(tempfile.mkstemp(prefix="bs-time-")[1])
    path.write_text(f"{time.time() - 3600:.3f}")
    time_source.configure(f"file:{path}")
    yield path
    time_source.configure(None)


def _advance(path: Path, seconds: float) -> None:
    path.write_text(f"{float(path.read_text()) + seconds:.3f}")


def _service(store: RedisEventStore) -> Service:
    settings = dataclasses.replace(Settings(), redis_url="redis://unused", key_prefix=store.prefix)
    return build_service(store, settings, Metrics())


async def test_two_replicas_racing_to_fire_a_deadline_append_one_timed_out(
    redis_store: RedisEventStore, time_file: Path
) -> None:
    a, b = _service(redis_store), _service(redis_store)
    options = {"clock": {"perMoveSeconds": 10, "onTimeout": "stand-in"}}
    created = await a.lobby.create_game("trambahn", 2, options, None, ["ann", "bob"])
    game_id = created.game.id
    for round_ in range(6):
        _advance(time_file, 11)
        await asyncio.gather(a.steward.settle(game_id), b.steward.settle(game_id))
        events = await redis_store.read(game_id)
        timeouts = [e for e in events if e.type == "TimedOut"]
        assert len(timeouts) == round_ + 1
        assert len({e.version for e in timeouts}) == len(timeouts)


async def test_a_due_game_is_claimed_by_one_poller_per_lease(
    redis_store: RedisEventStore, time_file: Path
) -> None:
    a = _service(redis_store)
    options = {"clock": {"perMoveSeconds": 10}}
    created = await a.lobby.create_game("trambahn", 2, options, None, ["ann", "bob"])
    due = await redis_store.due_at(created.game.id)
    assert due is not None
    now = due + 1
    first, second = await asyncio.gather(
        redis_store.claim_due(now, 100, 10_000), redis_store.claim_due(now, 100, 10_000)
    )
    assert (created.game.id in first) != (created.game.id in second)
