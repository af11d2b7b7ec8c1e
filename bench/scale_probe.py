"""Measurements for `bench/scale_bench.py`: Redis work (INFO) and process CPU (/proc), and the
capacity estimate derived from them.

Redis figures are summed over the cluster's masters: calls and microseconds per command
(`INFO commandstats`, without the probe's own INFO calls), network bytes (`INFO stats`), CPU
seconds of the main thread and of the whole process (`INFO cpu`), and `used_memory`.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import redis

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
PROBE_COMMANDS = frozenset({"info", "ping"})


def cpu_seconds(pids: list[int]) -> float:
    """Returns user + system CPU seconds of the processes so far (0 for vanished ones)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return total / CLOCK_TICKS


def children(pid: int) -> list[int]:
    """Returns the ids of the direct children of `pid` (nginx's workers)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == pid:
                found.append(int(entry.name))
    return found


@dataclass
class RedisSample:
    """Cumulative counters of the masters at one moment."""

    calls: Counter[str] = field(default_factory=Counter)
    usec: Counter[str] = field(default_factory=Counter)
    net_in: int = 0
    net_out: int = 0
    cpu_main: float = 0.0
    cpu_all: float = 0.0
    memory: int = 0

    def __sub__(self, other: RedisSample) -> RedisSample:
        return RedisSample(
            self.calls - other.calls,
            self.usec - other.usec,
            self.net_in - other.net_in,
            self.net_out - other.net_out,
            self.cpu_main - other.cpu_main,
            self.cpu_all - other.cpu_all,
            self.memory - other.memory,
        )


def sample(ports: list[int]) -> RedisSample:
    """Reads the counters of the masters on `ports` (127.0.0.1)."""
    out = RedisSample()
    for port in ports:
        with redis.Redis(host="127.0.0.1", port=port) as client:
            for name, stats in client.info("commandstats").items():
                command = str(name).removeprefix("cmdstat_")
                if command not in PROBE_COMMANDS:
                    out.calls[command] += int(stats["calls"])
                    out.usec[command] += int(stats["usec"])
            stats = client.info("stats")
            out.net_in += int(stats["total_net_input_bytes"])
            out.net_out += int(stats["total_net_output_bytes"])
            cpu = client.info("cpu")
            out.cpu_main += float(cpu["used_cpu_user_main_thread"])
            out.cpu_main += float(cpu["used_cpu_sys_main_thread"])
            out.cpu_all += float(cpu["used_cpu_user"]) + float(cpu["used_cpu_sys"])
            out.memory += int(client.info("memory")["used_memory"])
    return out


def stored_bytes_per_event(ports: list[int], prefix: str, games: int = 300) -> float:
    """Returns the Redis memory of up to `games` games (every key of each: log, meta, tokens,
    moves, snapshots; `MEMORY USAGE ... SAMPLES 0`) divided by their events."""
    used = events = seen = 0
    for port in ports:
        with redis.Redis(host="127.0.0.1", port=port) as client:
            for key in client.scan_iter(match=f"{prefix}:{{*}}:log", count=500):
                tag = key.decode().removesuffix(":log")
                events += int(client.xlen(key))
                for suffix in ("log", "meta", "tokens", "moves", "snapshots"):
                    used += int(client.memory_usage(f"{tag}:{suffix}", samples=0) or 0)
                seen += 1
                if seen >= games:
                    return used / max(events, 1)
    return used / max(events, 1)


@dataclass(frozen=True)
class PerMove:
    """The cost of one accepted move (with the reads a client makes for it)."""

    service_cpu_ms: float
    balancer_cpu_ms: float
    client_cpu_ms: float
    redis_commands: float
    redis_cpu_us: float
    redis_bytes: float
    redis_memory_bytes: float


PLAYERS = 2
THINK_S = 10.0
REPLICA_CORES = 0.6
"""CPU a service replica is planned to use: one event loop saturates one core; keep 40 %."""
SHARD_CORES = 0.5
"""Main-thread CPU a Redis master is planned to use (single-threaded; headroom for bursts,
replication and AOF rewrites)."""


def estimate(cost: PerMove, games: int) -> dict[str, float]:
    """Returns what `games` concurrent two-player games need, each player moving every 10 s."""
    moves = games * PLAYERS / THINK_S
    service_cores = moves * cost.service_cpu_ms / 1000
    redis_cores = moves * cost.redis_cpu_us / 1e6
    return {
        "games": games,
        "moves_per_s": moves,
        "service_cores": service_cores,
        "replicas": max(2, math.ceil(service_cores / REPLICA_CORES)),
        "redis_ops_per_s": moves * cost.redis_commands,
        "redis_cores": redis_cores,
        "shards": max(3, math.ceil(redis_cores / SHARD_CORES)),
        "redis_mbit_per_s": moves * cost.redis_bytes * 8 / 1e6,
        "log_gb_per_day": moves * cost.redis_memory_bytes * 86400 / 1e9,
    }


def report(result: dict[str, Any]) -> None:
    """Prints the figures of a `scale_bench` run."""
    print(f"cores: {result['cores']}, clients: {result['clients']}")
    print(
        f"stored: {result['stored_bytes_per_event']:.0f} B per event, "
        f"{result['events_per_move']:.2f} events per move"
    )
    for mode, figures in result["modes"].items():
        for n, phase in figures["phases"].items():
            cost = phase["per_move"]
            print(
                f"{mode}, {n} replica(s): {phase['moves_per_s']:.0f} moves/s "
                f"(x{figures['ratios'][n]}), errors {phase['errors']}, "
                f"CPU in use {phase['cpu_used_cores']:.2f} cores; per move: "
                f"service {cost['service_cpu_ms']:.2f} ms, nginx {cost['balancer_cpu_ms']:.2f} ms, "
                f"client {cost['client_cpu_ms']:.2f} ms, Redis {cost['redis_cpu_us']:.0f} us / "
                f"{cost['redis_commands']:.1f} commands / {cost['redis_bytes']:.0f} B"
            )
            print(f"    Redis commands per move: {phase['redis_commands_per_move']}")
    for row in result["estimate"]:
        print(
            f"{row['games']:>7} games: {row['moves_per_s']:.0f} moves/s, "
            f"{row['service_cores']:.2f} service cores -> {row['replicas']} replicas; "
            f"{row['redis_ops_per_s']:.0f} Redis ops/s, {row['redis_cores']:.2f} Redis cores -> "
            f"{row['shards']} shards; {row['redis_mbit_per_s']:.1f} Mbit/s; "
            f"log growth {row['log_gb_per_day']:.1f} GB/day"
        )
