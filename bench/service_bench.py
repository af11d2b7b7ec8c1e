"""Service benchmark: Trambahn games played over HTTP against the real service, and baselines.

One run starts a private, non-persistent Redis (`EmbeddedRedis` in a temporary directory) and
three servers as subprocesses, each one uvicorn worker started with the same `uvicorn.run`
settings as `boardstate serve`:

* the service: `python -m service.cli.main serve` (what `make run` starts) with `REDIS_URL` pointing
  at that Redis and logging at WARNING;
* the baseline: a bare Starlette `POST /xadd` endpoint (`service_bare.py`) that parses the
  JSON body and does one `XADD`;
* the reference: a bare strawberry mutation (`service_bare.py`) doing one `XADD`, with the
  parser and validation caches: the issue's yardstick (about 0.37 of the baseline on 2 cores).

Clients keep one HTTP/1.1 keep-alive connection each, loopback only. `--client raw` (default)
is the minimal asyncio HTTP/1.1 client of `loopback_http.py`, on uvloop; `--client httpx` uses
`httpx.AsyncClient`,
which costs about as much CPU per request as the baseline server itself, so on a small
machine it caps the baseline and flatters the ratio (see bench/README.md).

Phases, in order:

1. play: `--clients` concurrent clients create `--games` games (`createGame(seats:)`, seeded)
   and play each to the end: `legalMoves` for the seat to act, a seeded-random legal move,
   `submitMove` with `expectedVersion` (the seat to act next comes back in its result). Reports
   the full loop and the submitMove round trips within it.
2. replay (the headline), once per door of `--doors` (default `graphql,rest`, in that order):
   the same games are created again with the same seeds (fresh ids; the server's randomness
   derives from the seed and the version, so the recorded moves are legal again) and the
   clients submit the recorded moves back to back, through GraphQL `submitMove` or REST
   `POST /v1/games/{id}/moves` (same games, moves, clients and connections for both). Only the
   move round trips are timed and counted: accepted moves/s, p50/p99, server CPU per move.
3. baseline and reference: the same number of requests from the same number of clients with
   the same request bodies, once right before and once right after the replays (the machine
   may be loaded by others); ratios are each door's moves/s over the mean of the two, and
   REST over GraphQL.
4. history probes, one client, nothing else running: for each of the longest games, the first
   10% of its moves against the last 10%, interleaved (one copy of the game is first advanced
   untimed to its last 10%, then moves of a fresh copy and of the advanced one alternate, so
   both see the same background load); and `state(version: k)` of the longest finished game
   for k = 5, the middle, the last-but-one and the last version (25 interleaved rounds).

Throughput counts the requests completed while every client was busy (until the first one ran
out of work), so the tail of a phase, with fewer requests in flight, does not dilute it.
Server CPU seconds per request (from /proc) are reported beside throughput: they depend much
less than req/s on what else runs on the machine. Under load a request's latency is mostly
queueing behind the other clients' requests; the JSON keeps the loaded early/late split
(`early_late_longest_under_load`) but it is confounded by the number of requests in flight.

The parts: `service_servers.py` (processes), `service_bare.py` (baseline and reference),
`service_http.py` (clients), `service_figures.py` (percentiles, CPU clocks, `Load`),
`service_games.py` (play and replay), `service_probes.py` (history probes), `service_run.py`
(the phases) and `service_report.py` (the text report).

Usage: .venv/bin/python -m bench.service_bench [--games 32] [--clients 16] [--seconds 20]
       [--client raw|httpx] [--doors graphql,rest] [--json]
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from types import FrameType

import uvloop

from bench.service_bare import serve_bare
from bench.service_games import REPLAY_ROUTES
from bench.service_http import BenchError
from bench.service_report import report
from bench.service_run import run
from bench.service_servers import started_servers


def _doors(text: str) -> list[str]:
    doors = [d.strip() for d in text.split(",") if d.strip()]
    unknown = [d for d in doors if d not in REPLAY_ROUTES]
    if not doors or unknown or len(set(doors)) != len(doors):
        raise argparse.ArgumentTypeError(
            f"expected distinct doors among {', '.join(REPLAY_ROUTES)}, got {text!r}"
        )
    return doors


def _stop_on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the benchmark and prints the figures."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=32, help="games to play (default 32)")
    parser.add_argument("--clients", type=int, default=16, help="concurrent clients (16)")
    parser.add_argument(
        "--seconds", type=float, default=20.0, help="time cap of each loaded phase (20)"
    )
    parser.add_argument(
        "--client", choices=("raw", "httpx"), default="raw", help="HTTP client (raw)"
    )
    parser.add_argument(
        "--doors",
        type=_doors,
        default=list(REPLAY_ROUTES),
        help="comma-separated doors the replay goes through, in order: graphql (submitMove), "
        "rest (POST /v1/games/{id}/moves) (default graphql,rest)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--serve", nargs=2, metavar=("KIND", "PORT"), help=argparse.SUPPRESS
    )  # internal: runs a bare server
    args = parser.parse_args(argv)
    if args.serve:
        kind, port = args.serve
        if kind not in ("baseline", "reference"):
            parser.error(f"--serve {kind}: expected baseline or reference")
        serve_bare(kind, int(port))
        return 0
    if args.clients < 1 or args.seconds <= 0:
        parser.error("--clients and --seconds must be positive")
    if args.games < args.clients:
        parser.error("--games must be at least --clients (every client plays its own games)")
    signal.signal(signal.SIGTERM, _stop_on_sigterm)
    with (
        tempfile.TemporaryDirectory(prefix="bs-bench-") as tmp,
        started_servers(Path(tmp)) as servers,
    ):
        try:
            out = uvloop.run(run(servers, args))
        except KeyboardInterrupt:
            print("service_bench: interrupted", file=sys.stderr)
            return 130
        except BenchError as exc:
            print(f"service_bench: {exc}", file=sys.stderr)
            print(servers.service.log_tail(), file=sys.stderr)
            return 1
    print(json.dumps(out, indent=2) if args.json else report(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
