"""Object stores: where archived games live (architecture §5f, `service.features.archive`).

One small protocol, `ObjectStore`, with two implementations: `LocalObjectStore` (a directory
under the service's data folder: the default, nothing to install) and `S3ObjectStore`
(`service.store.archive.objects_s3`, any S3-compatible store). Names are `/`-separated paths of safe
components (`check_name`); the archive makes them content-addressed, so a name says what its
bytes must hash to and `put` of a name is idempotent: writing it again writes the same bytes.

Every method is a coroutine; the blocking work (file system, HTTP) runs in a thread, never on
the event loop. `put` is atomic: a reader sees the whole object or none of it. `get` is bounded
in bytes and in time (`service.store.archive.object_reads`: `ReadLimits`, `BlockingReads`).
"""

from __future__ import annotations

import asyncio
import os
import re
import secrets
import stat
from pathlib import Path
from typing import Protocol

from boardstate.service.store.archive.object_reads import (
    BlockingReads,
    ObjectTooLarge,
    ObjectUnreadable,
    ReadLimits,
    read_bounded,
)

MAX_NAME_LENGTH = 1024
"""S3's limit on a key, in bytes; names here are ASCII."""
_COMPONENT = re.compile(r"[A-Za-z0-9._%+=-]+")


class BadObjectName(ValueError):
    """An object name is empty, too long, absolute or has an unsafe component."""


def check_name(name: str) -> str:
    """Returns `name` if it is a usable object name; raises `BadObjectName`."""
    parts = name.split("/")
    if not 0 < len(name) <= MAX_NAME_LENGTH or any(
        part in ("", ".", "..") or not _COMPONENT.fullmatch(part) for part in parts
    ):
        raise BadObjectName(f"unusable object name {name[:80]!r}")
    return name


class ObjectStore(Protocol):
    """Whole objects by name (no partial reads, no appends)."""

    limits: ReadLimits
    """How large an object `get` reads, and for how long it waits."""

    async def put(self, name: str, data: bytes) -> None:
        """Writes `data` as `name`, atomically (replacing any object of that name)."""

    async def get(self, name: str) -> bytes | None:
        """Returns the object `name`, or None if there is none; raises `ObjectTooLarge` (over
        `limits.max_bytes`, not read whole), `ObjectReadTimeout` (past `limits.deadline_s`),
        `ObjectUnreadable` (not a regular file) or the store's own failure (`OSError`,
        botocore's errors)."""

    async def exists(self, name: str) -> bool:
        """Tells whether an object `name` exists."""

    async def delete(self, name: str) -> None:
        """Removes `name`; nothing happens if it does not exist."""

    async def list(self, prefix: str = "") -> list[str]:
        """Returns the names starting with `prefix`, sorted."""


class LocalObjectStore:
    """Objects as files under `root`; `put` writes a temporary file in the target's folder,
    fsyncs it, renames it over the name and fsyncs the folder, so a crash leaves the old object,
    the new one or a stray `.tmp-*` file (never listed, never read) but never a torn object."""

    def __init__(self, root: Path, limits: ReadLimits | None = None) -> None:
        self.root = root
        self.limits = limits or ReadLimits()
        self._reads = BlockingReads(self.limits)

    def _path(self, name: str) -> Path:
        return self.root.joinpath(*check_name(name).split("/"))

    async def put(self, name: str, data: bytes) -> None:
        await asyncio.to_thread(self._put, self._path(name), data)

    @staticmethod
    def _put(path: Path, data: bytes) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".tmp-{secrets.token_hex(8)}-{path.name}")
        try:
            with temporary.open("xb") as file:
                file.write(data)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, path)
        finally:
            temporary.unlink(missing_ok=True)
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)

    async def get(self, name: str) -> bytes | None:
        path, limit = self._path(name), self.limits.max_bytes
        return await self._reads.run(name, lambda until: _read_file(path, name, limit, until))

    async def exists(self, name: str) -> bool:
        return await asyncio.to_thread(self._path(name).is_file)

    async def delete(self, name: str) -> None:
        await asyncio.to_thread(self._path(name).unlink, True)

    async def list(self, prefix: str = "") -> list[str]:
        return await asyncio.to_thread(_names, self.root, prefix)


def _read_file(path: Path, name: str, limit: int, until: float) -> bytes | None:
    """Reads a regular file of at most `limit` bytes; opening never blocks (`O_NONBLOCK`: a
    FIFO with no writer opens at once) and anything but a regular file is refused before a
    byte is read."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    try:
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            raise ObjectUnreadable(f"{name}: not a regular file (mode {found.st_mode:o})")
        if found.st_size > limit:
            raise ObjectTooLarge(name, found.st_size, limit)
        return read_bounded(name, lambda size: os.read(fd, size), limit, until)
    finally:
        os.close(fd)


def _names(root: Path, prefix: str) -> list[str]:
    if not root.is_dir():
        return []
    names = (
        path.relative_to(root).as_posix()
        for path in root.rglob("*")
        if path.is_file() and not path.name.startswith(".tmp-")
    )
    return sorted(name for name in names if name.startswith(prefix))
