"""`SlotStream`: a live stream that holds a stream slot, and `StreamOwner`, which ends the streams
one response opened when that response ends.

A slot is taken when a stream is opened (`service.features.live.stream_limits`) and given back by
`aclose()`, exactly once, whether or not the stream was ever read.

Some transports do not own the generators between them and the stream: graphql-sse runs a
subscription through strawberry's tasks and generators, and when the client leaves while one of
them waits to hand over a result, the subscription is left suspended until the garbage collector
finds it (its slot held meanwhile: 9 of 30 quick drops in the red team's test). So that
response sets `OWNER` for what it runs (`service.http.graphql.sse`): every stream opened under it
registers, and when the response ends `StreamOwner.close()` ends those still open, or, if one
is running in another task at that moment, gives its slot back at once and lets that task end
it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import Any, Generic, Protocol, TypeVar

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Items(Protocol[T_co]):
    """What a stream's items come from: an async generator, or an async iterator with
    `aclose` (and `ag_running` while a step runs, as a generator has)."""

    def __anext__(self) -> Awaitable[T_co]: ...

    async def aclose(self) -> None: ...


class StreamOwner:
    """The streams opened for one response (see the module docstring)."""

    def __init__(self) -> None:
        self.open: set[SlotStream[Any]] = set()

    async def close(self) -> None:
        """Ends every stream still open (each gives its slot back)."""
        while self.open:
            await self.open.pop().abandon()


OWNER: ContextVar[StreamOwner | None] = ContextVar("boardstate_stream_owner", default=None)
"""The owner of the streams opened in this context, if a response set one."""


class SlotStream(Generic[T]):
    """A stream that holds a stream slot: its items come from `items`; `aclose()` ends it and
    calls `release` exactly once, whether or not it was ever iterated (close it in a `finally`
    or with `aclosing`)."""

    def __init__(self, items: Items[T], release: Callable[[], None]) -> None:
        self._items = items
        self._release: Callable[[], None] | None = release
        self._owner = OWNER.get()
        if self._owner is not None:
            self._owner.open.add(self)

    def __aiter__(self) -> SlotStream[T]:
        return self

    def __anext__(self) -> Awaitable[T]:
        return self._items.__anext__()  # its awaitable itself: no frame of ours per item

    def _give_back(self) -> None:
        release, self._release = self._release, None
        if self._owner is not None:
            self._owner.open.discard(self)
        if release is not None:
            release()

    async def aclose(self) -> None:
        """Ends the stream and gives its slot back."""
        try:
            await self._items.aclose()
        finally:
            self._give_back()

    async def abandon(self) -> None:
        """Ends the stream for an owner: closed if no task is running it, else its slot is
        given back now and the task running it ends it."""
        if getattr(self._items, "ag_running", False):
            self._give_back()
        else:
            await self.aclose()
