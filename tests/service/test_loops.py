"""The registry of background loops (`service.runtime.loops`): started in order, stopped last
first and closed, each reported while it runs and once it has ended, stopped or failed."""

from __future__ import annotations

import asyncio

import pytest

from boardstate.service.metrics import Metrics
from boardstate.service.runtime.loops import Loops, Run


async def test_loops_start_stop_in_reverse_and_close() -> None:
    done: list[str] = []
    started = asyncio.Event()

    def forever(name: str) -> Run:
        async def run() -> None:
            try:
                started.set()
                await asyncio.Event().wait()
            finally:
                done.append(name)

        return run

    async def closed() -> None:
        done.append("closed b")

    loops = Loops()
    loops.add("a", forever("a"))
    loops.add("b", forever("b"), closed)
    assert loops.running() == {"a": False, "b": False}
    loops.start()
    await started.wait()
    assert loops.running() == {"a": True, "b": True}
    await loops.stop()
    assert done == ["b", "closed b", "a"]
    assert loops.running() == {"a": False, "b": False}


async def test_a_failed_loop_reads_0_in_the_gauge() -> None:
    async def fails() -> None:
        raise RuntimeError("broken")

    async def runs() -> None:
        await asyncio.Event().wait()

    metrics = Metrics()
    loops = Loops()
    loops.add("fails", fails)
    loops.add("runs", runs)
    metrics.watch_loops(loops.running(), loops.is_running)
    loops.start()
    await asyncio.wait([loops.tasks["fails"]])
    text = metrics.render().decode()
    assert 'boardstate_background_loops{loop="fails"} 0.0' in text
    assert 'boardstate_background_loops{loop="runs"} 1.0' in text
    with pytest.raises(RuntimeError, match="broken"):
        await loops.stop()  # a loop that failed says so when it is stopped, as before


def test_a_name_is_registered_once() -> None:
    async def run() -> None:
        await asyncio.sleep(0)

    loops = Loops()
    loops.add("steward", run)
    with pytest.raises(ValueError, match="steward"):
        loops.add("steward", run)
