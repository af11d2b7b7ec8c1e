"""`watch_loop_lag`: how long the event loop was held, measured from inside the process.

A task asks to wake every `interval` seconds and records how late it woke: that overshoot is
the longest any callback held the loop meanwhile (a request's CPU work, a fold, a parse).
Prometheus sees it as `boardstate_event_loop_lag_seconds` (a histogram) and
`boardstate_event_loop_lag_max_seconds` (the worst since start), so an operator, a load test or
an adversarial test can check the promise that no request holds the loop for long
(`docs/security.md`).
"""

from __future__ import annotations

import asyncio
import time

from boardstate.service.metrics import Metrics

INTERVAL = 0.01
"""Seconds between wake-ups (the lag resolution; the cost is one timer per interval)."""


async def watch_loop_lag(metrics: Metrics, interval: float = INTERVAL) -> None:
    """Runs until cancelled, recording each wake-up's delay beyond `interval`."""
    worst = 0.0
    clock = time.perf_counter
    while True:
        start = clock()
        await asyncio.sleep(interval)
        lag = max(0.0, clock() - start - interval)
        metrics.loop_lag.observe(lag)
        if lag > worst:
            worst = lag
            metrics.loop_lag_max.set(worst)
