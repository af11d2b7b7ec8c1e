"""Stopping the background loops (steward, bot worker, relay, webhook sender) and live streams
reliably.

A cancellation that lands inside a Redis call can come back as a connection error (redis-py
closes the connection it was using), which a worker loop catches and outlives: the task stays
"cancelling" and never stops, and whoever awaits it waits for ever. Loops therefore ask
`cancelled()` before each round and raise `CancelledError` themselves.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any


def cancelled() -> bool:
    """Whether the running task was asked to stop."""
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


def check_cancelled() -> None:
    """Raises `CancelledError` if the running task was asked to stop.

    On Python 3.11 `asyncio.wait_for`, which redis-py awaits replies with, swallows a
    cancellation that lands as the reply arrives (CPython gh-86296): the call returns normally
    and the task goes on "cancelling". A live stream cancelled there went on to wait for its
    next event (for ever, in an idle game) and kept its stream slot. Code that must end when
    cancelled calls this after its Redis calls."""
    if cancelled():
        raise asyncio.CancelledError


RECANCEL_S = 0.1
"""How long a cancelled task may take to end before it is cancelled again (`ended`)."""


async def ended(future: asyncio.Future[Any] | None) -> None:
    """Cancels `future` until it has ended (a cancellation may be swallowed, see
    `check_cancelled`), then collects its outcome, whatever it is."""
    if future is None:
        return
    while not future.done():
        future.cancel()
        await asyncio.wait((future,), timeout=RECANCEL_S)
    with contextlib.suppress(asyncio.CancelledError, Exception):
        future.result()
