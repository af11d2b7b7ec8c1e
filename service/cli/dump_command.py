"""`boardstate dump GAME_TYPE [--from DATE] [--to DATE] [-o FILE]`: every game of a type that
ended in `[from, to)`, one NDJSON line per game (issue 31, item 5; `docs/dumps.md`), read from
`REDIS_URL` through the service's own composition (`service.composition.composed`), archived
games included, from the deployment's archive store whatever the working directory. The same
lines as `GET /v1/dumps/{gameType}`; here no token is needed (the command reads the store
itself).

With `-o FILE` the lines go to a temporary file beside it, renamed to FILE once the dump is
whole: a dump that fails (a store unreachable, an archived game unreadable) leaves no FILE
behind, only its one-line failure (`service.cli.cli_errors`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, BinaryIO

from boardstate.engine import registry
from boardstate.service.cli.cli_errors import CommandFailed
from boardstate.service.cli.locate import no_service
from boardstate.service.composition import composed
from boardstate.service.features.dumps.dumps import period
from boardstate.service.settings import Settings

COMMAND = "dump"


def add_command(commands: Any) -> None:
    dump = commands.add_parser(COMMAND, help="every game of a type that ended in a period (NDJSON)")
    dump.add_argument("game_type")
    dump.add_argument("--from", dest="start", help="ISO 8601 date or time (default: --to - 31d)")
    dump.add_argument("--to", dest="end", help="ISO 8601 date or time, excluded (default: now)")
    dump.add_argument("-o", "--output", help="write here instead of standard output")


async def _dump(settings: Settings, args: argparse.Namespace, out: BinaryIO) -> int:
    start, end = period(args.start, args.end)
    async with composed(settings) as service:
        if service.archive_store is not None:  # the deployment's store, or a refusal first
            await service.archive_store.place.objects()
        count = 0
        async for line in service.dumps.lines(args.game_type, start, end):
            out.write(line)
            count += 1
        out.flush()
        print(f"boardstate dump: {count} games", file=sys.stderr)
        return 0


def run(settings: Settings, args: argparse.Namespace) -> int:
    """Runs `boardstate dump`; returns the exit status."""
    if settings.redis_url is None:
        raise CommandFailed("BAD_SETTINGS", no_service(settings), 2)
    registry.get(args.game_type)
    period(args.start, args.end)
    if args.output is None:
        return asyncio.run(_dump(settings, args, sys.stdout.buffer))
    target = Path(args.output)
    try:
        handle, name = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent or ".")
    except OSError as exc:
        raise CommandFailed("BAD_ARGUMENT", f"cannot write {args.output}: {exc}", 2) from None
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(name, 0o666 & ~umask)  # as `open` would have made FILE
        with os.fdopen(handle, "wb") as out:
            status = asyncio.run(_dump(settings, args, out))
        os.replace(name, target)
        return status
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(name)
