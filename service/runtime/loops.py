"""One registry of the process's background loops: declared in one place, started, supervised,
stopped and reported by it (issue 28).

A `Loop` names a long-running coroutine (its factory, so a crashed loop can be started again),
says what it is for and what wakes it (`docs/performance.md`, "Background loops"). `Loops`
runs each declared loop in a task `loop:<name>`:

* a loop that raises is logged (`loop_crashed`, with the error), counted
  (`boardstate_loop_failures_total{loop}`) and started again after a backoff that doubles from
  `BACKOFF_S` up to `MAX_BACKOFF_S` (a loop that ran `HEALTHY_S` before crashing starts again
  after the shortest one); one that raised because Redis is away (`StoreUnavailable`, or
  redis-py's connection, timeout and loading errors: `store.redis_errors.store_away`) starts
  again every `STORE_RETRY_S` (logged as a warning), so that it runs again within about that
  long once Redis answers rather than after a backoff grown during the outage; a loop that
  returns is finished and not restarted;
* `stop` cancels every loop once (a loop asks `service.runtime.stopping.cancelled()` before each
  round, so a cancellation swallowed inside a Redis call still ends it, and its clean-up runs
  uninterrupted) and waits at most `timeout_s`; a loop still running then is logged
  (`loop_stuck`) and left to the event loop's end, never awaited for ever;
* `report()` (the `loops` member of `GET /readyz`) and the metrics
  `boardstate_loop_running{loop}`, `boardstate_loop_started_timestamp_seconds{loop}` and
  `boardstate_loop_failures_total{loop}` say which loops run, since when, and how often each
  failed; `down()` names the required loops (all but those declared `required=False`) that are
  not running now, between a crash and their next start: `/readyz` answers 503 while there is
  one (issue 37).
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

import structlog

from boardstate.service.metrics import Metrics
from boardstate.service.store.redis_errors import store_away as found_store_away

log = structlog.get_logger("boardstate.loops")

BACKOFF_S = 0.5
MAX_BACKOFF_S = 30.0
HEALTHY_S = 60.0
"""A loop that ran this long before it crashed starts again after `BACKOFF_S`."""
STORE_RETRY_S = 1.0
"""A loop that crashed because Redis is away starts again after this long, every time."""
STOP_TIMEOUT_S = 10.0
TASK_PREFIX = "loop:"


@dataclasses.dataclass(frozen=True, slots=True)
class Loop:
    """One background loop of the process."""

    name: str
    purpose: str
    wakes: str
    """What wakes it: the blocking read, notification or timer it waits on when idle."""
    run: Callable[[], Coroutine[Any, Any, None]]
    """Starts one run of the loop (called again after a crash)."""
    required: bool = True
    """The process is not ready while it is down (`Loops.down`)."""


@dataclasses.dataclass(slots=True)
class LoopState:
    """What `Loops` knows about one loop."""

    running: bool = False
    started_at: float | None = None
    failures: int = 0
    last_error: str | None = None
    finished: bool = False
    """It returned (its work is done): not restarted, and not down."""
    backoff_s: float = 0.0
    """How long it waits, after its last crash, before it starts again."""


class Loops:
    """Starts, supervises, stops and reports the declared loops."""

    def __init__(self, loops: Sequence[Loop], metrics: Metrics | None = None) -> None:
        names = [loop.name for loop in loops]
        if len(set(names)) != len(names):
            raise ValueError(f"loop names must be unique: {names}")
        self.loops = tuple(loops)
        self.metrics = metrics
        self.states = {loop.name: LoopState() for loop in loops}
        self.tasks: dict[str, asyncio.Task[None]] = {}

    def start(self) -> None:
        """Starts every loop (in the running event loop)."""
        for loop in self.loops:
            if loop.name not in self.tasks:
                name = f"{TASK_PREFIX}{loop.name}"
                self.tasks[loop.name] = asyncio.create_task(self._supervise(loop), name=name)

    def _set_running(self, name: str, running: bool) -> None:
        state = self.states[name]
        state.running = running
        if running:
            state.started_at = time.time()
        if self.metrics is not None:
            self.metrics.loop_running.labels(loop=name).set(1 if running else 0)
            if running:
                self.metrics.loop_started.labels(loop=name).set(state.started_at or 0)

    def _failed(self, name: str, error: BaseException, store_away: bool) -> None:
        state = self.states[name]
        state.failures += 1
        state.last_error = repr(error)[:300]
        if self.metrics is not None:
            self.metrics.loop_failures.labels(loop=name).inc()
        report = log.warning if store_away else log.error
        report("loop_crashed", loop=name, failures=state.failures, error=state.last_error)

    async def _supervise(self, loop: Loop) -> None:
        backoff = BACKOFF_S
        state = self.states[loop.name]
        try:
            while True:
                self._set_running(loop.name, True)
                began = time.monotonic()
                try:
                    await loop.run()
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    store_away = found_store_away(exc)
                    self._failed(loop.name, exc, store_away)
                else:
                    log.info("loop_finished", loop=loop.name)
                    state.finished = True
                    return
                self._set_running(loop.name, False)
                if time.monotonic() - began >= HEALTHY_S:
                    backoff = BACKOFF_S
                state.backoff_s = STORE_RETRY_S if store_away else backoff
                await asyncio.sleep(state.backoff_s)
                if not store_away:
                    backoff = min(MAX_BACKOFF_S, backoff * 2)
        finally:
            self._set_running(loop.name, False)

    async def stop(self, timeout_s: float = STOP_TIMEOUT_S) -> None:
        """Cancels every loop and waits for them, at most `timeout_s` in all."""
        tasks = [t for t in self.tasks.values() if not t.done()]
        for task in tasks:
            task.cancel()
        if tasks:
            _, stuck = await asyncio.wait(tasks, timeout=timeout_s)
            for task in stuck:
                log.error("loop_stuck", task=task.get_name())
        for task in self.tasks.values():
            if task.done() and not task.cancelled() and task.exception() is not None:
                log.error("loop_stop_failed", task=task.get_name(), error=repr(task.exception()))
        self.tasks.clear()

    def down(self) -> list[str]:
        """The required loops that are not running now (crashed, waiting to start again; or
        all of them before `start` and after `stop`), but those that finished their work."""
        return [
            loop.name
            for loop in self.loops
            if loop.required
            and not self.states[loop.name].running
            and not self.states[loop.name].finished
        ]

    def report(self) -> dict[str, dict[str, Any]]:
        """Each loop's state: whether it runs, since when, failures, its wake source (never the
        error text, which only the log carries: the probes answer anyone)."""
        return {
            loop.name: {
                "running": self.states[loop.name].running,
                "startedAt": self.states[loop.name].started_at,
                "failures": self.states[loop.name].failures,
                "wakes": loop.wakes,
            }
            for loop in self.loops
        }
