"""Where a move's server CPU goes, by layer, under `peer_bench.py`'s load (issue 41 item 5).

    .venv/bin/python -m bench.peer_profile [--door rest] [--game c4] [--seconds 8] [--tables 16]

Starts the service (one process) under cProfile, switched on only for the measured window
(`SIGUSR1` opens it, `SIGUSR2` closes it and writes the profile: the recording and the pool of
games before it are not in it), plays the tables of `peer_tables.py` through one door, then
prints the own time (`tottime`) of every function summed by the layer its code belongs to, and
the cumulative time of the move's main steps, both as shares of the profile's total. The timer
is the process's CPU time (on a shared machine, wall time would count the process's preemption
against whatever call it was in). cProfile slows Python down (every call is timed), so read the
shares, not the times.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import runpy
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench import peer_connect_four as c4
from bench.peer_bench import record
from bench.peer_boardgameio import LoadShape
from bench.peer_tables import DOORS, Pool, run_tables
from bench.service_games import GAME_TYPE
from bench.service_http import Target
from bench.service_servers import SERVICE_ARGV, Server, private_redis, server_env

REPO = str(Path(__file__).resolve().parents[1]) + "/"
LAYERS = (
    (
        "the game's rules (Connect Four, Trambahn)",
        # the package from the repository, or installed for the served process alone
        ("examples/connect-four/", "/connect_four/", "engine/trambahn/"),
    ),
    ("engine: core (emitter, wire codecs, rng)", ("engine/",)),
    ("schema", ("schema/",)),
    ("service: the log (decide, events, stateHash, record)", ("service/log/",)),
    ("service: store (Redis calls, scripts, batching)", ("service/store/",)),
    ("service: live streams (hub, headers, redaction, framing)", ("service/features/live/",)),
    ("service: moves (referee, loader, seats)", ("service/features/moves/",)),
    ("service: relay and other features", ("service/features/",)),
    ("service: HTTP edge, REST, GraphQL, socket, SSE doors", ("service/http/",)),
    ("service: the rest", ("service/",)),
    ("redis-py + hiredis", ("site-packages/redis/", "hiredis")),
    ("strawberry + graphql-core", ("strawberry/", "graphql/")),
    ("starlette + uvicorn + httptools", ("starlette/", "uvicorn/", "httptools")),
    ("msgspec / json / hmac / hashlib", ("msgspec", "json/", "hmac", "hashlib")),
    ("asyncio / uvloop (event loop, tasks)", ("asyncio/", "uvloop")),
)
STEPS = ("submit_move", "decide", "append", "state_hash", "redact", "encode", "_pump", "relay")


def serve_profiled(out: str, argv: list[str]) -> None:
    """Runs `boardstate serve` in this process with the profiler switched by signals."""
    profile = cProfile.Profile(time.process_time)  # CPU time: preemption is not the code's

    def stop(*_: Any) -> None:
        profile.disable()
        profile.dump_stats(out)

    signal.signal(signal.SIGUSR1, lambda *_: profile.enable())
    signal.signal(signal.SIGUSR2, stop)
    sys.argv = ["boardstate", *argv]
    runpy.run_module("boardstate.service.cli.main", run_name="__main__")


def layer(filename: str) -> str:
    """The layer of a function's source file (`~` is a built-in's)."""
    own = filename.startswith(REPO) and "/site-packages/" not in filename
    rel = filename.removeprefix(REPO).removeprefix("boardstate/")
    for name, marks in LAYERS:
        if any(rel.startswith(mark) if own else mark in rel for mark in marks):
            return name
    return "built-ins and the rest" if filename == "~" else f"other ({Path(filename).name})"


def by_layer(path: Path) -> tuple[dict[str, float], dict[str, float], float]:
    """Own time per layer, cumulative time per step, and the total, from a profile."""
    stats: dict[Any, Any] = getattr(pstats.Stats(str(path)), "stats")  # noqa: B009 (untyped)
    layers: dict[str, float] = {}
    steps: dict[str, float] = {}
    total = 0.0
    for (filename, _line, function), (_cc, _nc, tottime, cumtime, _callers) in stats.items():
        key = layer(filename) if filename != "~" else _builtin_layer(function)
        layers[key] = layers.get(key, 0.0) + tottime
        total += tottime
        for step in STEPS:
            if step in function and filename.startswith(REPO) and "-packages/" not in filename:
                steps[f"{step} ({Path(filename).name})"] = max(
                    steps.get(f"{step} ({Path(filename).name})", 0.0), cumtime
                )
    return layers, steps, total


def _builtin_layer(function: str) -> str:
    if "socket" in function or "send" in function or "recv" in function:
        return "system calls (socket send/recv)"
    if "select" in function or "epoll" in function or "run_once" in function:
        return "asyncio / uvloop (event loop, tasks)"
    return "built-ins and the rest"


async def profile(args: argparse.Namespace, tmp: Path, out: Path) -> None:
    """Records the games, plays the window under the profiler."""
    with private_redis(tmp) as redis_url:
        env = server_env(redis_url)
        env.update(BOARDSTATE_MAX_STREAMS="10000", BOARDSTATE_MAX_STREAMS_PER_ADDRESS="10000")
        c4.served_with(env, tmp)
        wrapper = [sys.executable, "-m", "bench.peer_profile", "--serve", str(out), "--"]
        serve = SERVICE_ARGV[SERVICE_ARGV.index("serve") :]
        server = Server("profiled", lambda p: [*wrapper, *serve, "--port", str(p)], env, tmp)
        server.start()
        try:
            target = Target("127.0.0.1", server.port)
            shape = LoadShape(args.tables, c4.MATCH_MOVES, args.warmup, args.seconds)
            if args.game == "c4":
                pool = Pool(target, await c4.record(target, 4), shape, c4.GAME_TYPE)
            else:
                pool = Pool(target, await record(server.port, 8, shape.match_moves), shape)
                pool.game_type = GAME_TYPE
            await pool.fill(int(600 * (args.warmup + args.seconds) / shape.match_moves) + 64)

            async def on_window(opening: bool) -> None:
                os.kill(server.pid, signal.SIGUSR1 if opening else signal.SIGUSR2)

            window, _ = await run_tables(server.port, args.door, pool, shape, on_window)
            await asyncio.sleep(1.0)
            print(f"{window.accepted} moves in the window ({args.game}, {args.door})")
        finally:
            server.stop()


def main(argv: list[str] | None = None) -> None:
    """Entry point."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--door", choices=DOORS, default="rest")
    parser.add_argument("--game", choices=("c4", "trambahn"), default="c4")
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--warmup", type=float, default=2.0)
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--keep", type=Path, help="write the profile here (kept)")
    parser.add_argument("--read", type=Path, help="only print the layers of this profile")
    args = parser.parse_args(argv)
    if args.read:
        print_layers(*by_layer(args.read))
        return
    with tempfile.TemporaryDirectory(prefix="bs-peer-profile-") as name:
        tmp = Path(name)
        out = args.keep or tmp / "window.prof"
        asyncio.run(profile(args, tmp, out))
        print_layers(*by_layer(out))


def print_layers(layers: dict[str, float], steps: dict[str, float], total: float) -> None:
    """The layers' shares of the own time, then the steps' cumulative shares."""
    for key, seconds in sorted(layers.items(), key=lambda kv: -kv[1])[:20]:
        print(f"{100 * seconds / total:6.1f}%  {key}")
    print("cumulative, of the whole window:")
    for key, seconds in sorted(steps.items(), key=lambda kv: -kv[1])[:12]:
        print(f"{100 * seconds / total:6.1f}%  {key}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--serve"]:
        serve_profiled(sys.argv[2], sys.argv[4:])
    else:
        main()
