"""Spectators at scale on both sides in one run (issue 41, item 2): CPU per event of one game
followed by 0, 1, 10, 100 and 1,000 spectators, as a ratio of one spectator's.

* **bgio** (the peer): boardgame.io 0.50.2's server in memory (`bench/peer/server.js`), one
  `FourInARow` match, two player sockets and N spectator sockets (socket.io clients synced onto
  the match without a playerID, which boardgame.io sends every update); `bench/peer/spectate.js`
  plays it in a closed loop, each move waiting until every socket has its update, and reads the
  server process's CPU over `--seconds` (sockets' bytes included: the server's whole process);
* **sse**, **socket** (ours, unless `--no-ours`): `bench/spectators.py` in this process, one
  Trambahn game, N streams through each door's writer (bytes made, not sent), CPU of the moves
  and every stream.

The two sides differ in what they count (the peer's figure includes its sockets' writes; ours
leaves them aside and includes the moves' durable append), so each side is read as its own
ratio to one spectator; the CPU figures are printed beside each other, not divided.

    .venv/bin/python -m bench.peer_spectators [--counts 0,1,10,100,1000] [--seconds 5] \
        [--moves 30] [--rounds 1] [--no-ours] [--peer-dir bench/peer] [--json out.json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
from pathlib import Path
from typing import Any

from bench.peer_boardgameio import DEFAULT_PEER_DIR, Peer

OUR_DOORS = ["sse", "socket"]


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--counts", default="0,1,10,100,1000")
    parser.add_argument("--seconds", type=float, default=5.0, help="the peer's window per count")
    parser.add_argument("--warmup-moves", type=int, default=10)
    parser.add_argument("--moves", type=int, default=30, help="ours: moves per count")
    parser.add_argument("--rounds", type=int, default=1, help="ours: rounds (median)")
    parser.add_argument("--no-ours", action="store_true")
    parser.add_argument("--peer-dir", type=Path, default=DEFAULT_PEER_DIR)
    parser.add_argument("--json", dest="json_out")
    args = parser.parse_args(argv)
    args.counts = [int(c) for c in args.counts.split(",") if c]
    return args


def peer_rows(args: argparse.Namespace) -> dict[str, Any]:
    """The peer's figures (installs it in a private copy first)."""
    if (why := Peer.available(args.peer_dir)) is not None:
        raise SystemExit(f"the peer cannot run: {why}")
    peer = Peer(args.peer_dir)
    try:
        peer.install()
        return peer.spectators(args.counts, args.seconds, args.warmup_moves)
    finally:
        peer.close()


def our_rows(args: argparse.Namespace) -> dict[str, Any]:
    """Ours: `bench/spectators.py` on the SSE and socket doors, sharing on."""
    import uvloop

    from bench import spectators
    from boardstate.service.logging import configure_logging

    configure_logging("WARNING", "json")
    uvloop.install()
    run = spectators.run(args.moves, args.counts, OUR_DOORS, False, max(args.rounds, 1))
    return asyncio.run(run)


def table(figures: dict[str, Any]) -> str:
    """Per count: each side's CPU per event (µs) and its ratio to one spectator."""
    sides: dict[str, dict[int, dict[str, Any]]] = {
        "bgio": {r["streams"]: r for r in figures["peer"]["rows"]}
    }
    for door in OUR_DOORS:
        if f"shared:{door}" in figures.get("ours", {}):
            sides[door] = {r["streams"]: r for r in figures["ours"][f"shared:{door}"]}
    head = f"{'spectators':>10}" + "".join(f"{s + ' µs':>12}{s + ' ×':>10}" for s in sides)
    lines = [head]
    for n in figures["counts"]:
        cells = "".join(f"{s[n]['cpu_us']:>12.1f}{s[n]['ratio']:>10.2f}" for s in sides.values())
        lines.append(f"{n:>10}{cells}")
    lines.append(f"load average before {figures['load_before']} after {figures['load_after']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Runs the peer, then ours; prints the table; returns the figures."""
    args = parse(argv)
    figures: dict[str, Any] = {"counts": args.counts, "load_before": os.getloadavg()}
    figures["peer"] = peer_rows(args)
    if not args.no_ours:
        figures["ours"] = our_rows(args)
    figures["load_after"] = os.getloadavg()
    figures["cpus"] = os.cpu_count()
    print(table(figures))
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(figures, indent=1), encoding="utf-8")
    return figures


if __name__ == "__main__":
    main()
