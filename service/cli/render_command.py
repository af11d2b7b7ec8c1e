"""`boardstate render FILE --to N [--seat S] > board.svg`: a board picture from an exported log.

Reads a file exported by `GET /games/{id}/log` (NDJSON or msgpack; `-` reads stdin), folds it to
`--to` (default: the end) as `boardstate replay` does (`service.history.log_replay`), and prints
the picture the API would serve for that version: `--seat S`'s view, else the spectator's, with
the last move's events redacted for the same viewer (complete once the log holds `GameEnded`).
Exit status: 0, 1 when the log cannot be replayed to `--to` or `--seat` is no seat, 2 when the
file cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from boardstate.service.failures import BadLog
from boardstate.service.features.views.read_models import redacted_data
from boardstate.service.history.log_format import read_log
from boardstate.service.history.log_replay import ReplayError, fold_to
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import GAME_ENDED
from boardstate.service.pictures import Scene, last_move, render
from boardstate.service.pictures.scene import MAX_LAST_EVENTS
from boardstate.service.store import StoredEvent

COMMAND = "render"


def add_command(commands: Any) -> None:
    """Adds `render` to the console script's subparsers."""
    render_ = commands.add_parser("render", help="draw a game at any version as SVG (no server)")
    render_.add_argument("file", help="exported log (NDJSON or msgpack; - for stdin)")
    render_.add_argument("--to", type=int, default=None, metavar="VERSION", help="default: end")
    render_.add_argument("--seat", type=int, default=None, help="draw this seat's view")


def _data(record: GameRecord, event: StoredEvent, seat: int | None, complete: bool) -> Any:
    if complete:
        return dict(event.data)
    try:
        return redacted_data(record.rules, event, seat)
    except (ValueError, TypeError, KeyError, AttributeError):
        return {}  # already hidden in this export: nothing to show


def scene_of(
    record: GameRecord, events: list[StoredEvent], seat: int | None, complete: bool
) -> Scene:
    """Returns the scene of `seat`'s (or the spectator's) view of `record`, whose log is
    `events` (at least up to its version); `complete`: the log holds `GameEnded`."""
    state = record.state
    if state is None:
        state = record.rules.initial_state(record.players, record.options)
    recent = events[max(0, record.version - MAX_LAST_EVENTS) : record.version]
    wire = [
        {
            "type": e.type,
            "seat": e.seat,
            "moveId": e.move_id,
            "data": _data(record, e, seat, complete),
        }
        for e in recent
    ]
    view = record.rules.view(state, seat)
    return Scene(record.rules.info.id, record.version, view, record.seats, seat, last_move(wire))


def picture(events: list[StoredEvent], version: int | None, seat: int | None) -> str:
    """Returns the SVG of `seat`'s (or the spectator's) view at `version` of `events`."""
    record = fold_to(events, version)
    if seat is not None and not 0 <= seat < record.players:
        raise ReplayError(f"--seat must be 0..{record.players - 1}, not {seat}")
    return render(scene_of(record, events, seat, events[-1].type == GAME_ENDED))


def run(args: argparse.Namespace) -> int:
    """Runs `render`; returns the exit status."""
    try:
        payload = sys.stdin.buffer.read() if args.file == "-" else Path(args.file).read_bytes()
        events = read_log(payload)
    except (OSError, BadLog) as exc:
        print(f"boardstate render: {args.file}: {exc}", file=sys.stderr)
        return 2
    try:
        svg = picture(events, args.to, args.seat)
    except ReplayError as exc:
        print(f"boardstate render: {args.file}: {exc}", file=sys.stderr)
        return 1
    sys.stdout.write(svg + "\n")
    return 0
