"""CPU-heavy work off the event loop: folds of long logs, forks, imports, board pictures.

No request may hold the event loop for more than a few milliseconds. Work that grows with a
game's length (folding its log, copying it into a fork, parsing and verifying an import) runs
in a small pool of worker threads (`WORKERS`), so at most that many such jobs compete for the
interpreter while the loop keeps serving. CPython hands the interpreter to a waiting thread only
every `sys.getswitchinterval()` (5 ms by default), and the loop gives it up at every system call:
with a worker busy, a loop iteration that makes dozens of calls (a burst of small requests)
waited 5 ms for each and held its timers for 200 ms. `SWITCH_INTERVAL` (set by the app at
start, `use_short_switch_interval`) makes each hand-over cheap: the worst loop lag while a
1,709-event log is imported under a burst of requests fell from about 200 ms to 10–25 ms.
What runs there is pure: it takes frozen records and events and returns new ones; the record
cache is only touched on the loop, after the `await`.
Short folds (at most `INLINE_EVENTS` events, e.g. catching up one move) stay on the loop, where
the hand-over would cost more than the work.
"""

from __future__ import annotations

import asyncio
import functools
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

WORKERS = 2
INLINE_EVENTS = 32
SWITCH_INTERVAL = 0.0001
"""Seconds a thread may hold the interpreter while another waits (CPython's default: 0.005)."""

_pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="boardstate-cpu")


async def off_loop(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Returns `fn(*args, **kwargs)`, computed in a worker thread."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_pool, functools.partial(fn, *args, **kwargs))


def use_short_switch_interval() -> None:
    """Makes the interpreter hand over every `SWITCH_INTERVAL` (process-wide)."""
    sys.setswitchinterval(SWITCH_INTERVAL)
