"""Figures of the service benchmark: latency percentiles, ratios, CPU seconds per process,
and `Load`, a closed-loop run of N clients with its steady throughput window."""

from __future__ import annotations

import asyncio
import os
import statistics
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any


def percentile(values: Sequence[float], q: float) -> float:
    """Returns the `q` quantile (0..1) of `values` by nearest rank (NaN when empty)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(q * len(ordered) + 0.5) - 1))
    return ordered[rank]


def latency(values_ms: Sequence[float]) -> dict[str, float]:
    """Returns count, p50, p99 and mean of latencies in milliseconds."""
    return {
        "count": len(values_ms),
        "p50_ms": round(percentile(values_ms, 0.50), 3),
        "p99_ms": round(percentile(values_ms, 0.99), 3),
        "mean_ms": round(statistics.fmean(values_ms), 3) if values_ms else float("nan"),
    }


def ratio(a: float, b: float) -> float:
    """Returns a / b rounded (NaN when b is 0)."""
    return round(a / b, 3) if b else float("nan")


async def redis_calls(url: str) -> dict[str, int]:
    """Commands the Redis server at `url` has run so far, by command (`INFO commandstats`)."""
    import redis.asyncio

    client = redis.asyncio.Redis.from_url(url)
    try:
        info = await client.info("commandstats")
    finally:
        await client.aclose()
    return {k.removeprefix("cmdstat_"): int(v["calls"]) for k, v in info.items()}


async def redis_cpu(url: str) -> float:
    """CPU seconds (user + system) the Redis server at `url` has used so far (`INFO cpu`)."""
    import redis.asyncio

    client = redis.asyncio.Redis.from_url(url)
    try:
        info = await client.info("cpu")
    finally:
        await client.aclose()
    return float(info["used_cpu_user"]) + float(info["used_cpu_sys"])


class CpuClock:
    """CPU seconds used by the server processes, Redis and this process, between two reads."""

    def __init__(self, pids: dict[str, int], redis_url: str) -> None:
        self.pids = pids
        self.redis_url = redis_url
        self.tick = os.sysconf("SC_CLK_TCK")

    def _process_cpu(self, pid: int) -> float:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return float("nan")
        return (int(fields[11]) + int(fields[12])) / self.tick  # utime, stime

    async def read(self) -> dict[str, float]:
        """Returns the CPU seconds used so far by each process."""
        out = {name: self._process_cpu(pid) for name, pid in self.pids.items()}
        out["redis"] = await redis_cpu(self.redis_url)
        out["client"] = time.process_time()
        return out

    @staticmethod
    def spent(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
        """Returns the CPU seconds used between two reads."""
        return {name: round(after[name] - before[name], 3) for name in before}


class Load:
    """A closed-loop run of `clients` workers: latencies and the steady window.

    The window runs from the start until the first worker runs out of work (or the deadline):
    throughput counts the requests completed in it, so the tail where fewer than `clients`
    requests are in flight does not dilute it.
    """

    def __init__(self, clients: int, seconds: float) -> None:
        self.clients = clients
        self.deadline = time.monotonic() + seconds
        self.started = time.perf_counter()
        self.latencies_ms: list[float] = []
        self.finished_at: list[float] = []
        self.first_idle: float | None = None
        self.ended = self.started

    @property
    def open(self) -> bool:
        """Tells whether the deadline has not passed."""
        return time.monotonic() < self.deadline

    def record(self, ms: float) -> None:
        """Counts one timed request that just completed."""
        self.latencies_ms.append(ms)
        self.finished_at.append(time.perf_counter())

    async def run(self, worker: Callable[[], Awaitable[int]]) -> Load:
        """Runs `clients` copies of `worker()` (which returns how many requests it timed)."""

        async def tracked() -> None:
            if await worker() and self.first_idle is None:
                self.first_idle = time.perf_counter()

        self.started = time.perf_counter()
        await asyncio.gather(*(tracked() for _ in range(self.clients)))
        self.ended = time.perf_counter()
        return self

    def figures(self) -> dict[str, Any]:
        """Returns the request count, the steady throughput and the overall one, latencies."""
        window_end = self.first_idle or self.ended
        in_window = sum(1 for t in self.finished_at if t <= window_end)
        window = window_end - self.started
        total = self.ended - self.started
        return {
            "requests": len(self.latencies_ms),
            "seconds": round(total, 3),
            "per_s": round(in_window / window, 1) if window > 0 else float("nan"),
            "per_s_overall": round(len(self.latencies_ms) / total, 1) if total else float("nan"),
            "steady_seconds": round(window, 3),
            "latency": latency(self.latencies_ms),
        }
