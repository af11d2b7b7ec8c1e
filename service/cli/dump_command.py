"""`boardstate dump GAME_TYPE [--from DATE] [--to DATE] [-o FILE]`: every game of a type that
ended in `[from, to)`, one NDJSON line per game (issue 31, item 5; `docs/archive.md`, "Dumps for
analysts"), read from `REDIS_URL` like the service, archived games included. The same lines as
`GET /v1/dumps/{gameType}`; here no token is needed (the command reads the store itself)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any, BinaryIO

from boardstate.engine import registry
from boardstate.engine.core.errors import UnknownGameType
from boardstate.service.composition import build_service
from boardstate.service.features.dumps.dumps import BadPeriod, period
from boardstate.service.metrics import Metrics
from boardstate.service.settings import Settings
from boardstate.service.store import connect

COMMAND = "dump"


def add_command(commands: Any) -> None:
    dump = commands.add_parser(COMMAND, help="every game of a type that ended in a period (NDJSON)")
    dump.add_argument("game_type")
    dump.add_argument("--from", dest="start", help="ISO 8601 date or time (default: --to - 31d)")
    dump.add_argument("--to", dest="end", help="ISO 8601 date or time, excluded (default: now)")
    dump.add_argument("-o", "--output", help="write here instead of standard output")


async def _dump(settings: Settings, args: argparse.Namespace, out: BinaryIO) -> int:
    assert settings.redis_url is not None
    start, end = period(args.start, args.end)
    store = connect(settings.redis_url, settings.redis_cluster, prefix=settings.key_prefix)
    try:
        service = build_service(store, settings, Metrics())
        count = 0
        async for line in service.dumps.lines(args.game_type, start, end):
            out.write(line)
            count += 1
        print(f"boardstate dump: {count} games", file=sys.stderr)
        return 0
    finally:
        await store.close()


def run(settings: Settings, args: argparse.Namespace) -> int:
    """Runs `boardstate dump`; returns the exit status."""
    if settings.redis_url is None:
        print("boardstate dump: set REDIS_URL (the service's Redis)", file=sys.stderr)
        return 2
    try:
        registry.get(args.game_type)
        period(args.start, args.end)
    except (UnknownGameType, BadPeriod) as exc:
        print(f"boardstate dump: {exc}", file=sys.stderr)
        return 2
    try:
        if args.output is None:
            return asyncio.run(_dump(settings, args, sys.stdout.buffer))
        with open(args.output, "wb") as out:
            return asyncio.run(_dump(settings, args, out))
    except BadPeriod as exc:
        print(f"boardstate dump: {exc}", file=sys.stderr)
        return 2
