"""`BatchedScript`: the calls of one Lua script made in the same turn of the event loop, sent to
Redis together as one pipeline.

Under load many requests append at once, each on a connection of its own: one write and one
read (two system calls and a wake-up) per append, and redis-py's per-command work each time.
Sent together, the appends of one turn cost one write and one read, and redis-py packs them in
one go (`bench/redis_clients.py`: a pipelined `EVALSHA` costs 0.23-0.37 of the client CPU of a
lone one at 16 callers).

How: the first call of a turn waits one turn (`asyncio.sleep(0)`) while later calls of that
turn join it. Alone, it runs the script as before (no task, no pipeline). With company, one
task sends every call as one non-transactional pipeline (`EVALSHA` each, in the order they
came; each call is its own atomic script, as before) and gives each caller its reply or its
error; the callers wait for it shielded, so a caller cancelled meanwhile (its client gone)
cancels nothing of the others'. A failure of the pipeline itself (a timeout, a lost
connection) is every caller's failure, which the store reports as uncertain for an append
(`redis_errors.translated`), exactly as for one call alone. A script the server no longer
knows (`NOSCRIPT`: a restart, `SCRIPT FLUSH`) is loaded and the refused calls run again one by
one, in order. At most `MAX_BATCH` calls go in one pipeline.

Only for one server: a cluster's calls go straight to the script (each game is in a slot of its
own, often on another node).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from redis.asyncio import Redis
from redis.commands.core import AsyncScript
from redis.exceptions import NoScriptError

MAX_BATCH = 64
"""Calls sent in one pipeline at most (a later call starts the next batch)."""

Call = tuple[Sequence[Any], Sequence[Any], "asyncio.Future[Any] | None"]


class BatchedScript:
    """Calls `script` (registered on `client`) in batches of one loop turn."""

    def __init__(self, client: Redis, script: AsyncScript) -> None:
        self.client = client
        self.script = script
        self._gathering: list[Call] | None = None
        self._sending: set[asyncio.Task[Any]] = set()
        self.batches = 0
        """Pipelines sent so far (for the tests and benchmarks)."""

    async def __call__(self, keys: Sequence[Any], args: Sequence[Any]) -> Any:
        gathering = self._gathering
        if gathering is not None and len(gathering) < MAX_BATCH:
            joined: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
            gathering.append((keys, args, joined))
            return await joined
        batch: list[Call] = [(keys, args, None)]
        self._gathering = batch
        try:
            await asyncio.sleep(0)  # the turn's other calls join
        except BaseException:
            self._close(batch)
            if len(batch) > 1:
                self._start(batch[1:])  # theirs still go
            raise
        self._close(batch)
        if len(batch) == 1:
            return await self.script(keys=keys, args=args)
        return await asyncio.shield(self._start(batch))

    def _close(self, batch: list[Call]) -> None:
        if self._gathering is batch:
            self._gathering = None

    def _start(self, batch: list[Call]) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(self._send(batch))
        self._sending.add(task)
        task.add_done_callback(self._sent)
        return task

    def _sent(self, task: asyncio.Task[Any]) -> None:
        self._sending.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved: a gatherer cancelled meanwhile has its own outcome

    async def _send(self, batch: list[Call]) -> Any:
        """Sends `batch`; settles the joined calls; returns (or raises) the first call's own
        outcome when it has no future (the caller that gathered the batch)."""
        self.batches += 1
        try:
            replies = await self._pipeline(batch)
        except BaseException as exc:
            for _, _, joined in batch:
                if joined is not None and not joined.done():
                    joined.set_exception(exc)
            if batch[0][2] is None:
                raise
            return None
        for (_, _, joined), reply in zip(batch, replies, strict=True):
            if joined is not None and not joined.done():
                if isinstance(reply, BaseException):
                    joined.set_exception(reply)
                else:
                    joined.set_result(reply)
        first = replies[0]
        if batch[0][2] is None and isinstance(first, BaseException):
            raise first
        return first

    async def _pipeline(self, batch: list[Call]) -> list[Any]:
        pipe = self.client.pipeline(transaction=False)
        for keys, args, _ in batch:
            pipe.execute_command("EVALSHA", self.script.sha, len(keys), *keys, *args)
        replies: list[Any] = list(await pipe.execute(raise_on_error=False))
        if any(isinstance(r, NoScriptError) for r in replies):
            for index, reply in enumerate(replies):
                if isinstance(reply, NoScriptError):  # loaded again by the script's own call
                    keys, args, _ = batch[index]
                    try:
                        replies[index] = await self.script(keys=keys, args=args)
                    except Exception as exc:  # that call's own failure
                        replies[index] = exc
        return replies
