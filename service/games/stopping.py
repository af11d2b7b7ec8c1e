"""Stopping the background loops (steward, bot worker, relay, webhook sender) reliably.

A cancellation that lands inside a Redis call can come back as a connection error (redis-py
closes the connection it was using), which a worker loop catches and outlives: the task stays
"cancelling" and never stops, and whoever awaits it waits for ever. Loops therefore ask
`cancelled()` before each round and raise `CancelledError` themselves.
"""

from __future__ import annotations

import asyncio


def cancelled() -> bool:
    """Whether the running task was asked to stop."""
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0
