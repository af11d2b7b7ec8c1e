"""`boardstate archive run | verify | restore GAME_ID` (docs/archive.md).

* `run` archives, once, every ended game whose end is older than `BOARDSTATE_ARCHIVE_AFTER`
  seconds (unset or 0: none), into `BOARDSTATE_ARCHIVE_STORE`, and prints what it did; it
  removes each archived game's Redis keys but its index entry and index row (the service reads
  it from the archive), unless `BOARDSTATE_ARCHIVE_REMOVE=0`.
* `verify` reads every object of the store back, checks it against its name and verifies it;
  exits 1 if any fails.
* `restore GAME_ID` puts an archived game's log back into Redis.
* `prune` deletes the archived games ended more than `BOARDSTATE_ARCHIVE_RETENTION_DAYS` days
  ago (unset or 0: none), recording each deletion (`features.archive.retention`);
  `deletions` prints those records, one JSON object a line.

`run --kill-after STEP` (tests only) kills the process with SIGKILL right after that step of
the first game waiting, as a crash there would (tests/archive/test_archive_kills.py).

They connect to `REDIS_URL` like the service (`verify` does not need it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import unquote

from boardstate.service.features.archive import packing
from boardstate.service.features.archive.archiver import LEASE_MS, STEPS, Archiver
from boardstate.service.features.archive.reader import ArchiveReader, NotArchived
from boardstate.service.features.archive.retention import Retention
from boardstate.service.features.archive.stores import object_store
from boardstate.service.settings import Settings
from boardstate.service.store import connect
from boardstate.service.store.objects import ObjectStore

COMMAND = "archive"


def add_command(commands: Any) -> None:
    archive = commands.add_parser(COMMAND, help="move finished games to the archive, check it")
    actions = archive.add_subparsers(dest="action", required=True)
    run = actions.add_parser("run", help="archive every game past BOARDSTATE_ARCHIVE_AFTER once")
    run.add_argument("--limit", type=int, default=10_000, help="at most this many games")
    run.add_argument("--kill-after", choices=STEPS, help=argparse.SUPPRESS)
    run.add_argument("--lease-ms", type=int, default=LEASE_MS, help=argparse.SUPPRESS)
    actions.add_parser("prune", help="delete games past BOARDSTATE_ARCHIVE_RETENTION_DAYS")
    actions.add_parser("deletions", help="print the record of every deleted archived game")
    actions.add_parser("verify", help="read back and verify every archived object")
    restore = actions.add_parser("restore", help="put an archived game back into Redis")
    restore.add_argument("game_id")


def game_of(name: str) -> str:
    """Returns the game id an object name holds (`packing.object_name`)."""
    return unquote(name.rsplit("/", 1)[-1].split(".", 1)[0])


async def verify_all(objects: ObjectStore) -> list[tuple[str, str | None]]:
    """Returns every object's name and why it fails (None: it verifies)."""
    results: list[tuple[str, str | None]] = []
    for name in await objects.list():
        data = await objects.get(name)
        try:
            if data is None:
                raise packing.ArchiveUnverified(f"{name}: vanished while listed")
            await asyncio.to_thread(packing.verified, game_of(name), name, data)
        except packing.ArchiveUnverified as exc:
            results.append((name, str(exc)))
        else:
            results.append((name, None))
    return results


async def _run(settings: Settings, args: argparse.Namespace) -> int:
    objects = object_store(settings)
    if args.action == "verify":
        results = await verify_all(objects)
        for name, failure in results:
            print(f"{'OK' if failure is None else 'FAILED'} {failure or name}")
        return 1 if any(failure for _, failure in results) else 0
    if settings.redis_url is None:
        print("boardstate archive: set REDIS_URL (the service's Redis)")
        return 2
    store = connect(settings.redis_url, settings.redis_cluster, prefix=settings.key_prefix)
    try:
        if args.action == "restore":
            try:
                restored = await ArchiveReader(store, objects).restore(args.game_id)
            except (NotArchived, packing.ArchiveUnverified) as exc:
                print(f"boardstate archive restore: {exc}")
                return 1
            print("restored" if restored else "already in Redis")
            return 0
        retention = Retention(store, objects, settings.archive_retention_days)
        if args.action == "prune":
            deleted = await retention.prune(datetime.now(UTC))
            print(json.dumps({"deleted": len(deleted)}))
            return 0
        if args.action == "deletions":
            for record in await retention.deletions():
                print(json.dumps(record, sort_keys=True))
            return 0
        if settings.archive_after_seconds <= 0:
            print("boardstate archive run: BOARDSTATE_ARCHIVE_AFTER is unset: nothing archived")
            return 0
        grace = timedelta(seconds=settings.archive_after_seconds)
        archiver = Archiver(store, objects, grace, settings.archive_remove, args.lease_ms)
        if args.kill_after:
            await _crash_after(archiver, args.kill_after)
        counts = await archiver.run(datetime.now(UTC), args.limit)
        print(json.dumps({outcome.value: n for outcome, n in counts.items()}, sort_keys=True))
        return 0
    finally:
        await store.close()


async def _crash_after(archiver: Archiver, step: str) -> None:
    """Runs the first waiting game up to `step`, then dies as a crash would (tests only)."""
    for game_id in await archiver.entries.pending(1, archiver.remove):
        await archiver.archive(game_id, datetime.now(UTC), until=step)
        os.kill(os.getpid(), signal.SIGKILL)


def run(settings: Settings, args: argparse.Namespace) -> int:
    """Runs `boardstate archive ACTION`; returns the exit status."""
    return asyncio.run(_run(settings, args))
