"""Bot workers: play the bot seats' turns (issues 17 and 27, architecture §5c).

Every service process runs one worker (and `boardstate bots` runs one alone). It reads bot jobs
from the Redis consumer group (`service.store.work.bot_jobs`, each job to one worker) blocking
(`XREADGROUP BLOCK` on a connection of its own), so a new job is taken as it is added; every
`RECLAIM_S` it claims jobs a dead worker left for `CLAIM_IDLE_MS`. It holds up to `QUEUE` jobs
in a fair queue (`features.bots.bot_queue`: round robin over the games' creators, at most
`per_creator` of one creator's jobs thinking) and thinks about up to `thinkers` at once, each in
a thread of its pool (`features.bots.thinking`): one creator's flood never holds every thinker.

A job is stale and dropped unless its game is still at the job's version and the seat still a
bot seat owing a decision (the steward asks again for the new position); a game at its event
limit is ended instead (`features.moves.game_bounds`). Otherwise the bot's policy chooses from the
seat's view and redacted log only (`engine.bots.seen`; kept from move to move by
`features.bots.bot_memory`), with an RNG of the game and version, within its budget (at most
`max_budget_ms`). The move goes through the rules' `decide` and a conditional append under the
move id `bot-<version>`: a duplicated or re-claimed job, or a second worker, can never move
twice at one version nor skip one.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import secrets
import time
from collections import OrderedDict
from typing import Any

import structlog

from boardstate.engine.bots.budget import Budget
from boardstate.engine.bots.policies import policy
from boardstate.engine.bots.seen import observe_redacted
from boardstate.engine.core.rng import Rng
from boardstate.service.failures import StoreUnavailable
from boardstate.service.features.bots.bot_memory import SeatLogs
from boardstate.service.features.bots.bot_queue import FairQueue, Turn
from boardstate.service.features.bots.thinking import Stop, Thinkers
from boardstate.service.features.lobby.seating import CREATOR_FIELD
from boardstate.service.features.moves.loader import GameLoader
from boardstate.service.features.tables import table_writes
from boardstate.service.features.tables.steward import Steward
from boardstate.service.log import event_builder, movers, record_model
from boardstate.service.log.game_record import GameRecord
from boardstate.service.runtime.stopping import cancelled, ended
from boardstate.service.settings import Settings
from boardstate.service.store.work.bot_jobs import BotJob

log = structlog.get_logger("boardstate.bots")

CLAIM_IDLE_MS = 15_000
"""A job taken this long ago and not finished is claimed by another worker."""
BLOCK_MS = 10_000
"""How long one blocking job read waits (its connection's timeout is longer:
`service.store.client.BOT_BLOCK_MS`); a new job ends the wait at once."""
RECLAIM_S = 15.0
QUEUE = 256
"""Jobs a worker holds at most (waiting for a thinker)."""
CREATORS = 4096
"""Games whose creator a worker remembers."""


@dataclasses.dataclass(frozen=True, slots=True)
class BotLimits:
    """How much bot thinking one worker does (`docs/security.md`)."""

    thinkers: int = 2
    per_creator: int = 1
    max_budget_ms: int = 10_000

    @classmethod
    def of(cls, settings: Settings) -> BotLimits:
        return cls(
            settings.bot_thinkers, settings.bot_thinkers_per_creator, settings.max_bot_budget_ms
        )


async def choose_as(
    thinkers: Thinkers,
    memory: SeatLogs,
    record: GameRecord,
    seat: int,
    policy_id: str,
    budget_ms: int,
) -> dict[str, Any]:
    """The wire move `policy_id` chooses for `seat` now, from the seat's view and redacted log
    only, with an RNG of the game and version, in a thread of `thinkers`."""
    rules = record.rules
    events = await memory.events(record, seat)
    rng = Rng.for_decision(f"bot:{record.seed}", record.version)
    chooser = policy(policy_id)

    def work(stop: Stop) -> Any:
        seen = observe_redacted(rules, record.state, seat, record.players, events)
        return chooser(seen, rng, Budget(millis=budget_ms, clock=time.monotonic, stop=stop))

    move = await thinkers.think(work, budget_ms)
    return rules.moves.encode(move)


class BotWorker:
    """Plays bot jobs until cancelled."""

    def __init__(
        self,
        loader: GameLoader,
        steward: Steward,
        limits: BotLimits | None = None,
        memory: SeatLogs | None = None,
        name: str | None = None,
    ) -> None:
        self.loader = loader
        self.steward = steward
        self.limits = limits or BotLimits()
        self.memory = memory or SeatLogs(loader.store)
        self.thinkers = Thinkers(self.limits.thinkers, "bots")
        self.queue = FairQueue(self.limits.per_creator)
        self.name = name or f"worker-{secrets.token_hex(6)}"
        self.moves = 0
        self._creators: OrderedDict[str, str] = OrderedDict()
        self._running: set[asyncio.Task[None]] = set()
        self._wake = asyncio.Event()
        self._room = asyncio.Event()
        self._reclaimed = 0.0

    async def play(self, job: BotJob) -> bool:
        """Plays one job; returns whether it appended a move."""
        record = await self.loader.load(job.game_id)
        if record is None or record.version != job.version:
            return False
        if self.steward.at_limit(record):
            await self.steward.settle(job.game_id)  # ends the game (`game_bounds`)
            return False
        if job.seat not in movers.bot_seats(record):
            return False
        chosen = movers.mover(record, job.seat)
        assert chosen is not None
        budget = min(movers.budget_ms(record, job.seat), self.limits.max_budget_ms)
        wire = await choose_as(self.thinkers, self.memory, record, job.seat, chosen, budget)
        drafts, canonical = event_builder.decide(record, job.seat, wire)
        at = record_model.now_iso()
        move_id = f"bot-{record.version + 1}"
        after, events = event_builder.move_events(record, drafts, move_id, at, canonical)
        appended = await table_writes.commit(self.loader, record, after, events)
        if appended:
            self.moves += 1
            await self.steward.settle(job.game_id)
        return appended

    async def _creator(self, game_id: str) -> str:
        """The creator of the game (its fairness group; a game without one is its own)."""
        known = self._creators.get(game_id)
        if known is None:
            meta = await self.loader.store.meta(game_id)
            known = (meta or {}).get(CREATOR_FIELD) or f"game:{game_id}"
            self._creators[game_id] = known
            while len(self._creators) > CREATORS:
                self._creators.popitem(last=False)
        self._creators.move_to_end(game_id)
        return known

    async def fetch(self) -> None:
        """Moves waiting jobs from the stream into the fair queue (up to `QUEUE`)."""
        room = QUEUE - len(self.queue)
        if room <= 0:
            return
        store = self.loader.store
        jobs = []
        if time.monotonic() - self._reclaimed >= RECLAIM_S:
            self._reclaimed = time.monotonic()
            jobs = await store.reclaim_bot_jobs(self.name, CLAIM_IDLE_MS, min(room, 32))
        jobs += await store.take_bot_jobs(self.name, room, None if jobs else BLOCK_MS)
        for job in jobs:
            if self.queue.knows(job):
                continue  # our own job, reclaimed while it waits here
            if not self.queue.add(Turn(job, await self._creator(job.game_id))):
                await store.finish_bot_job(job)  # the same decision is queued or thinking

    def start_ready(self) -> int:
        """Starts jobs while a thinker is free; returns how many started."""
        started = 0
        while len(self._running) < self.limits.thinkers:
            turn = self.queue.next()
            if turn is None:
                break
            task = asyncio.create_task(self._take(turn), name="bot-move")
            self._running.add(task)
            task.add_done_callback(self._running.discard)
            started += 1
        return started

    async def _take(self, turn: Turn) -> None:
        try:
            await self.play(turn.job)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a bad job must not stop the worker
            log.warning("bot_job_failed", game_id=turn.job.game_id, error=repr(exc)[:300])
        finally:
            self.queue.done(turn)
            self._wake.set()
        with contextlib.suppress(Exception):
            await self.loader.store.finish_bot_job(turn.job)

    async def _read(self) -> None:
        """Reads jobs into the queue while it has room, waking `run` after each read."""
        while not cancelled():
            if len(self.queue) >= QUEUE:
                self._room.clear()
                await self._room.wait()
            try:
                await self.fetch()
            except StoreUnavailable as exc:  # Redis away: read again soon
                log.warning("bot_worker_failed", error=repr(exc)[:300])
                await asyncio.sleep(1)
            self._wake.set()

    async def run(self) -> None:
        """Takes jobs (new ones, and ones a dead worker left) until cancelled. A reader that
        fails but for Redis being away ends the run with its error: the loop crashed, and
        `runtime.loops` starts it again."""
        reader = asyncio.create_task(self._read(), name="loop:bot-worker:read")
        reader.add_done_callback(lambda _: self._wake.set())
        try:
            while not cancelled():
                if reader.done():
                    reader.result()  # raises the reader's error
                    break
                self._wake.clear()
                self.start_ready()
                self._room.set()
                await self._wake.wait()
        finally:
            await ended(reader)
            for task in list(self._running):
                task.cancel()
            await asyncio.gather(*self._running, return_exceptions=True)
            if cancelled():  # a crash is restarted by `runtime.loops` with these threads
                self.thinkers.close()
        raise asyncio.CancelledError
