"""`ConsumerGroup`: a stream's consumer group, made when first used and made again whenever
Redis no longer has it (issue 37).

A process creates each group it reads once (`XGROUP CREATE ... MKSTREAM`, from the stream's
start so that no entry added before is missed) and remembers that it did. Redis restarted
without its data (or a `FLUSHALL`, or the stream deleted) loses the group while every process
still remembers it: before issue 37 every read then failed with `NOGROUP` until the process was
restarted (the bot worker logged it every second, the ratings and players' loops crashed on it
at every restart). `call` runs a group command and, when Redis answers that the group or its
stream is gone (`NOGROUP`; `UNBLOCKED` to a read blocked while the stream was deleted; `no such
key` to `XINFO`), creates the group again and runs the command once more. The new group starts
at the stream's start: entries added between the loss and the new group are read, and entries
read before (if the stream survived) are read again, which every reader tolerates (each handles
an entry once whatever delivers it: `docs/players.md`, `docs/bots.md`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

import structlog
from redis import exceptions as rex
from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

log = structlog.get_logger("boardstate.store")

T = TypeVar("T")
LOST = ("NOGROUP", "UNBLOCKED", "no such key")
"""How Redis begins its answer when a group, or the stream it was on, is gone."""


def group_lost(exc: BaseException) -> bool:
    """Tells whether `exc` is Redis saying that a consumer group or its stream is gone."""
    return isinstance(exc, rex.ResponseError) and str(exc).startswith(LOST)


class ConsumerGroup:
    """The group `name` of the stream `stream`."""

    def __init__(self, client: Redis | RedisCluster, stream: str, name: str) -> None:
        self.client = client
        self.stream = stream
        self.name = name
        self.ready = False
        """This process created the group, or found it made (it may have been lost since)."""
        self.recreated = 0
        """How often the group was found lost and made again."""

    async def ensure(self) -> None:
        """Creates the group, with its stream, unless this process did before."""
        if self.ready:
            return
        try:
            await self.client.xgroup_create(self.stream, self.name, id="0", mkstream=True)
        except rex.ResponseError as exc:
            if "BUSYGROUP" not in str(exc):
                raise
        self.ready = True

    async def call(self, command: Callable[[], Awaitable[T]]) -> T:
        """Runs `command` (a command on the group); if Redis lost the group, makes it again
        and runs `command` once more."""
        await self.ensure()
        try:
            return await command()
        except rex.ResponseError as exc:
            if not group_lost(exc):
                raise
        self.ready = False
        self.recreated += 1
        log.warning("consumer_group_recreated", stream=self.stream, group=self.name)
        await self.ensure()
        return await command()
