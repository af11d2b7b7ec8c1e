"""Bot workers: play the bot seats' turns (issue 17, DESIGN §5c).

Every service process runs one worker (and `boardstate bots` runs workers alone). A worker reads
bot jobs from the Redis consumer group (`service.store.bot_jobs`), each job going to one worker;
jobs a dead worker left unfinished are claimed after `CLAIM_IDLE_MS`. For a job it loads the
game; unless the game is still at the job's version and the seat still a bot seat owing a
decision, the job is stale and dropped (the steward asks again for the new position). Otherwise
the bot's policy chooses from the seat's view and redacted log only (`engine.core.bots.seen`),
with an RNG derived from the game and version (reproducible), within its budget, off the event
loop. The move goes through the rules' `decide` and a conditional append under the move id
`bot-<version>`: a duplicated or re-claimed job, or a second worker, can never move twice at one
version nor skip one.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from typing import Any

import structlog

from boardstate.engine.core.bots.policies import Budget, policy
from boardstate.engine.core.bots.seen import observe
from boardstate.engine.core.rng import Rng
from boardstate.service.games import table_writes
from boardstate.service.games.loader import GameLoader
from boardstate.service.games.steward import Steward
from boardstate.service.games.stopping import cancelled
from boardstate.service.log import event_builder, movers, record_model
from boardstate.service.log.record_model import SERVICE_EVENTS, GameRecord, decode_engine_event
from boardstate.service.store.bot_jobs import BotJob

log = structlog.get_logger("boardstate.bots")

CLAIM_IDLE_MS = 15_000
"""A job taken this long ago and not finished is claimed by another worker."""
POLL_S = 0.1
"""How long a worker with nothing to do waits before it looks for jobs again (it polls: a
waiting worker holds no Redis connection)."""
THINKING_GRACE_S = 5.0
"""A policy still thinking this long after its budget is abandoned (the job is retried)."""


async def choose(loader: GameLoader, record: GameRecord, seat: int) -> dict[str, Any]:
    """The wire move the seat's bot chooses now (from the seat's knowledge only)."""
    chosen = movers.mover(record, seat)
    assert chosen is not None
    return await choose_as(loader, record, seat, chosen, movers.budget_ms(record, seat))


async def choose_as(
    loader: GameLoader, record: GameRecord, seat: int, policy_id: str, budget_ms: int
) -> dict[str, Any]:
    """The wire move `policy_id` chooses for `seat` now, from the seat's view and redacted log
    only, with an RNG of the game and version, off the event loop."""
    rules = record.rules
    stored = await loader.store.read(record.game_id)
    facts = [decode_engine_event(rules, e) for e in stored if e.type not in SERVICE_EVENTS]
    seen = observe(rules, record.state, seat, record.players, facts)
    rng = Rng.for_decision(f"bot:{record.seed}", record.version)
    budget = Budget(millis=budget_ms, clock=time.monotonic)
    thinking = asyncio.to_thread(policy(policy_id), seen, rng, budget)
    move = await asyncio.wait_for(thinking, budget_ms / 1000 + THINKING_GRACE_S)
    return rules.moves.encode(move)


class BotWorker:
    """Plays bot jobs until cancelled."""

    def __init__(self, loader: GameLoader, steward: Steward, name: str | None = None) -> None:
        self.loader = loader
        self.steward = steward
        self.name = name or f"worker-{secrets.token_hex(6)}"
        self.moves = 0

    async def play(self, job: BotJob) -> bool:
        """Plays one job; returns whether it appended a move."""
        record = await self.loader.load(job.game_id)
        if record is None or record.version != job.version:
            return False
        if job.seat not in movers.bot_seats(record):
            return False
        wire = await choose(self.loader, record, job.seat)
        drafts, canonical = event_builder.decide(record, job.seat, wire)
        at = record_model.now_iso()
        move_id = f"bot-{record.version + 1}"
        after, events = event_builder.move_events(record, drafts, move_id, at, canonical)
        appended = await table_writes.commit(self.loader, record, after, events)
        if appended:
            self.moves += 1
            await self.steward.settle(job.game_id)
        return appended

    async def run(self) -> None:
        """Takes jobs (new ones, and ones a dead worker left) until cancelled."""
        store = self.loader.store
        while not cancelled():
            try:
                jobs = await store.reclaim_bot_jobs(self.name, CLAIM_IDLE_MS, 8)
                jobs += await store.take_bot_jobs(self.name, 8)
                if not jobs:
                    await asyncio.sleep(POLL_S)
                for job in jobs:
                    try:
                        await self.play(job)
                    except Exception as exc:  # a bad job must not stop the worker
                        log.warning("bot_job_failed", game_id=job.game_id, error=repr(exc)[:300])
                    await store.finish_bot_job(job)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("bot_worker_failed", error=repr(exc)[:300])
                await asyncio.sleep(1)
        raise asyncio.CancelledError


def start(worker: BotWorker) -> asyncio.Task[None]:
    return asyncio.create_task(worker.run(), name="bot-worker")


async def stop(task: asyncio.Task[None]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
