"""Where bot policies think: a pool of threads of a fixed size, every think cancellable (issue 27).

A policy is pure Python that holds the interpreter while it thinks, so it runs off the event
loop in a thread of its own pool (never the loop's shared default executor), and at most `size`
thinks run at once; more wait in the pool's queue (the bot workers never submit more than
`size`; hints are refused when the pool is full: `service.features.bots.hints`).

A thread cannot be killed, so thinking is cancelled cooperatively: each think gets a `stop`
check (`Budget.stop`) that the policies ask between their steps (`engine.bots`): past it
they return their best move so far. It trips `GRACE_S` after the budget (the policy's own
clock should have stopped it by then), and at once when the task awaiting the think is
cancelled (a client gone, a shutdown). A caller therefore always gets a move, never a
`TimeoutError`, and no abandoned thread thinks on after its answer is no longer wanted.
`busy` counts the thinks submitted and not finished in their thread (the `boardstate_thinking`
gauge): it falls to 0 when no work is left, whatever happened to the callers.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")

GRACE_S = 0.5
"""A think still running this long after its budget is told to stop."""

Stop = Callable[[], bool]


class Thinkers:
    """A fixed pool of threads for policies."""

    def __init__(self, size: int, name: str) -> None:
        self.size = size
        self._pool = ThreadPoolExecutor(max_workers=size, thread_name_prefix=f"boardstate-{name}")
        self._lock = threading.Lock()
        self._busy = 0

    @property
    def busy(self) -> int:
        """Thinks submitted and not yet finished (queued or running in a thread)."""
        return self._busy

    @property
    def full(self) -> bool:
        """Whether every thread is taken."""
        return self._busy >= self.size

    def _finished(self, _: Future[Any]) -> None:
        with self._lock:
            self._busy -= 1

    async def think(self, work: Callable[[Stop], T], budget_ms: int) -> T:
        """Returns `work(stop)`, computed in a thread of the pool; `stop()` becomes true
        `GRACE_S` after `budget_ms`, or when this call is cancelled."""
        stop = threading.Event()
        with self._lock:
            self._busy += 1
        try:
            running = self._pool.submit(work, stop.is_set)
        except BaseException:
            with self._lock:
                self._busy -= 1
            raise
        running.add_done_callback(self._finished)
        answer = asyncio.wrap_future(running)
        try:
            done, _ = await asyncio.wait({answer}, timeout=budget_ms / 1000 + GRACE_S)
            if not done:
                stop.set()  # the policy returns its best move within one step
            return await answer
        finally:
            stop.set()

    def close(self) -> None:
        """Stops taking work (threads still thinking finish their step and end)."""
        self._pool.shutdown(wait=False, cancel_futures=True)
