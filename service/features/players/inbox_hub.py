"""`InboxHub`: one blocking read per process follows every player stream open in it.

As the live game events do (`service.features.live.live_events`): a follower registers with its
player's watch first (at the stream's newest id), then catches up with `XRANGE` pages, then takes
live entries from its queue, skipping ids it has already seen, so nothing is missed. Watches
are read in groups (`RedisInbox.group_of`: all on one server, one slot in a cluster), each by one
`XREAD BLOCK` over the group's inboxes on the inbox store's own client, restarted when the group
changes; an idle process sends one command per block.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncGenerator, AsyncIterator
from typing import Any

import structlog

from boardstate.service.failures import StoreUnavailable
from boardstate.service.runtime.stopping import check_cancelled, ended
from boardstate.service.store.players.inbox_store import Entry, RedisInbox

log = structlog.get_logger("boardstate.players")

PAGE = 200
"""Entries per read while a follower catches up."""
BLOCK_MS = 5000
Item = Entry | Exception


def order(entry_id: str) -> tuple[int, int]:
    """A stream id as a comparable pair (`0` is before every entry)."""
    ms, _, seq = entry_id.partition("-")
    return int(ms), int(seq or 0)


def _retrieved(read: asyncio.Future[Any]) -> None:
    if not read.cancelled():
        read.exception()


class _Watch:
    def __init__(self, player_id: str, position: str) -> None:
        self.player_id = player_id
        self.position = position
        self.queues: set[asyncio.Queue[Item]] = set()

    def publish(self, item: Item) -> None:
        for queue in self.queues:
            queue.put_nowait(item)


class _Group:
    def __init__(self, hub: InboxHub, key: int) -> None:
        self.hub = hub
        self.watches: dict[str, _Watch] = {}
        self.changed = asyncio.Event()
        self.task = asyncio.create_task(self._run(), name=f"inbox-group:{key}")

    async def _read(self) -> dict[str, list[Entry]] | None:
        self.changed.clear()
        positions = {p: w.position for p, w in self.watches.items()}
        read = asyncio.ensure_future(self.hub.store.wait(positions, self.hub.block_ms))
        read.add_done_callback(_retrieved)  # a read cut by a close is not an error to report
        changed = asyncio.ensure_future(self.changed.wait())
        try:
            await asyncio.wait((read, changed), return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiter in (read, changed):
                waiter.cancel()
        if not read.done() or read.cancelled():
            await ended(read)
            await asyncio.sleep(0.002)
            return None
        return read.result()

    async def _run(self) -> None:
        delay = 0.05
        while self.watches:
            try:
                found = await self._read()
            except StoreUnavailable as exc:
                log.warning("inbox_wait_failed", error=str(exc)[:200])
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)
                continue
            delay = 0.05
            for player, entries in (found or {}).items():
                watch = self.watches.get(player)
                if watch is None:
                    continue
                for entry in entries:
                    watch.position = entry[0]
                    watch.publish(entry)


class InboxHub:
    """The player streams followed in this process."""

    def __init__(self, store: RedisInbox, block_ms: int = BLOCK_MS) -> None:
        self.store = store
        self.block_ms = block_ms
        self._groups: dict[int, _Group] = {}
        self._watches: dict[str, _Watch] = {}
        self._lock = asyncio.Lock()

    def _forget(self, watch: _Watch) -> None:
        if self._watches.get(watch.player_id) is not watch:
            return
        del self._watches[watch.player_id]
        key = self.store.group_of(watch.player_id)
        group = self._groups.get(key)
        if group is None or group.watches.pop(watch.player_id, None) is None:
            return
        group.changed.set()
        if not group.watches:
            del self._groups[key]
            group.task.cancel()

    @contextlib.asynccontextmanager
    async def _listen(self, player_id: str) -> AsyncIterator[asyncio.Queue[Item]]:
        async with self._lock:
            watch = self._watches.get(player_id)
            if watch is None:
                watch = _Watch(player_id, await self.store.tail(player_id))
                self._watches[player_id] = watch
                key = self.store.group_of(player_id)
                group = self._groups.get(key)
                if group is None:
                    group = self._groups[key] = _Group(self, key)
                group.watches[player_id] = watch
                group.changed.set()
            queue: asyncio.Queue[Item] = asyncio.Queue()
            watch.queues.add(queue)
        try:
            yield queue
        finally:
            watch.queues.discard(queue)
            if not watch.queues:
                self._forget(watch)

    async def follow(self, player_id: str, after: str) -> AsyncGenerator[Entry, None]:
        """The player's entries after the stream id `after` ('0': the oldest kept), then live
        ones as they are appended; never ends by itself."""
        async with self._listen(player_id) as queue:
            last = after
            while True:
                page = await self.store.read(player_id, last, PAGE)
                check_cancelled()
                for entry in page:
                    yield entry
                    last = entry[0]
                if len(page) < PAGE:
                    break
            while True:
                item = await queue.get()
                if isinstance(item, Exception):
                    raise item
                if order(item[0]) <= order(last):
                    continue
                yield item
                last = item[0]

    async def close(self) -> None:
        """Stops every watch."""
        groups, self._groups = list(self._groups.values()), {}
        self._watches = {}
        for group in groups:
            group.task.cancel()
        for group in groups:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await group.task
