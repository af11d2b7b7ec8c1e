"""The archive is one place for every process (issue 37; docs/archive.md, "One archive for every
process"): `ArchivePlace` finds the deployment's archive store from its record in Redis
(`store.archive_place`), once per process.

* **Which store.** A process whose store is set (`BOARDSTATE_ARCHIVE_STORE`, or
  `BOARDSTATE_DATA_DIR`) uses its own, which must be the recorded one; a process on the
  defaults uses the recorded one (its own `<data folder>/archive` only while none is recorded).
* **Recording.** A service records its store when it starts (`settle`), as does the first
  process that archives. A store recorded by default, where nothing was archived yet, gives way
  to a store set by a later service or archiver.
* **The mark.** The first process that archives writes `.boardstate/mark-<id>` into the store
  and records its id: a store without it is not the deployment's, whatever its name (a folder
  of the same path on another machine, or emptied since).

A process that cannot confirm its store raises `ArchiveStoreMismatch` and writes nothing (the
log line `archive_store_mismatch` says why). Reads keep the store found until an object is
missing, then find it again; every write reads the record first (one `HGETALL`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import secrets
import time
from collections.abc import Callable
from datetime import UTC, datetime

import structlog

from boardstate.service.failures import StoreUnavailable
from boardstate.service.features.archive.stores import BadLocation, Location
from boardstate.service.store.archive.archive_place import (
    BY_DEFAULT,
    BY_SETTING,
    ArchivePlaces,
    PlaceRecord,
)
from boardstate.service.store.archive.objects import ObjectStore

log = structlog.get_logger("boardstate.archive")
ARCHIVE_STORE_MISMATCH = "ARCHIVE_STORE_MISMATCH"
MARK_FOLDER = ".boardstate"
COMPLAIN_EVERY_S = 60.0
"""The log line `archive_store_mismatch` repeats at most this often for one reason."""


class ArchiveStoreMismatch(StoreUnavailable):
    """This process cannot confirm that its archive store is the deployment's (the message says
    why and what to do): it writes nothing there; the API answers `STORE_UNAVAILABLE`."""

    failure = ARCHIVE_STORE_MISMATCH


def mark_name(mark: str) -> str:
    """The object name of the store's mark `mark`."""
    return f"{MARK_FOLDER}/mark-{mark}"


def is_game_object(name: str) -> bool:
    """Tells whether an object name can be an archived game's (not the store's mark)."""
    return not name.startswith(f"{MARK_FOLDER}/")


@dataclasses.dataclass(frozen=True, slots=True)
class Found:
    """The store a process found, and the record it was found with."""

    location: Location
    objects: ObjectStore
    record: PlaceRecord


class ArchivePlace:
    """The deployment's archive store, as this process finds it (see the module docstring)."""

    def __init__(
        self,
        places: ArchivePlaces,
        configured: Location,
        given: bool,
        opener: Callable[[Location], ObjectStore] = Location.open,
    ) -> None:
        self.places = places
        self.configured = configured
        self.given = given
        """The store is set (`Settings.archive_store`): it must be the recorded one."""
        self._opener = opener
        self._stores: dict[Location, ObjectStore] = {}
        self._found: Found | None = None
        self._lock = asyncio.Lock()
        self._complained: dict[str, float] = {}

    async def objects(self, *, write: bool = False) -> ObjectStore:
        """The store to use; `write`: about to write (the record is read again, recorded and
        marked if it was not). Raises `ArchiveStoreMismatch` or `StoreUnavailable`."""
        found = self._found
        if found is not None and not write:
            return found.objects
        async with self._lock:
            return (await self._find(write)).objects

    async def recheck(self) -> bool:
        """Finds the store again (an object was missing): raises `ArchiveStoreMismatch` if the
        store lost the deployment's mark; tells whether the store found changed."""
        async with self._lock:
            before, self._found = self._found, None
            found = await self._find(write=False)
            return before is None or found.objects is not before.objects

    async def settle(self, timeout_s: float) -> None:
        """At a service's start: records its store if none is (or the recorded one gives
        way), checks it and logs it. Never raises: a failure is logged, retried at first use."""
        try:
            async with asyncio.timeout(timeout_s), self._lock:
                await self._claim(await self.places.read())
                found = await self._find(write=False)
            log.info("archive_place", store=found.location.describe(), by=found.record.by)
        except ArchiveStoreMismatch:
            pass  # logged
        except Exception as exc:  # the archive is checked again when first used
            log.warning("archive_place_unchecked", error=repr(exc))

    async def report(self) -> dict[str, object]:
        """What is recorded and what this process is set to (`boardstate archive store`)."""
        record = await self.places.read()
        recorded: str | None = None
        if record.location is not None:
            try:
                recorded = Location.decode(record.location).describe()
            except BadLocation as exc:
                recorded = f"unreadable: {exc}"
        return {
            "recorded": recorded,
            "recordedBy": record.by,
            "mark": None if record.mark is None else mark_name(record.mark),
            "configured": self.configured.describe(),
            "set": self.given,
        }

    async def record_here(self, force: bool = False) -> str:
        """Records this process's store as the deployment's (`boardstate archive store
        --record`, after moving the archive): it keeps the recorded mark, which the store must
        hold, or with `force` gets a new one. Returns the mark's name."""
        async with self._lock:
            record, objects = await self.places.read(), self._open(self.configured)
            mark = record.mark
            if mark is not None and not await objects.exists(mark_name(mark)):
                if not force:
                    raise self._mismatch(
                        f"{self.configured.describe()} does not hold the deployment's mark "
                        f"{mark_name(mark)}: copy the archive there first (with its "
                        f"{MARK_FOLDER} folder), or record it anyway with --force (games "
                        "archived before then read as missing until their objects are there)"
                    )
                mark = None
            if mark is None:
                mark = secrets.token_hex(12)
                await objects.put(mark_name(mark), self.mark_body(self.configured, mark))
            await self.places.overwrite(self.configured.encode(), mark)
            self._found = None
            log.warning("archive_place_recorded", store=self.configured.describe(), mark=mark)
            return mark_name(mark)

    async def _find(self, write: bool) -> Found:
        record, found = await self.places.read(), self._found
        if found is not None and found.record == record and (record.mark or not write):
            return found
        if write:
            record = await self._claim(record)
        location, objects = await self._check(record)
        if write and record.mark is None:
            await self._mark(record, location, objects)
            record = await self.places.read()
            location, objects = await self._check(record)  # the mark recorded is here
            if record.mark is None:
                raise StoreUnavailable("the archive store's mark could not be recorded")
        found = Found(location, objects, record)
        if record.location is not None:
            self._found = found
        return found

    async def _claim(self, record: PlaceRecord) -> PlaceRecord:
        """Records this process's store if none is, or if the recorded one was recorded by
        default, nothing was archived there, and this one is set; returns the record."""
        mine = self.configured.encode()
        if record.location is None:
            await self.places.record(mine, BY_SETTING if self.given else BY_DEFAULT)
            return await self.places.read()
        yields = record.by == BY_DEFAULT and record.mark is None and record.location != mine
        if self.given and yields:
            if await self.places.replace_default(record.location, mine):
                log.info("archive_place_replaced", was=record.location.decode(errors="replace"))
            return await self.places.read()
        return record

    async def _check(self, record: PlaceRecord) -> tuple[Location, ObjectStore]:
        if record.location is None:
            return self.configured, self._open(self.configured)
        try:
            recorded = Location.decode(record.location)
        except BadLocation as exc:
            raise self._mismatch(
                f"the deployment's record of its archive store cannot be read ({exc}); record "
                "this process's with `boardstate archive store --record`"
            ) from None
        if self.given and recorded != self.configured:
            raise self._mismatch(
                f"this process's archive store is {self.configured.describe()}, the "
                f"deployment's is {recorded.describe()} (recorded by {record.by}): set "
                "BOARDSTATE_ARCHIVE_STORE to it, or record this one after moving the archive "
                "here (`boardstate archive store --record`)"
            )
        objects = self._open(recorded)
        if record.mark is not None and not await objects.exists(mark_name(record.mark)):
            raise self._mismatch(
                f"the archive store {recorded.describe()} does not hold the deployment's mark "
                f"{mark_name(record.mark)}: it is not the store its games were archived to "
                "(a folder of the same path on another machine, or one emptied since)"
            )
        return recorded, objects

    async def _mark(self, record: PlaceRecord, location: Location, objects: ObjectStore) -> None:
        mark = secrets.token_hex(12)
        await objects.put(mark_name(mark), self.mark_body(location, mark))
        if record.location is not None and await self.places.mark(record.location, mark):
            log.info("archive_store_marked", store=location.describe(), mark=mark)
        else:  # marked first, or replaced, by another process: checked against the record next
            await objects.delete(mark_name(mark))

    def mark_body(self, location: Location, mark: str) -> bytes:
        """What a mark object holds: for people looking at the store."""
        at = datetime.now(UTC).isoformat()
        body = {"mark": mark, "store": location.describe(), "key": self.places.key, "at": at}
        return json.dumps(body, sort_keys=True).encode()

    def _open(self, location: Location) -> ObjectStore:
        if location not in self._stores:
            self._stores[location] = self._opener(location)
        return self._stores[location]

    def _mismatch(self, reason: str) -> ArchiveStoreMismatch:
        now = time.monotonic()
        if now - self._complained.get(reason, -COMPLAIN_EVERY_S) >= COMPLAIN_EVERY_S:
            if len(self._complained) >= 64:  # reasons name stores: a handful per process
                self._complained.clear()
            self._complained[reason] = now
            log.error("archive_store_mismatch", code=ARCHIVE_STORE_MISMATCH, reason=reason)
        return ArchiveStoreMismatch(reason)
