"""CPU readings for `peer_bench.py`: a server and all its descendant processes (the workers of
`boardstate serve --workers N`), Redis (the store), this process (the load generator) and the whole
machine, read as `load.js` reads them for the peer (from `/proc`)."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.service_figures import percentile, redis_calls, redis_cpu

TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def tree(root: int) -> list[int]:
    """`root` and every process below it."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) is not None:
            parents.setdefault(int(fields[1]), []).append(int(entry.name))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(parents.get(pid, ()))
    return out


def tree_cpu(root: int) -> float:
    """CPU seconds (user + system) used so far by `root` and its descendants."""
    total = 0.0
    for pid in tree(root):
        if (fields := _stat(pid)) is not None:
            total += (int(fields[11]) + int(fields[12])) / TICK
    return total


def machine() -> tuple[int, int]:
    """(busy, total) jiffies of the whole machine so far."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]
    return sum(values) - idle, sum(values)


class MachineClock:
    """Readings before and after a window, and the figures of the window."""

    def __init__(self, server_pid: int, redis_url: str) -> None:
        self.server_pid = server_pid
        self.redis_url = redis_url

    async def read(self) -> dict[str, Any]:
        """CPU seconds so far of the server tree, Redis, this process; the machine's jiffies."""
        busy, total = machine()
        return {
            "server": tree_cpu(self.server_pid),
            "redis": await redis_cpu(self.redis_url),
            "redis_calls": await redis_calls(self.redis_url),
            "client": time.process_time(),
            "busy": busy,
            "total": total,
        }

    @staticmethod
    def figures(
        before: dict[str, Any],
        after: dict[str, Any],
        seconds: float,
        accepted: int,
        latencies_ms: Sequence[float],
    ) -> dict[str, Any]:
        """The figures of one window: moves/s, latency, CPU per move, busy %."""
        calls = {k: n - before["redis_calls"].get(k, 0) for k, n in after["redis_calls"].items()}
        spent = {k: after[k] - before[k] for k in before if k != "redis_calls"}
        moves = max(1, accepted)
        return {
            "accepted": accepted,
            "seconds": round(seconds, 3),
            "moves_per_s": round(accepted / seconds, 1) if seconds else 0.0,
            "p50_ms": round(percentile(latencies_ms, 0.50), 3),
            "p99_ms": round(percentile(latencies_ms, 0.99), 3),
            "server_cpu_us_per_move": round(spent["server"] * 1e6 / moves, 1),
            "store_cpu_us_per_move": round(spent["redis"] * 1e6 / moves, 1),
            "store_calls_per_move": round(sum(calls.values()) / moves, 2),
            "redis_calls_by_command": {k: round(n / moves, 2) for k, n in calls.items() if n},
            "server_cpu_pct": round(spent["server"] * 100 / seconds, 1),
            "client_cpu_pct": round(spent["client"] * 100 / seconds, 1),
            "machine_busy_pct": round(spent["busy"] * 100 / max(1, spent["total"]), 1),
        }
