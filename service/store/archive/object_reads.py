"""Reads of archive objects bounded in bytes and in time (issue 37), for both object stores.

An object is read whole into memory (then decompressed and verified by the archive), so every
read is bounded before it is made:

* **bytes**: an object larger than `ReadLimits.max_bytes` is refused (`ObjectTooLarge`) from
  its size (the file's `fstat`, S3's `Content-Length`) before its content is read, and a read
  stops one byte past the limit if the object grows meanwhile;
* **time**: the blocking read runs in a daemon thread of its own (`BlockingReads`), awaited at
  most `ReadLimits.deadline_s` (`ObjectReadTimeout` past it). The thread checks the same
  deadline between chunks; S3's connect and read timeouts end a call to a store that does not
  answer (after at most its attempts). A thread still busy past the deadline (a store that
  trickles a byte at a time, a hung network file system) is left to finish: nothing waits for
  it, the next read of the object starts afresh, and being a daemon it never holds up the
  process's exit;
* **threads**: at most `ReadLimits.threads` reads run at once per store; one that finds no free
  thread within the deadline is `ObjectReadTimeout` too, so a store that hangs costs a bounded
  number of threads, never one per request.

`ObjectUnreadable` (an `OSError`) is a name that is not a regular file (a FIFO, a device, a
directory): the local store opens with `O_NONBLOCK` and checks `fstat` before any read, so a
FIFO never blocks a thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from boardstate.service.store.archive.archive_settings import MAX_OBJECT_BYTES, READ_TIMEOUT_SECONDS

T = TypeVar("T")

READ_THREADS = 8
"""Object reads one store runs at once."""
CHUNK = 256 * 1024
"""Bytes read at a time (between two checks of the size and the deadline)."""
WAIT_FOR_THREAD_S = 0.05
"""How often a read waiting for a free thread looks again."""


class ObjectTooLarge(Exception):
    """An object is larger than the store's `max_bytes`: it was not read whole."""

    def __init__(self, name: str, size: int, limit: int) -> None:
        super().__init__(f"{name}: {size} bytes, more than the limit of {limit}")
        self.name = name
        self.size = size
        self.limit = limit


class ObjectUnreadable(OSError):
    """The name is not a regular file (a FIFO, a device, a directory): nothing was read."""


class ObjectReadTimeout(TimeoutError):
    """The object store did not answer within the deadline (or every reader was busy)."""


@dataclasses.dataclass(frozen=True, slots=True)
class ReadLimits:
    """How much, and for how long, one object read may take."""

    max_bytes: int = MAX_OBJECT_BYTES
    deadline_s: float = READ_TIMEOUT_SECONDS
    threads: int = READ_THREADS


def read_bounded(name: str, read: Callable[[int], bytes], limit: int, until: float) -> bytes:
    """Returns what `read(n)` gives until it gives nothing; raises `ObjectTooLarge` one byte past
    `limit` and `ObjectReadTimeout` once `time.monotonic()` passes `until`."""
    data = bytearray()
    while chunk := read(CHUNK):
        data += chunk
        if len(data) > limit:
            raise ObjectTooLarge(name, len(data), limit)
        if time.monotonic() > until:
            raise ObjectReadTimeout(f"{name}: not read within the deadline")
    return bytes(data)


class BlockingReads:
    """Runs blocking reads in daemon threads, at most `limits.threads` at once, each awaited at
    most `limits.deadline_s` (see the module docstring)."""

    def __init__(self, limits: ReadLimits) -> None:
        self.limits = limits
        self._free = threading.BoundedSemaphore(limits.threads)

    async def run(self, what: str, call: Callable[[float], T]) -> T:
        """Returns `call(until)` (`until`: the deadline, on `time.monotonic()`'s clock), run in
        a thread of its own; raises what it raises, or `ObjectReadTimeout`."""
        loop = asyncio.get_running_loop()
        until = time.monotonic() + self.limits.deadline_s
        while not self._free.acquire(blocking=False):
            if time.monotonic() >= until:
                raise ObjectReadTimeout(f"{what}: every object reader is busy")
            await asyncio.sleep(WAIT_FOR_THREAD_S)
        answer: asyncio.Future[T] = loop.create_future()

        def work() -> None:
            try:
                outcome: tuple[bool, Any] = (True, call(until))
            except BaseException as exc:  # handed to the awaiting task, whatever it is
                outcome = (False, exc)
            finally:
                self._free.release()
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
                loop.call_soon_threadsafe(_settle, answer, outcome)

        threading.Thread(target=work, name="boardstate-object-read", daemon=True).start()
        try:
            return await asyncio.wait_for(answer, max(0.0, until - time.monotonic()))
        except TimeoutError:
            wait = self.limits.deadline_s
            raise ObjectReadTimeout(f"{what}: no answer within {wait:g} s") from None


def _settle(answer: asyncio.Future[Any], outcome: tuple[bool, Any]) -> None:
    if answer.done():  # timed out or cancelled meanwhile
        return
    succeeded, value = outcome
    if succeeded:
        answer.set_result(value)
    else:
        answer.set_exception(value)
