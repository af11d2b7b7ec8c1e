"""The thinkers' pool (issue 27): a think past its budget is told to stop and answers; a caller
that gives up stops its think; `busy` falls back to 0, so no thread thinks on unwanted. Real
threads; waits are polled with generous bounds, never timed."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable

from boardstate.service.features.bots.thinking import Stop, Thinkers

GENEROUS_S = 60.0


async def _until(test: Callable[[], bool]) -> None:
    deadline = time.monotonic() + GENEROUS_S
    while not test():
        assert time.monotonic() < deadline, "waited in vain"
        await asyncio.sleep(0.01)


def _stubborn(started: threading.Event, stopped: threading.Event) -> Callable[[Stop], str]:
    """Work that thinks until told to stop (as a policy whose clock never ends it)."""

    def work(stop: Stop) -> str:
        started.set()
        while not stop():
            time.sleep(0.001)
        stopped.set()
        return "best so far"

    return work


async def test_a_think_past_its_budget_is_stopped_and_still_answers() -> None:
    thinkers = Thinkers(1, "test")
    started, stopped = threading.Event(), threading.Event()
    try:
        assert await thinkers.think(_stubborn(started, stopped), budget_ms=1) == "best so far"
        assert stopped.is_set()
        await _until(lambda: thinkers.busy == 0)
    finally:
        thinkers.close()


async def test_a_caller_that_gives_up_stops_its_think() -> None:
    thinkers = Thinkers(2, "test")
    started, stopped = threading.Event(), threading.Event()
    try:
        task = asyncio.create_task(thinkers.think(_stubborn(started, stopped), 3_600_000))
        await _until(started.is_set)
        assert thinkers.busy == 1
        assert not thinkers.full
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await _until(stopped.is_set)
        await _until(lambda: thinkers.busy == 0)
    finally:
        thinkers.close()


async def test_the_pool_is_full_while_each_thread_thinks() -> None:
    thinkers = Thinkers(1, "test")
    started, stopped = threading.Event(), threading.Event()
    try:
        task = asyncio.create_task(thinkers.think(_stubborn(started, stopped), 3_600_000))
        await _until(started.is_set)
        assert thinkers.full
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await _until(lambda: not thinkers.full)
    finally:
        thinkers.close()
