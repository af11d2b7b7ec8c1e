"""Idle benchmark (issue 32, "idle is quiet"): Redis commands an idle replica sends, and how
late the steward fires deadlines.

1. Starts a redis-server (`tests.redis_support`) and one `boardstate serve` replica on it (with
   `--python`, another interpreter's checkout: the figures before a change), waits for
   `/readyz` and a warm-up, then lets it idle for `--seconds` and counts the commands Redis ran
   (`INFO commandstats` deltas, without this script's own `INFO`): commands/s and per command.
2. In this process, a steward (`service.features.tables.steward.Steward`, its store from `connect`)
   with `--timers` deadlines written as a replica's requests write them (the store's schedule,
   then the steward told of it): lateness = when the steward claimed the game minus when it
   was due, p50/p99/max in ms. The games do not exist, so nothing is appended.

Usage: .venv/bin/python -m bench.idle_bench [--seconds 60] [--timers 200] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
import uuid
from typing import Any, cast

import redis

from boardstate.service.features.moves.loader import GameLoader
from boardstate.service.features.tables.steward import Steward
from boardstate.service.log.game_record import GameRecord
from boardstate.service.store import connect
from tests.redis_support import RedisServer


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def commandstats(client: redis.Redis) -> dict[str, int]:
    info: dict[str, Any] = client.info("commandstats")
    return {k.removeprefix("cmdstat_"): int(v["calls"]) for k, v in info.items()}


def wait_ready(url: str, limit_s: float = 60.0) -> None:
    end = time.monotonic() + limit_s
    while time.monotonic() < end:
        try:
            with urllib.request.urlopen(f"{url}/readyz", timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError("the replica did not become ready")


def idle_commands(server: RedisServer, python: str, seconds: float) -> dict[str, Any]:
    port = free_port()
    env = {**os.environ, "REDIS_URL": server.url, "BOARDSTATE_LOG_LEVEL": "warning"}
    argv = [python, "-m", "boardstate.service.cli.main", "serve", "--port", str(port)]
    replica = subprocess.Popen(argv, env=env)
    client = server.client()
    try:
        wait_ready(f"http://127.0.0.1:{port}")
        time.sleep(5.0)  # the start-up sweeps
        before = commandstats(client)
        time.sleep(seconds)
        after = commandstats(client)
    finally:
        replica.send_signal(signal.SIGTERM)
        replica.wait(30)
        client.close()
    deltas = {k: n - before.get(k, 0) for k, n in after.items() if k != "info"}
    deltas = {k: n for k, n in sorted(deltas.items()) if n}
    total = sum(deltas.values())
    return {"seconds": seconds, "commands": total, "per_s": total / seconds, "by_command": deltas}


class TimedSteward(Steward):
    """A steward that records when it claimed each game (and acts on nothing)."""

    fired: dict[str, float]

    async def sweep(self, page: int = 100) -> int:
        return 0

    async def settle(self, game_id: str, head: GameRecord | None = None) -> None:
        self.fired.setdefault(game_id, time.time() * 1000)
        await self.loader.store.schedule(game_id, 2, None)


async def lateness(url: str, timers: int) -> dict[str, Any]:
    store = connect(url, cluster=False, prefix=f"bench-{uuid.uuid4().hex[:8]}")

    class Loader:
        def __init__(self) -> None:
            self.store = store

    steward = TimedSteward(cast(GameLoader, Loader()), 250)
    steward.fired = {}
    task = asyncio.create_task(steward.run())
    await asyncio.sleep(1.0)
    due: dict[str, int] = {}
    for i in range(timers):
        game_id = f"g{i}"
        due[game_id] = int(time.time() * 1000 + random.uniform(200, 2200))
        await store.schedule(game_id, 1, due[game_id])
        expect = getattr(steward, "expect", None)
        if expect is not None:
            expect(due[game_id])
        await asyncio.sleep(0.005)
    async with asyncio.timeout(timers * 0.02 + 30):
        while len(steward.fired) < timers:  # noqa: ASYNC110 (a bench: polls its result)
            await asyncio.sleep(0.05)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    await store.close()
    late = sorted(steward.fired[g] - due[g] for g in due)
    cuts = statistics.quantiles(late, n=100)
    return {"timers": timers, "p50_ms": cuts[49], "p99_ms": cuts[98], "max_ms": late[-1]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--timers", type=int, default=200)
    parser.add_argument("--python", default=sys.executable, help="the replica's interpreter")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with RedisServer() as server:
        idle = idle_commands(server, args.python, args.seconds)
        late = asyncio.run(lateness(server.url, args.timers))
    if args.json:
        print(json.dumps({"idle": idle, "deadlines": late}, indent=2))
        return
    print(f"idle replica: {idle['commands']} commands in {args.seconds:g} s", end="")
    print(f" = {idle['per_s']:.2f}/s  {idle['by_command']}")
    print(f"deadline lateness over {late['timers']} timers: p50 {late['p50_ms']:.1f} ms,", end="")
    print(f" p99 {late['p99_ms']:.1f} ms, max {late['max_ms']:.1f} ms")


if __name__ == "__main__":
    main()
