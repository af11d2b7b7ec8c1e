"""Bot turns as a Redis Stream with a consumer group (issue 17).

When a bot seat owes a decision, the steward adds a job `{game, version, seat}` to
`bs:{bots}:jobs`. Every bot worker (each service process, or `boardstate bots`) reads the
group `bots` with its own consumer name, so each job goes to one worker; a worker acknowledges
a job once it is done. A worker that dies leaves its jobs pending: after `idle_ms` another
worker claims them (`XAUTOCLAIM`). A group Redis lost is made again
(`service.store.consumer_group`). A job is acted on only if the game is still at its version,
and the move is a conditional append, so a duplicated or re-claimed job never moves twice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.store.consumer_group import ConsumerGroup
from boardstate.service.store.keys import bot_jobs_key
from boardstate.service.store.redis_errors import translated

GROUP = "bots"
MAX_JOBS = 100_000
"""The stream is trimmed to about this many entries (acknowledged jobs are deleted)."""


@dataclasses.dataclass(frozen=True, slots=True)
class BotJob:
    """A bot seat owes a decision at a version of a game."""

    entry: str
    game_id: str
    version: int
    seat: int


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _job(entry: Any, fields: Any) -> BotJob | None:
    try:
        data = {_text(k): _text(v) for k, v in dict(fields).items()}
        return BotJob(_text(entry), data["game"], int(data["version"]), int(data["seat"]))
    except (KeyError, ValueError, TypeError):
        return None


class RedisBotJobs:
    """The job stream and its consumer group. A waiting worker blocks in `XREADGROUP BLOCK` on
    the `blocking` client (a connection of the worker's own, `service.store.client.connect`) and
    gets a new job as it is added. The client is required: there is no polling fallback."""

    def __init__(
        self,
        client: Redis | RedisCluster,
        prefix: str,
        blocking: Redis | RedisCluster,
        max_block_ms: int = 2000,
    ) -> None:
        self.client = client
        self.blocking = blocking
        self.max_block_ms = max_block_ms
        self.key = bot_jobs_key(prefix)
        self.group = ConsumerGroup(client, self.key, GROUP)
        self._claim_from = "0-0"
        """Where the next `XAUTOCLAIM` scan starts (it walks the pending list in turns, so
        jobs a worker still holds in its queue never hide others from it)."""

    async def add(self, game_id: str, version: int, seat: int) -> None:
        await self.group.ensure()  # a group made after the job would still read it (from 0)
        fields: dict[Any, Any] = {"game": game_id, "version": version, "seat": seat}
        await self.client.xadd(self.key, fields, maxlen=MAX_JOBS, approximate=True)

    async def take(self, consumer: str, count: int, block_ms: int | None = None) -> list[BotJob]:
        """New jobs; with `block_ms` waits up to that long for one on the blocking client."""
        streams: Any = {self.key: ">"}
        reader, block = self.client, None
        if block_ms is not None:
            reader, block = self.blocking, max(1, min(block_ms, self.max_block_ms))

        def read() -> Awaitable[Any]:
            return reader.xreadgroup(GROUP, consumer, streams, count=count, block=block)

        found: Any = await self.group.call(read)
        jobs = []
        for _, entries in found or []:
            jobs += [j for e, f in entries if (j := _job(e, f)) is not None]
        return jobs

    async def reclaim(self, consumer: str, idle_ms: int, count: int) -> list[BotJob]:
        def claim() -> Awaitable[Any]:
            return self.client.xautoclaim(
                self.key, GROUP, consumer, idle_ms, start_id=self._claim_from, count=count
            )

        answer: Any = await self.group.call(claim)
        self._claim_from = _text(answer[0]) if answer else "0-0"
        entries = answer[1] if answer else []
        return [j for e, f in entries if f and (j := _job(e, f)) is not None]

    async def done(self, job: BotJob) -> None:
        await self.client.xack(self.key, GROUP, job.entry)
        await self.client.xdel(self.key, job.entry)


class BotJobStore:
    """The bot-job operations of the event store (mixed into `RedisEventStore`)."""

    _bot_jobs: RedisBotJobs

    async def add_bot_job(self, game_id: str, version: int, seat: int) -> None:
        """Asks the bot workers to move for `seat` at `version`."""
        async with translated(f"bot job {game_id}"):
            await self._bot_jobs.add(game_id, version, seat)

    async def take_bot_jobs(
        self, consumer: str, count: int, block_ms: int | None = None
    ) -> list[BotJob]:
        """New jobs for `consumer` (none waiting: an empty list at once, or with `block_ms`
        after waiting up to that long on a connection of the worker's own)."""
        async with translated("bot jobs"):
            return await self._bot_jobs.take(consumer, count, block_ms)

    async def reclaim_bot_jobs(self, consumer: str, idle_ms: int, count: int) -> list[BotJob]:
        """Jobs another worker took more than `idle_ms` ago and never finished."""
        async with translated("bot jobs"):
            return await self._bot_jobs.reclaim(consumer, idle_ms, count)

    async def finish_bot_job(self, job: BotJob) -> None:
        """Acknowledges (and deletes) a job."""
        async with translated("bot jobs"):
            await self._bot_jobs.done(job)
