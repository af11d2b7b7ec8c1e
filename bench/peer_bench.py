"""Boardstate against boardgame.io on the same machine, one game on both sides, in one run
(issues 15 and 41).

    .venv/bin/python -m bench.peer_bench [--repeats 3] [--seconds 15] [--warmup 3] \
        [--tables 16] [--doors rest,graphql,ws,socket] [--trambahn-doors rest,moves] [--workers 1] \
        [--peer-dir bench/peer] [--no-peer] [--no-postgres] [--json]

The same shape of load for every side: `--tables` tables at once, two clients per table, closed
loop (a client moves as soon as it learns its move is due), matches of 42 moves, a warm-up, then
a measured window. The sides run one after another, and the whole sequence is repeated
`--repeats` times (interleaved, so drift on a shared machine hits every side alike):

* **bgio-memory**: boardgame.io 0.50.2's server playing `FourInARow` with in-memory storage
  (nothing durable), driven by its own `load.js` (`peer_boardgameio.py`, `bench/peer/`);
* **bgio-postgres**: the same with `bgio-postgres` on a private PostgreSQL started for the run
  (`peer_postgres.py`): every move's state and log committed;
* **c4-DOOR-wN**: Boardstate playing Connect Four (`examples/connect-four`, the same rules;
  `peer_connect_four.py`) through each door and each `--workers` count, every move validated,
  hashed and appended durably to Redis (`peer_tables.py`);
* **trambahn-DOOR-wN**: Boardstate playing recorded Trambahn games (`--match-moves` long) through
  `--trambahn-doors`, our real game; `moves` is REST moves only (no live stream: the other
  seat learns its move is due from the mover's answer, in the load generator), the shape of
  issue 41's Trambahn target;
* **baseline**: the bare Starlette + `XADD` endpoint of `service_bench.py` under the same number
  of clients; **reference**: the bare strawberry mutation doing one `XADD` (`service_bare.py`).

Printed per side (medians over the repeats): accepted moves/s, p50/p99 latency (move sent →
its answer), server CPU per accepted move (all the server's processes) and the store's apart
(Redis's, PostgreSQL's), machine busy %, the load generator's CPU; then issue 41's targets as
ratios of this run (`peer_targets.py`).
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

from bench import peer_connect_four as c4
from bench.peer_boardgameio import DEFAULT_PEER_DIR, LoadShape, Peer
from bench.peer_machine import MachineClock
from bench.peer_postgres import private_postgres
from bench.peer_postgres import unavailable as postgres_unavailable
from bench.peer_tables import DOORS, PUSH_DOORS, Pool, run_tables
from bench.peer_targets import ratios, report, targets
from bench.service_figures import Load
from bench.service_games import (
    GAME_TYPE,
    REFERENCE_SUBMIT,
    Played,
    bare_load,
    play_games,
    submit_body,
)
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
    parser.add_argument("--match-moves", type=int, default=c4.MATCH_MOVES, help="Trambahn's")
    parser.add_argument("--doors", default=",".join(PUSH_DOORS), help="Connect Four's doors")
    parser.add_argument("--trambahn-doors", default="rest,moves")
    parser.add_argument("--workers", default="1")
    parser.add_argument("--games", type=int, default=8, help="seeded games recorded")
    parser.add_argument("--peer-dir", type=Path, default=DEFAULT_PEER_DIR)
    parser.add_argument("--no-peer", action="store_true")
    parser.add_argument("--no-postgres", action="store_true", help="the peer in memory only")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    args.doors = [d for d in args.doors.split(",") if d]
    args.trambahn_doors = [d for d in args.trambahn_doors.split(",") if d]
    args.workers = [int(w) for w in args.workers.split(",") if w]
    if unknown := set(args.doors + args.trambahn_doors) - set(DOORS):
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
    server: Server,
    door: str,
    game: tuple[str, list[Played]],
    shape: LoadShape,
    rate_guess: float,
) -> dict[str, Any]:
    """One Boardstate run of `game` (its type, its recorded games) through `door`: the pool,
    the tables, the figures."""
    target = Target("127.0.0.1", server.port)
    pool = Pool(target, game[1], shape, game[0])
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
    for key in ("moves_per_s", "p99_ms", "server_cpu_us_per_move"):
        out[f"{key}_runs"] = [r[key] for r in runs]
    if "redis_calls_by_command" in runs[-1]:
        out["redis_calls_by_command"] = runs[-1]["redis_calls_by_command"]  # the last repeat's
    return out


async def main(args: argparse.Namespace) -> dict[str, Any]:
    """Runs every side `--repeats` times, interleaved; returns the figures."""
    shape = LoadShape(args.tables, args.match_moves, args.warmup, args.seconds)
    runs: dict[str, list[dict[str, Any]]] = {}
    skipped = "--no-peer" if args.no_peer else Peer.available(args.peer_dir)
    no_postgres = "--no-postgres" if args.no_postgres else postgres_unavailable()
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
        c4.served_with(env, tmp)

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
        first = Target("127.0.0.1", servers[args.workers[0]].port)
        sources = await record(first.port, args.games, args.match_moves)
        games = {
            "c4": (c4.GAME_TYPE, await c4.record(first, args.games)),
            "trambahn": (GAME_TYPE, sources),
        }
        c4_shape = LoadShape(args.tables, c4.MATCH_MOVES, args.warmup, args.seconds)
        plan = [("c4", d) for d in args.doors] + [("trambahn", d) for d in args.trambahn_doors]
        rates: dict[str, float] = {}
        for _ in range(args.repeats):
            if peer is not None:
                runs.setdefault("bgio-memory", []).append(_peer_figures(peer.run(c4_shape)))
                if no_postgres is None:
                    with private_postgres() as pg:
                        raw = peer.run(c4_shape, pg.uri, pg.pid)
                    runs.setdefault("bgio-postgres", []).append(_peer_figures(raw))
            for workers, server in servers.items():
                for game, door in plan:
                    name = f"{game}-{door}-w{workers}"
                    guess = rates.get(name, 1500.0 * workers)
                    one = c4_shape if game == "c4" else shape
                    run = await boardstate_run(server, door, games[game], one, guess)
                    rates[name] = run["moves_per_s"]
                    runs.setdefault(name, []).append(run)
            runs.setdefault("baseline", []).append(await baseline_run(baseline, sources, shape))
            reference_run = await baseline_run(reference, sources, shape, reference=True)
            runs.setdefault("reference", []).append(reference_run)
    sides = {name: summary(r) for name, r in runs.items()}
    return {
        "config": vars(args) | {"peer_dir": str(args.peer_dir), "cpus": os.cpu_count()},
        "peer_skipped": skipped,
        "postgres_skipped": skipped or no_postgres,
        "load_average": os.getloadavg(),
        "sides": sides,
        "ratios": ratios(sides),
        "targets": targets(sides),
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
        "store_cpu_us_per_move": raw.get("store_cpu_us_per_move", 0.0),
        "store_calls_per_move": 0.0,
        "server_cpu_pct": raw["server_cpu_pct"],
        "machine_busy_pct": raw["machine_busy_pct"],
        "client_cpu_pct": raw["client_cpu_pct"],
        "accepted": raw["accepted_moves"],
    }


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
