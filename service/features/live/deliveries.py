"""What a door hands the stream core to deliver a game's events (issue 41, item 2): a `Write`,
called with each `Batch` of consecutive events, that writes them without waiting when it can.

A `Batch` is one or more consecutive events prepared for one view; the events a subscriber
had not taken yet when it woke (it lagged) go out together, in one write. Its encodings by
door are made once (`Batch.encoded`, on top of each event's own, `PreparedEvent.encoded`), so
every subscriber of the view at the same position is written the same bytes object.

A write returns None when it is done (the bytes are with the transport), else an awaitable
that finishes it (the transport is paused: the client does not read). `step` makes one from
an ASGI `send`: it runs the coroutine to its first suspension, which for a transport that
takes the bytes is its end, so one task can write to a thousand clients without a task
switch for each (`service.features.live.fanout`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine, Generator, Sequence
from typing import Any, TypeVar, cast

from boardstate.service.features.live.prepared_events import PreparedEvent

T = TypeVar("T")

Write = Callable[["Batch"], Awaitable[None] | None]
"""Writes a batch: None when written, else an awaitable that finishes the write."""


class Batch:
    """Consecutive events of one view (at least one), written together."""

    __slots__ = ("_encoded", "events", "last")

    def __init__(self, events: Sequence[PreparedEvent]) -> None:
        self.events = events
        self.last = events[-1]
        """The last event: where a subscriber that took the batch goes on from."""
        self._encoded: dict[str, bytes] = {}

    def encoded(self, door: str, encode: Callable[[Any], bytes]) -> bytes:
        """The events' encodings for `door` (`PreparedEvent.encoded`) joined, made once."""
        found = self._encoded.get(door)
        if found is None:
            events = self.events
            if len(events) == 1:
                found = events[0].encoded(door, encode)
            else:
                found = b"".join([p.encoded(door, encode) for p in events])
            self._encoded[door] = found
        return found


def step(write: Awaitable[None]) -> Awaitable[None] | None:
    """Runs `write` (a coroutine, as an ASGI `send` returns) to its first suspension: None when
    it ended there, else an awaitable that runs the rest (await it in the task that owns the
    write). A failure in the first step is raised here. An awaitable that is not a coroutine
    is returned as it is, to be awaited."""
    send = getattr(write, "send", None)
    if send is None:
        return write
    try:
        yielded = send(None)
    except StopIteration:
        return None
    return Rest(cast(Coroutine[Any, Any, None], write), yielded)


class Rest:
    """The rest of a coroutine `step` started, awaitable once by any task of the loop: it
    hands on what the coroutine waits for, and passes results and exceptions (a cancellation)
    back into it."""

    def __init__(self, coro: Coroutine[Any, Any, None], yielded: Any) -> None:
        self.coro = coro
        self.yielded = yielded

    def __await__(self) -> Generator[Any, Any, None]:
        coro, yielded = self.coro, self.yielded
        while True:
            try:
                sent = yield yielded
            except GeneratorExit:
                coro.close()
                raise
            except BaseException as exc:  # passed into the coroutine (a cancellation)
                try:
                    yielded = coro.throw(exc)
                except StopIteration:
                    return
                continue
            try:
                yielded = coro.send(sent)
            except StopIteration:
                return


async def finish(pending: Awaitable[None], then: Callable[[], T]) -> T:
    """Awaits a write `step` could not finish, then calls `then` (what follows the write)."""
    await pending
    return then()
