"""The offline commands of the `boardstate` console script: `verify` and `replay`.

Both read a file exported by `GET /games/{id}/log` (NDJSON or msgpack; `-` reads stdin) and need
no server. `verify` exits 0 when everything that can be checked holds, 1 naming the first event
that does not, 2 when the file cannot be read; `--require-seed` also fails a log whose seed is
not known; `--seed` gives the seed of a running game (its creator's or an operator's).
`replay` prints the game at `--to VERSION` (default: the end) as JSON: the full state, or
`--seat N`'s view, or `--spectator`'s.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from boardstate.service.failures import BadLog
from boardstate.service.history.log_format import read_log
from boardstate.service.history.log_replay import ReplayError, describe, fold_to
from boardstate.service.history.verify import verify_log
from boardstate.service.history.verify_report import Report
from boardstate.service.store import StoredEvent

COMMANDS = ("verify", "replay")


def add_commands(commands: Any) -> None:
    """Adds `verify` and `replay` to the console script's subparsers."""
    verify = commands.add_parser("verify", help="verify an exported game log (no server)")
    verify.add_argument("file", help="exported log (NDJSON or msgpack; - for stdin)")
    verify.add_argument("--json", action="store_true", help="print the report as JSON")
    verify.add_argument(
        "--require-seed", action="store_true", help="fail unless the seed is revealed"
    )
    verify.add_argument(
        "--seed", default=None, help="the seed of an unfinished game, if you know it"
    )
    replay = commands.add_parser("replay", help="print a game at any version of its log")
    replay.add_argument("file", help="exported log (NDJSON or msgpack; - for stdin)")
    replay.add_argument("--to", type=int, default=None, metavar="VERSION", help="default: end")
    who = replay.add_mutually_exclusive_group()
    who.add_argument("--seat", type=int, default=None, help="print this seat's view")
    who.add_argument("--spectator", action="store_true", help="print the spectator view")


def _read(name: str) -> list[StoredEvent]:
    payload = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
    return read_log(payload)


def render(report: Report, name: str) -> str:
    """Returns the human form of a verification report."""
    lines = [
        f"{name}: {report.game_type}, rules {report.rules_version}, data {report.data_set}, "
        f"{report.players} players, {report.events} events"
    ]
    lines += [f"  checked: {item}" for item in report.checked]
    lines += [f"  NOT checked: {item}" for item in report.unchecked]
    failure = report.failure
    if failure is not None:
        lines.append(f"FAILED at event {failure.version}: {failure.message}")
    elif report.complete and report.finished:
        lines.append("OK: the log is verified completely")
    elif report.complete:
        lines.append("OK: the log is verified completely so far (the game has not ended)")
    else:
        lines.append("OK as far as it can be checked without the seed (the game has not ended)")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Runs `verify` or `replay`; returns the exit status."""
    try:
        events = _read(args.file)
    except (OSError, BadLog) as exc:
        print(f"boardstate {args.command}: {args.file}: {exc}", file=sys.stderr)
        return 2
    if args.command == "verify":
        report = verify_log(events, seed=args.seed)
        if args.json:
            print(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
        else:
            print(render(report, args.file))
        if not report.ok or (args.require_seed and not report.complete):
            return 1
        return 0
    try:
        out = describe(fold_to(events, args.to), args.seat, args.spectator)
    except ReplayError as exc:
        print(f"boardstate replay: {args.file}: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(out, indent=2, ensure_ascii=False))
    return 0
