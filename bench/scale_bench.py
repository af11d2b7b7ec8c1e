"""Scale-out benchmark: accepted moves/s through nginx with 1, 2 and 3 service replicas on one
Redis Cluster (three masters), as ratios to 1 replica, and the per-move work behind them.

Everything runs on this machine and talks only to 127.0.0.1: a Redis Cluster started here
(`tests.redis_support`), three `boardstate serve` processes, nginx configured from
`deploy/nginx.conf` (`tests.balancer`), and `--clients` players in this process. Each player
plays Trambahn games back to back: `game { version status toAct }`, `legalMoves`, then
`submitMove` with `expectedVersion` and a `moveId`, so one move costs three requests. For each
replica count the balancer is restarted over that many replicas, warmed up, then measured
for `--seconds`: first with the round robin of `deploy/nginx.conf`, then (unless
`--no-affinity`) with game-affine routing (requests carry `?game=<id>`, nginx hashes on it). CPU
per move comes from /proc (services, nginx, this process) and from Redis's INFO (see
`bench/scale_probe.py`); the capacity estimate uses the costliest phase, round robin over 3.

The run bounds itself: fixed phase lengths and a hard limit (`--limit`, default 300 s).

Usage: .venv/bin/python -m bench.scale_bench [--clients 24] [--seconds 10] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import time
import uuid
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx

from bench.loopback_http import LoopbackHttp
from bench.scale_probe import (
    PerMove,
    children,
    cpu_seconds,
    estimate,
    report,
    sample,
    stored_bytes_per_event,
)
from boardstate.service.local.embedded_redis import free_port
from tests.api.client import SUBMIT
from tests.balancer import Nginx
from tests.redis_support import RedisClusterServers

REPO = Path(__file__).resolve().parents[1]
CREATE = """mutation { createGame(gameType: "trambahn", players: 2, seats: ["a", "b"]) {
  ... on GameCreated { tokens { token } game { id } } } }"""
STATE = "query($g: ID!) { game(id: $g) { version status toAct } }"
LEGAL = "query($g: ID!, $s: Int!) { game(id: $g) { legalMoves(seat: $s) } }"


def start_service(redis_url: str, prefix: str, wait: int) -> tuple[subprocess.Popen[bytes], int]:
    """Starts `boardstate serve` on a free port; returns the process and the port."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("BOARDSTATE_")}
    env |= {"REDIS_URL": redis_url, "BOARDSTATE_REDIS_CLUSTER": "1", "PYTHONPATH": str(REPO)}
    env |= {"BOARDSTATE_KEY_PREFIX": prefix, "BOARDSTATE_LOG_LEVEL": "WARNING"}
    env |= {"BOARDSTATE_LOG_FORMAT": "json", "BOARDSTATE_APPEND_WAIT_REPLICAS": str(wait)}
    env |= {"BOARDSTATE_RATE_LIMITS": "0"}  # a load benchmark from one address
    command = [sys.executable, "-m", "boardstate.service.cli.main", "serve", "--port", str(port)]
    process = subprocess.Popen(command, cwd=REPO, env=env, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/readyz", trust_env=False).status_code == 200:
                return process, port
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("a service replica did not start")


class Players:
    """`count` players (one keep-alive connection each) sharing a counter of accepted moves."""

    def __init__(self, port: int, count: int, affinity: bool) -> None:
        self.port, self.count, self.affinity = port, count, affinity
        self.moves = self.errors = 0
        self.stop = asyncio.Event()

    async def run(self) -> None:
        await asyncio.gather(*(self._play(random.Random(i)) for i in range(self.count)))

    async def gql(
        self, http: LoopbackHttp, query: str, token: str | None = None, **variables: Any
    ) -> Any:
        path = (
            f"/graphql?game={variables['g']}" if self.affinity and "g" in variables else "/graphql"
        )
        status, data = await http.post_json(path, {"query": query, "variables": variables}, token)
        if status != 200 or data.get("errors"):
            self.errors += 1
            return None
        return data["data"]

    async def _play(self, rnd: random.Random) -> None:
        http = LoopbackHttp(self.port)
        try:
            while not self.stop.is_set():
                created = await self.gql(http, CREATE)
                if created is None:
                    continue
                game_id = created["createGame"]["game"]["id"]
                tokens = [t["token"] for t in created["createGame"]["tokens"]]
                while not self.stop.is_set() and await self._move(http, rnd, game_id, tokens):
                    pass
        finally:
            await http.close()

    async def _move(
        self, http: LoopbackHttp, rnd: random.Random, game_id: str, tokens: list[str]
    ) -> bool:
        game = (await self.gql(http, STATE, g=game_id) or {}).get("game")
        if not game or game["status"] != "ACTIVE":
            return False
        seat, version = game["toAct"][0], game["version"]
        legal = await self.gql(http, LEGAL, tokens[seat], g=game_id, s=seat)
        if legal is None:
            return True
        move = rnd.choice(legal["game"]["legalMoves"])
        variables = {"g": game_id, "s": seat, "m": move, "v": version, "id": f"{game_id}-{version}"}
        moved = await self.gql(http, SUBMIT, tokens[seat], **variables)
        if moved and moved["submitMove"]["__typename"] == "MoveAccepted":
            self.moves += 1
        return True


async def measure(
    nginx: Nginx, services: list[int], masters: list[int], clients: int, warm: float, secs: float
) -> dict[str, Any]:
    """Runs the players through `nginx` and returns the phase's figures."""
    players = Players(nginx.port, clients, nginx.affinity)
    task = asyncio.create_task(players.run())
    await asyncio.sleep(warm)
    master = int((nginx.dir / "nginx.pid").read_text())
    balancer = [master, *children(master)]
    moves0, errors0, redis0 = players.moves, players.errors, sample(masters)
    svc0, lb0, me0, t0 = (
        cpu_seconds(services),
        cpu_seconds(balancer),
        time.process_time(),
        time.monotonic(),
    )
    await asyncio.sleep(secs)
    moves, elapsed = players.moves - moves0, time.monotonic() - t0
    svc, lb, me = (
        cpu_seconds(services) - svc0,
        cpu_seconds(balancer) - lb0,
        time.process_time() - me0,
    )
    redis_work = sample(masters) - redis0
    players.stop.set()
    await asyncio.wait_for(task, 60)
    per = max(moves, 1)
    cost = PerMove(
        service_cpu_ms=svc * 1000 / per,
        balancer_cpu_ms=lb * 1000 / per,
        client_cpu_ms=me * 1000 / per,
        redis_commands=sum(redis_work.calls.values()) / per,
        redis_cpu_us=redis_work.cpu_main * 1e6 / per,
        redis_bytes=(redis_work.net_in + redis_work.net_out) / per,
        redis_memory_bytes=redis_work.memory / per,
    )
    commands = {c: round(n / per, 2) for c, n in redis_work.calls.most_common(8)}
    return {
        "moves_per_s": moves / elapsed,
        "errors": players.errors - errors0,
        "cpu_used_cores": (svc + lb + me + redis_work.cpu_all) / elapsed,
        "per_move": cost.__dict__,
        "redis_commands_per_move": commands,
    }


def stop_services(services: list[tuple[subprocess.Popen[bytes], int]]) -> None:
    for process, _ in services:
        process.terminate()
        process.wait(timeout=30)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    with ExitStack() as stack:
        cluster = stack.enter_context(RedisClusterServers(3, args.redis_replicas))
        prefix = f"bench-{uuid.uuid4().hex[:8]}"
        services: list[tuple[subprocess.Popen[bytes], int]] = []
        stack.callback(stop_services, services)
        for _ in range(3):
            services.append(start_service(cluster.url, prefix, args.wait))
        masters = cluster.ports[: cluster.masters]
        modes: dict[str, dict[str, Any]] = {}
        for mode in ("round-robin", "game-affine")[: 1 + args.affinity]:
            phases: dict[int, dict[str, Any]] = {}
            for n in (1, 2, 3):
                upstreams = [port for _, port in services[:n]]
                with Nginx(upstreams, affinity=mode == "game-affine") as nginx:
                    pids = [p.pid for p, _ in services[:n]]
                    phases[n] = await measure(nginx, pids, masters, args.clients, 2, args.seconds)
            base = phases[1]["moves_per_s"]
            ratios = {n: round(p["moves_per_s"] / base, 2) for n, p in phases.items()}
            modes[mode] = {"phases": phases, "ratios": ratios}
        # The estimate takes the costliest case measured: round robin over three replicas; its
        # storage figure is measured on the games played (INFO's used_memory is too noisy).
        per_event = stored_bytes_per_event(masters, prefix)
        phase = modes["round-robin"]["phases"][3]
        events_per_move = phase["redis_commands_per_move"].get("xadd", 1.0)
        cost = PerMove(**phase["per_move"] | {"redis_memory_bytes": per_event * events_per_move})
        return {
            "cores": os.cpu_count(),
            "clients": args.clients,
            "stored_bytes_per_event": per_event,
            "events_per_move": events_per_move,
            "modes": modes,
            "estimate": [estimate(cost, games) for games in (1_000, 10_000, 100_000)],
        }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=24, help="concurrent players")
    parser.add_argument("--seconds", type=float, default=10.0, help="measured seconds per phase")
    parser.add_argument("--wait", type=int, default=0, help="BOARDSTATE_APPEND_WAIT_REPLICAS")
    parser.add_argument("--redis-replicas", type=int, default=0, help="replicas in the cluster")
    parser.add_argument(
        "--no-affinity", dest="affinity", action="store_false", help="skip the game-affine run"
    )
    parser.add_argument("--limit", type=int, default=300, help="hard limit of the run (s)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    result = asyncio.run(asyncio.wait_for(run(args), args.limit))
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        report(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
