"""`Loops`: the one registry of a process's background loops (steward, bot worker, relay,
webhook sender, open-game expiry, loop-lag watch, and any that come).

A loop is a name and a coroutine function that runs until cancelled (`Loop.run`), with an
optional `close` awaited once it has ended (the webhook sender's connections). `start` starts
every registered loop as a task of that name; `stop` stops them in the reverse order, each
cancelled and awaited (a loop asks `stopping.cancelled()` before each round, so it ends), then
closed. `running()` reports each loop, and the gauge `boardstate_background_loops{loop}`
(`/metrics`, `Metrics.watch_loops`) reads 1 while a loop runs and 0 once it has ended, stopped or
failed: a loop that died shows on a dashboard, not only in the log.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

Run = Callable[[], Coroutine[Any, Any, None]]
"""A loop: a coroutine function that runs until cancelled."""
Close = Callable[[], Awaitable[None]]


@dataclasses.dataclass(frozen=True, slots=True)
class Loop:
    """One background loop."""

    name: str
    run: Run
    close: Close | None = None
    """Awaited once the loop has ended (releases what it held)."""


class Loops:
    """Registers, starts, stops and reports the background loops of one process."""

    def __init__(self) -> None:
        self.loops: list[Loop] = []
        self.tasks: dict[str, asyncio.Task[None]] = {}

    def add(self, name: str, run: Run, close: Close | None = None) -> None:
        """Registers a loop (before `start`); names are unique."""
        if any(loop.name == name for loop in self.loops):
            raise ValueError(f"a loop named {name!r} is registered already")
        self.loops.append(Loop(name, run, close))

    def start(self) -> None:
        """Starts every registered loop not started yet, in the order registered."""
        for loop in self.loops:
            if loop.name not in self.tasks:
                self.tasks[loop.name] = asyncio.create_task(loop.run(), name=loop.name)

    async def stop(self) -> None:
        """Stops the started loops, the last started first, and closes each."""
        for loop in reversed(self.loops):
            task = self.tasks.pop(loop.name, None)
            if task is None:
                continue
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            if loop.close is not None:
                await loop.close()

    def running(self) -> dict[str, bool]:
        """Each registered loop and whether it runs now."""
        return {loop.name: self.is_running(loop.name) for loop in self.loops}

    def is_running(self, name: str) -> bool:
        task = self.tasks.get(name)
        return task is not None and not task.done()
