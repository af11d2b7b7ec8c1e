"""Boardstate against boardgame.io on the same machine, in one run (issue 15).

    .venv/bin/python -m bench.peer_bench [--repeats 3] [--seconds 15] [--warmup 3] \
        [--tables 16] [--match-moves 50] [--doors rest,graphql,ws] [--workers 1,2] \
        [--peer-dir ../shared/peers/boardgameio] [--no-peer] [--json]

The same shape of load for every side: `--tables` tables at once, two clients per table, closed
loop (a client moves as soon as it learns its move is due), matches of `--match-moves` moves,
a warm-up, then a measured window. The sides run one after another, and the whole sequence is
repeated `--repeats` times (interleaved, so drift on a shared machine hits every side alike):

* **bgio**: boardgame.io 0.50.2's server with in-memory storage (nothing durable) driven by
  its own `load.js` (`peer_boardgameio.py`);
* **Boardstate** through each door and each `--workers` count (`boardstate serve --workers
  N`), every move validated and appended durably to Redis (`peer_tables.py`);
* **baseline**: the bare Starlette + `XADD` endpoint of `service_bench.py` under the same number
  of clients, for the ratio the service benchmark reports;
* **reference**: the bare strawberry mutation doing one `XADD` (`service_bare.py`), the same way:
  what a GraphQL request costs before any work of the service.

Printed per side (medians over the repeats): accepted moves/s, p50/p99 latency (move sent →
its answer), server CPU per accepted move (all the server's processes; Redis apart), machine
busy %, the load generator's CPU, and the ratios to the peer and to the baseline.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.peer_boardgameio import DEFAULT_PEER_DIR, LoadShape, Peer
from bench.peer_machine import MachineClock
from bench.peer_tables import DOORS, Pool, run_tables
from bench.service_figures import Load
from bench.service_games import REFERENCE_SUBMIT, Played, bare_load, play_games, submit_body
from bench.service_http import Target
from bench.service_servers import BARE_ARGV, SERVICE_ARGV, Server, private_redis, server_env

RECORD_SECONDS = 120.0


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--match-moves", type=int, default=50)
    parser.add_argument("--doors", default=",".join(DOORS))
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--games", type=int, default=8, help="seeded games recorded")
    parser.add_argument("--peer-dir", type=Path, default=DEFAULT_PEER_DIR)
    parser.add_argument("--no-peer", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    args.doors = [d for d in args.doors.split(",") if d]
    args.workers = [int(w) for w in args.workers.split(",") if w]
    if unknown := set(args.doors) - set(DOORS):
        parser.error(f"unknown doors {sorted(unknown)}; known: {', '.join(DOORS)}")
    return args


async def record(port: int, games: int, match_moves: int) -> list[Played]:
    """Plays seeded Trambahn games through the service (untimed); keeps the long enough."""
    played, _ = await play_games(Target("127.0.0.1", port), Load(8, RECORD_SECONDS), games)
    usable = [g for g in played if len(g.moves) >= match_moves]
    if not usable:
        raise SystemExit(f"no recorded game reached {match_moves} moves")
    return usable


async def boardstate_run(
    server: Server, door: str, sources: list[Played], shape: LoadShape, rate_guess: float
) -> dict[str, Any]:
    """One Boardstate run through `door`: the pool, the tables, the figures."""
    target = Target("127.0.0.1", server.port)
    pool = Pool(target, sources, shape)
    span = shape.warmup_s + shape.seconds
    await pool.fill(int(rate_guess * span / shape.match_moves) + 2 * shape.tables)
    clock = MachineClock(server.pid, server.env["REDIS_URL"])
    readings: list[dict[str, float]] = []

    async def on_window(_opening: bool) -> None:
        readings.append(await clock.read())

    window, length = await run_tables(server.port, door, pool, shape, on_window)
    return clock.figures(readings[0], readings[1], length, window.accepted, window.latencies_ms) | {
        "created_during_run": pool.created_during_run,
        "pool_left": len(pool.ready),
    }


async def baseline_run(
    server: Server, sources: list[Played], shape: LoadShape, reference: bool = False
) -> dict[str, Any]:
    """The bare Starlette + XADD endpoint (or, `reference`, the bare strawberry mutation doing
    one XADD) under as many clients as the tables have."""
    bodies = [submit_body("peer", s, m, v) for g in sources for s, m, v in g.moves]
    path = "/xadd"
    if reference:
        bodies = [{"query": REFERENCE_SUBMIT, "variables": b["variables"]} for b in bodies]
        path = "/graphql"
    clock = MachineClock(server.pid, server.env["REDIS_URL"])
    load = Load(2 * shape.tables, shape.seconds)
    many = (bodies * (1 + 400_000 // max(1, len(bodies))))[:400_000]
    before = await clock.read()
    started = time.perf_counter()
    await bare_load(Target("127.0.0.1", server.port), path, load, many)
    after = await clock.read()
    return clock.figures(
        before, after, time.perf_counter() - started, len(load.latencies_ms), load.latencies_ms
    )


def summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Medians of every figure over the repeats of one side."""
    keys = [k for k, v in runs[0].items() if isinstance(v, int | float)]
    out = {k: round(statistics.median(r[k] for r in runs), 3) for k in keys}
    out["moves_per_s_runs"] = [r["moves_per_s"] for r in runs]
    if "redis_calls_by_command" in runs[-1]:
        out["redis_calls_by_command"] = runs[-1]["redis_calls_by_command"]  # the last repeat's
    return out


async def main(args: argparse.Namespace) -> dict[str, Any]:
    """Runs every side `--repeats` times, interleaved; returns the figures."""
    shape = LoadShape(args.tables, args.match_moves, args.warmup, args.seconds)
    runs: dict[str, list[dict[str, Any]]] = {}
    skipped = "--no-peer" if args.no_peer else Peer.available(args.peer_dir)
    with contextlib.ExitStack() as stack:
        peer: Peer | None = None
        if skipped is None:
            peer = Peer(args.peer_dir)
            stack.callback(peer.close)
            peer.install()
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bs-peer-bench-")))
        redis_url = stack.enter_context(private_redis(tmp))
        env = server_env(redis_url)
        env.update(BOARDSTATE_MAX_STREAMS="10000", BOARDSTATE_MAX_STREAMS_PER_ADDRESS="10000")

        def start(name: str, argv: Callable[[int], list[str]]) -> Server:
            server = Server(name, argv, env, tmp)
            stack.callback(server.stop)
            return server.start()

        servers = {
            workers: start(f"service-w{workers}", _service_argv(workers))
            for workers in args.workers
        }
        baseline = start("baseline", lambda p: [*BARE_ARGV, "baseline", str(p)])
        reference = start("reference", lambda p: [*BARE_ARGV, "reference", str(p)])
        sources = await record(servers[args.workers[0]].port, args.games, args.match_moves)
        rates: dict[str, float] = {}
        for _ in range(args.repeats):
            if peer is not None:
                runs.setdefault("bgio-memory", []).append(_peer_figures(peer.run(shape)))
            for workers, server in servers.items():
                for door in args.doors:
                    name = f"boardstate-{door}-w{workers}"
                    guess = rates.get(name, 1500.0 * workers)
                    run = await boardstate_run(server, door, sources, shape, guess)
                    rates[name] = run["moves_per_s"]
                    runs.setdefault(name, []).append(run)
            runs.setdefault("baseline", []).append(await baseline_run(baseline, sources, shape))
            reference_run = await baseline_run(reference, sources, shape, reference=True)
            runs.setdefault("reference", []).append(reference_run)
    sides = {name: summary(r) for name, r in runs.items()}
    return {
        "config": vars(args) | {"peer_dir": str(args.peer_dir), "cpus": os.cpu_count()},
        "peer_skipped": skipped,
        "sides": sides,
        "ratios": ratios(sides),
    }


def _service_argv(workers: int) -> Callable[[int], list[str]]:
    extra = ["--workers", str(workers)] if workers > 1 else []
    return lambda port: [*SERVICE_ARGV, "--port", str(port), *extra]


def _peer_figures(raw: dict[str, Any]) -> dict[str, Any]:
    lat = raw["latency_ms"]
    return {
        "moves_per_s": raw["moves_per_s"],
        "p50_ms": lat["p50"],
        "p99_ms": lat["p99"],
        "server_cpu_us_per_move": raw["server_cpu_us_per_move"],
        "redis_cpu_us_per_move": 0.0,
        "redis_calls_per_move": 0.0,
        "server_cpu_pct": raw["server_cpu_pct"],
        "machine_busy_pct": raw["machine_busy_pct"],
        "client_cpu_pct": raw["client_cpu_pct"],
        "accepted": raw["accepted_moves"],
    }


def ratios(sides: dict[str, dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Per Boardstate side: throughput and CPU per move against the peer and the baseline."""
    out: dict[str, dict[str, float]] = {}
    peer, base = sides.get("bgio-memory"), sides.get("baseline")
    for name, side in sides.items():
        if name in ("baseline", "reference") and peer:  # what bare servers cost beside the peer
            out[name] = {
                "peer_cpu_over_ours": _r(
                    peer["server_cpu_us_per_move"], side["server_cpu_us_per_move"]
                )
            }
        if not name.startswith("boardstate-"):
            continue
        row: dict[str, float] = {}
        if peer:
            row["moves_per_s_over_peer"] = _r(side["moves_per_s"], peer["moves_per_s"])
            row["peer_cpu_over_ours"] = _r(
                peer["server_cpu_us_per_move"], side["server_cpu_us_per_move"]
            )
        if base:
            row["over_baseline_throughput"] = _r(side["moves_per_s"], base["moves_per_s"])
            row["baseline_cpu_over_ours"] = _r(
                base["server_cpu_us_per_move"], side["server_cpu_us_per_move"]
            )
        out[name] = row
    return out


def _r(a: float, b: float) -> float:
    return round(a / b, 3) if b else float("nan")


def report(figures: dict[str, Any]) -> str:
    """A readable table of the figures."""
    head = f"{'side':<24}{'moves/s':>9}{'p50 ms':>8}{'p99 ms':>8}{'µs CPU/move':>12}"
    head += f"{'Redis µs':>9}{'cmds':>6}{'busy %':>8}{'client %':>9}"
    lines = [head]
    for name, s in figures["sides"].items():
        lines.append(
            f"{name:<24}{s['moves_per_s']:>9.0f}{s['p50_ms']:>8.2f}{s['p99_ms']:>8.2f}"
            f"{s['server_cpu_us_per_move']:>12.0f}{s['redis_cpu_us_per_move']:>9.0f}"
            f"{s.get('redis_calls_per_move', 0.0):>6.1f}"
            f"{s['machine_busy_pct']:>8.1f}{s['client_cpu_pct']:>9.1f}"
        )
    lines.append("")
    for name, row in figures["ratios"].items():
        lines.append(f"{name:<24}" + "  ".join(f"{k} {v}" for k, v in row.items()))
    if figures["peer_skipped"]:
        lines.append(f"peer skipped: {figures['peer_skipped']}")
    return "\n".join(lines)


def cli(argv: list[str] | None = None) -> None:
    """Entry point."""
    args = parse(argv)
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    figures = asyncio.run(main(args))
    print(json.dumps(figures, indent=1) if args.json else report(figures))
    sys.stdout.flush()


if __name__ == "__main__":
    cli()
