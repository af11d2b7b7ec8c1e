"""The registry of background loops (`service.runtime.loops`, issue 28): every task the app starts is
one of its loops, a crashing loop is restarted and counted, and stopping leaves no task."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from boardstate.service.failures import StoreUnavailable
from boardstate.service.http.app import create_app
from boardstate.service.metrics import Metrics
from boardstate.service.runtime.loops import BACKOFF_S, STORE_RETRY_S, TASK_PREFIX, Loop, Loops
from boardstate.service.settings import Settings
from tests.conftest import unique_prefix
from tests.redis_support import RedisClusterServers, RedisServer


async def until(condition: Callable[[], bool], timeout_s: float = 30.0) -> None:
    """Waits until `condition()` holds (a generous bound: this asserts an outcome, not speed)."""
    async with asyncio.timeout(timeout_s):
        while not condition():  # noqa: ASYNC110 (nothing to wait on but the loops' state)
            await asyncio.sleep(0.02)


def others(before: set[asyncio.Task[object]]) -> set[asyncio.Task[object]]:
    return {t for t in asyncio.all_tasks() if t not in before and t is not asyncio.current_task()}


async def test_a_crashing_loop_is_restarted_counted_and_stopped() -> None:
    runs: list[int] = []

    async def flaky() -> None:
        runs.append(len(runs))
        if len(runs) < 3:
            raise RuntimeError("boom")
        await asyncio.Event().wait()  # then runs until cancelled

    metrics = Metrics()
    before = set(asyncio.all_tasks())
    loops = Loops([Loop("flaky", "crashes twice", "nothing", flaky)], metrics)
    loops.start()
    await until(lambda: len(runs) == 3 and loops.states["flaky"].running)
    report = loops.report()["flaky"]
    assert (report["running"], report["failures"]) == (True, 2)
    text = metrics.render().decode()
    assert 'boardstate_loop_failures_total{loop="flaky"} 2.0' in text
    assert 'boardstate_loop_running{loop="flaky"} 1.0' in text
    await loops.stop()
    await asyncio.sleep(0)
    assert others(before) == set()
    assert 'boardstate_loop_running{loop="flaky"} 0.0' in metrics.render().decode()


async def test_a_required_loop_is_down_between_a_crash_and_its_restart() -> None:
    runs: list[int] = []

    async def flaky() -> None:
        runs.append(len(runs))
        if len(runs) == 1:
            raise RuntimeError("boom")
        await asyncio.Event().wait()

    async def forever() -> None:
        await asyncio.Event().wait()

    async def once() -> None:
        await asyncio.sleep(0)

    loops = Loops(
        [
            Loop("flaky", "crashes once", "nothing", flaky),
            Loop("measure", "not needed to serve", "nothing", forever, required=False),
            Loop("once", "returns: its work is done", "nothing", once),
        ]
    )
    assert loops.down() == ["flaky", "once"]  # not started yet
    loops.start()
    await until(lambda: loops.states["flaky"].failures == 1)
    assert loops.down() == ["flaky"]  # crashed; started again after its backoff (0.5 s)
    assert loops.report()["flaky"]["running"] is False
    await until(lambda: loops.states["flaky"].running)
    assert loops.down() == []  # `measure` is not required, `once` finished
    await loops.stop()
    assert loops.down() == ["flaky"]


async def test_a_loop_that_found_redis_away_is_tried_again_soon_without_growing_its_backoff() -> (
    None
):
    failures = [StoreUnavailable("away"), StoreUnavailable("away"), RuntimeError("bug")]
    runs: list[int] = []

    async def flaky() -> None:
        runs.append(len(runs))
        if failures:
            raise failures.pop(0)
        await asyncio.Event().wait()

    loops = Loops([Loop("flaky", "fails", "nothing", flaky)])
    loops.start()
    state = loops.states["flaky"]
    await until(lambda: state.failures == 1)
    assert state.backoff_s == STORE_RETRY_S
    await until(lambda: state.failures == 2)
    assert state.backoff_s == STORE_RETRY_S
    await until(lambda: state.failures == 3)
    assert state.backoff_s == BACKOFF_S  # the first crash of another kind: the shortest backoff
    await until(lambda: state.running)
    await loops.stop()


def test_loop_names_are_unique() -> None:
    async def idle() -> None:
        await asyncio.sleep(0)

    with pytest.raises(ValueError):
        Loops([Loop("a", "", "", idle), Loop("a", "", "", idle)])


@pytest.mark.redis
@pytest.mark.parametrize("cluster", [False, True], ids=["single", "cluster"])
async def test_every_task_the_app_starts_is_a_registered_loop(
    cluster: bool, redis_server: RedisServer, redis_cluster: RedisClusterServers
) -> None:
    url = redis_cluster.url if cluster else redis_server.url
    env = {"REDIS_URL": url, "BOARDSTATE_KEY_PREFIX": unique_prefix()}
    if cluster:
        env["BOARDSTATE_REDIS_CLUSTER"] = "1"
    app = create_app(Settings.from_env(env))
    before = set(asyncio.all_tasks())
    async with app.router.lifespan_context(app) as state:
        loops: Loops = state["loops"]  # type: ignore[index]
        await asyncio.sleep(0.5)  # let the loops start their own helpers
        names = {t.get_name() for t in others(before)}
        expected = {f"{TASK_PREFIX}{loop.name}" for loop in loops.loops}
        assert expected <= names
        assert {n for n in names if not n.startswith(TASK_PREFIX)} == set()
        assert {"steward", "relay", "webhook-sender", "bot-worker"} <= set(loops.report())
        assert all(r["running"] and r["failures"] == 0 for r in loops.report().values())
    await asyncio.sleep(0)
    assert {t.get_name() for t in others(before) if not t.done()} == set()
