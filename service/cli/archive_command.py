"""`boardstate archive run | verify | restore GAME_ID | prune | deletions | store`
(docs/archive.md).

Every action works on the deployment's archive store, found as the service finds it
(`service.composition.composed`, `features.archive.place`): from any working directory, the
store recorded in Redis, and none other.

* `run` archives, once, every ended game whose end is older than `BOARDSTATE_ARCHIVE_AFTER`
  seconds (unset or 0: none) and prints what it did; it removes each archived game's Redis keys
  but its index entry and index row (the service reads it from the archive), unless
  `BOARDSTATE_ARCHIVE_REMOVE=0`.
* `verify` reads every object of the store back, checks it against its name and verifies it;
  exits 1 if any fails. Without `REDIS_URL` it verifies the store the settings name.
* `restore GAME_ID` puts an archived game's log back into Redis.
* `prune` deletes the archived games ended more than `BOARDSTATE_ARCHIVE_RETENTION_DAYS` days
  ago (unset or 0: none), recording each deletion (`features.archive.retention`);
  `deletions` prints those records, one JSON object a line.
* `store` prints the recorded store and this process's; `store --record` records this
  process's (set) store as the deployment's, after the archive was moved there.

`run --kill-after STEP` (tests only) kills the process with SIGKILL right after that step of
the first game waiting, as a crash there would (tests/archive/test_archive_kills.py).
Failures are one line and an exit status (`service.cli.cli_errors`).
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

from boardstate.service.cli.cli_errors import CommandFailed
from boardstate.service.cli.locate import no_service
from boardstate.service.composition import composed
from boardstate.service.features.archive import packing
from boardstate.service.features.archive.archiver import LEASE_MS, STEPS, Archiver
from boardstate.service.features.archive.place import is_game_object
from boardstate.service.features.archive.placed_objects import PlacedObjects
from boardstate.service.features.archive.reader import ArchiveReader
from boardstate.service.features.archive.retention import Retention
from boardstate.service.features.archive.stores import object_store
from boardstate.service.settings import Settings
from boardstate.service.store import RedisEventStore
from boardstate.service.store.archive.object_reads import ObjectTooLarge
from boardstate.service.store.archive.objects import ObjectStore

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
    store = actions.add_parser("store", help="where the deployment's archive is")
    store.add_argument("--record", action="store_true", help="record this process's store")
    store.add_argument("--force", action="store_true", help="record it without the mark")


def game_of(name: str) -> str:
    """Returns the game id an object name holds (`packing.object_name`)."""
    return unquote(name.rsplit("/", 1)[-1].split(".", 1)[0])


async def verify_all(objects: ObjectStore) -> list[tuple[str, str | None]]:
    """Returns every game object's name and why it fails (None: it verifies)."""
    results: list[tuple[str, str | None]] = []
    for name in [name for name in await objects.list() if is_game_object(name)]:
        try:
            data = await objects.get(name)
            if data is None:
                raise packing.ArchiveUnverified(f"{name}: vanished while listed")
            await asyncio.to_thread(packing.verified, game_of(name), name, data)
        except (packing.ArchiveUnverified, ObjectTooLarge, OSError) as exc:
            results.append((name, f"{name}: {exc}" if isinstance(exc, OSError) else str(exc)))
        else:
            results.append((name, None))
    return results


async def _verify(objects: ObjectStore) -> int:
    results = await verify_all(objects)
    for name, failure in results:
        print(f"{'OK' if failure is None else 'FAILED'} {failure or name}")
    return 1 if any(failure for _, failure in results) else 0


async def _run(settings: Settings, args: argparse.Namespace) -> int:
    if settings.redis_url is None:
        if args.action == "verify" and bool(settings.archive_store):
            return await _verify(object_store(settings))
        raise CommandFailed("BAD_SETTINGS", no_service(settings), 2)
    async with composed(settings) as service:
        store, objects = service.store, service.archive_store
        assert isinstance(store, RedisEventStore)  # as `composed` connects it
        assert objects is not None
        if args.action == "store":
            return await _store(objects, settings, args)
        if args.action == "run":
            if settings.archive_after_seconds <= 0:
                print("boardstate archive run: BOARDSTATE_ARCHIVE_AFTER is unset: nothing archived")
                return 0
            await objects.place.objects(write=True)  # records and marks it, or refuses
            grace = timedelta(seconds=settings.archive_after_seconds)
            remove = settings.archive_remove
            archiver = Archiver(store, objects, grace, remove, args.lease_ms)
            if args.kill_after:
                await _crash_after(archiver, args.kill_after)
            counts = await archiver.run(datetime.now(UTC), args.limit)
            print(json.dumps({outcome.value: n for outcome, n in counts.items()}, sort_keys=True))
            return 0
        if args.action == "deletions":
            for record in await Retention(store, objects, 0).deletions():
                print(json.dumps(record, sort_keys=True))
            return 0
        await objects.place.objects()  # the deployment's store, or a refusal before any work
        if args.action == "verify":
            return await _verify(objects)
        if args.action == "restore":
            restored = await ArchiveReader(store, objects).restore(args.game_id)
            print("restored" if restored else "already in Redis")
            return 0
        retention = Retention(store, objects, settings.archive_retention_days)
        print(json.dumps({"deleted": len(await retention.prune(datetime.now(UTC)))}))
        return 0


async def _store(objects: PlacedObjects, settings: Settings, args: argparse.Namespace) -> int:
    place = objects.place
    if args.record:
        if not bool(settings.archive_store):
            raise CommandFailed(
                "BAD_ARGUMENT",
                "--record records the store this process is set to: set "
                "BOARDSTATE_ARCHIVE_STORE (or BOARDSTATE_DATA_DIR)",
                2,
            )
        mark = await place.record_here(args.force)
        print(json.dumps({"recorded": place.configured.describe(), "mark": mark}))
        return 0
    report = await place.report()
    print(json.dumps(report, sort_keys=True))
    await place.objects()  # refuses (exit 4) unless this process finds the deployment's store
    return 0


async def _crash_after(archiver: Archiver, step: str) -> None:
    """Runs the first waiting game up to `step`, then dies as a crash would (tests only)."""
    for game_id in await archiver.entries.pending(1, archiver.remove):
        await archiver.archive(game_id, datetime.now(UTC), until=step)
        os.kill(os.getpid(), signal.SIGKILL)


def run(settings: Settings, args: argparse.Namespace) -> int:
    """Runs `boardstate archive ACTION`; returns the exit status."""
    return asyncio.run(_run(settings, args))
