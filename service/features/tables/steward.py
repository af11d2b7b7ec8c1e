"""The steward: acts on games that are due (stand-in turns, timeouts) in every process.

Each process runs one steward. When it wakes it claims the games due by now from the store's
deadline set (`service.store.work.deadlines`: a claim leases an entry, so replicas share the work)
and settles each: load, `due_work.plan`, conditional append, repeat until nothing is due, then
schedule the game's next due time (from that same plan). Then it reads when the earliest game is due
and sleeps until then, at most `IDLE_S` (deadlines another replica wrote, if that replica's steward
is gone); a schedule this process writes that is due sooner wakes it at once. With a file time
source (tests) it looks every `poll_ms` instead. A lost race (another replica appended first)
reloads and decides again, so a deadline fires once whichever replica sees it. Requests that change
a game (a move, a resignation) settle it at once too, so a stand-in answers within the request.

Deadlines are written after the append that sets them; if a process dies between the two,
`sweep` (run at start) schedules every active game of the index again.

Every game is bounded in events (`service.features.moves.game_bounds`): a game at its cap owes the
steward its ending before anything else, so it is due at once and settling it appends the
`GameEnded` of the limit (requests that append settle any game at its cap, clocked or not).
"""

from __future__ import annotations

import asyncio
import contextlib

import structlog

from boardstate.service.failures import GameTypeNotInstalled, StoreUnavailable
from boardstate.service.features.moves import due_work, game_bounds
from boardstate.service.features.moves.due_work import Plan
from boardstate.service.features.moves.loader import GameLoader
from boardstate.service.features.tables import table_writes
from boardstate.service.log import movers, time_source
from boardstate.service.log.game_record import GameRecord
from boardstate.service.runtime.stopping import cancelled

log = structlog.get_logger("boardstate.steward")

MAX_STEPS = 256
"""Events groups one settle appends at most before it yields (a game of stand-ins plays on
at the next poll)."""
LEASE_MS = 10_000
BOT_RECHECK_MS = 30_000
"""A bot seat still owing a move this long after its budget is asked again."""
CLAIM_LIMIT = 32
IDLE_S = 5.0
QUIET_LIMIT = 10_000
"""Games of an uninstalled type this steward remembers having logged (then it forgets them all)."""
AWAKE = 2**62
"""The longest an idle steward sleeps before it looks at the deadline set again."""


class Steward:
    """Settles due games."""

    def __init__(self, loader: GameLoader, poll_ms: int, max_events: int = 20_000) -> None:
        self.loader = loader
        self.poll_ms = poll_ms
        self.max_events = max_events
        """`BOARDSTATE_MAX_GAME_EVENTS` (`service.features.moves.game_bounds.cap`)."""
        self.settled = 0
        """Groups appended by this steward (for tests and metrics)."""
        self.idle_s = IDLE_S
        self._wake = asyncio.Event()
        self._wake_at_ms = AWAKE
        """When the sleeping steward looks again (a sooner schedule wakes it)."""
        self._not_installed: set[str] = set()
        """Due games of an uninstalled type already logged once (`QUIET_LIMIT` at most)."""

    def minds(self, record: GameRecord) -> bool:
        """Whether the game may owe the steward something (a clock, a stand-in, a bot, its
        ending at the event limit), or may have been scheduled for it (to clear)."""
        table = record.table
        if record.clock is not None or bool(table.stand_ins or record.setup.bots):
            return True
        return record.version >= game_bounds.cap(record.rules, self.max_events)

    def at_limit(self, record: GameRecord) -> bool:
        """Whether the game must end now for its event limit."""
        return game_bounds.reached(record, self.max_events)

    async def schedule(self, record: GameRecord, planned: Plan | None = None) -> None:
        """Stores when `record`'s game is next due (after any append that may change it); asks
        the bot workers for the moves of bot seats that owe one. `planned`: the game's plan
        just made (`due_work.plan`), else it is made now."""
        plan = planned or due_work.plan(record, self.max_events, time_source.now_ms(), None)
        if not self.minds(record) or record.state is None:
            return  # never due, and never was: nothing stored to clear
        due, bots = plan.next_ms, plan.bots
        if bots:  # asked again if no worker has moved by then (a lost job)
            budget = max(movers.budget_ms(record, s) for s in bots)
            recheck = plan.now_ms + budget + BOT_RECHECK_MS
            due = recheck if due is None else min(due, recheck)
        try:
            await self.loader.store.schedule(record.game_id, record.version, due)
            self.expect(due)
            for seat in bots:
                await self.loader.store.add_bot_job(record.game_id, record.version, seat)
        except StoreUnavailable as exc:
            log.warning("schedule_failed", game_id=record.game_id, error=str(exc))

    def expect(self, due_ms: int | None) -> None:
        """Wakes the sleeping steward if a game is due before it would look again."""
        if due_ms is not None and due_ms < self._wake_at_ms:
            self._wake.set()

    async def settle(self, game_id: str, head: GameRecord | None = None) -> GameRecord | None:
        """Appends what is due for `game_id` now; returns the game after it. `head`: the game as
        its caller just wrote it (a move's verdict), so it is not read again; every append is
        conditional on its version, and a game that moved on since is read afresh."""
        record = head if head is not None and head.game_id == game_id else None
        record = record or await self.loader.load(game_id)
        for _ in range(MAX_STEPS):
            if record is None:
                return None
            now_ms, at = time_source.stamp()
            plan = due_work.plan(record, self.max_events, now_ms, at)
            if plan.due is None:
                await self.schedule(record, plan)
                return record
            after, events = plan.due
            if await table_writes.commit(self.loader, record, after, events):
                self.settled += 1
                record = after
            else:
                record = await self.loader.load(game_id)
        if record is not None:
            await self.loader.store.schedule(record.game_id, record.version, 0)
        return record

    async def sweep(self, page: int = 100) -> int:
        """Schedules every active game of the index again (after a crash between an append and
        its schedule); returns how many games it looked at."""
        after: str | None = None
        seen = 0
        while True:
            rows, _ = await self.loader.store.index_page(after, page, None, "ACTIVE")
            for row in rows:
                try:
                    record = await self.loader.load(row.game_id)
                except GameTypeNotInstalled:
                    continue  # its package is gone: nothing is due until it is back
                if record is not None:
                    await self.schedule(record)
            seen += len(rows)
            if len(rows) < page:
                return seen
            after = rows[-1].game_id

    async def run(self) -> None:
        """Sweeps once, then polls for due games until cancelled."""
        try:
            await self.sweep()
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("steward_sweep_failed", error=repr(exc)[:300])
        while not cancelled():
            wait_s = 1.0
            self._wake_at_ms = AWAKE  # a schedule during the round: look again at once
            self._wake.clear()
            try:
                if await self.tick() == CLAIM_LIMIT:
                    continue  # more may be due now
                wait_s = await self.sleep_s()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # keep going: one bad game must not stop the rest
                log.warning("steward_tick_failed", error=repr(exc)[:300])
            self._wake_at_ms = time_source.now_ms() + int(wait_s * 1000)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(wait_s):
                    await self._wake.wait()
        raise asyncio.CancelledError

    async def sleep_s(self) -> float:
        """How long to sleep: until the earliest deadline, at most `idle_s` (a file time
        source: `poll_ms`)."""
        if not time_source.system():
            return self.poll_ms / 1000
        due = await self.loader.store.next_due()
        if due is None:
            return self.idle_s
        return min(self.idle_s, max(0.0, (due - time_source.now_ms()) / 1000))

    async def tick(self) -> int:
        """Settles the games due now; returns how many were claimed."""
        claimed = await self.loader.store.claim_due(time_source.now_ms(), CLAIM_LIMIT, LEASE_MS)
        for game_id in claimed:
            try:
                await self.settle(game_id)
            except GameTypeNotInstalled as exc:
                self._quiet(game_id, exc)
            except Exception as exc:
                log.warning("settle_failed", game_id=game_id, error=repr(exc)[:300])
        return len(claimed)

    def _quiet(self, game_id: str, exc: GameTypeNotInstalled) -> None:
        """A due game whose package is gone: logged once, then left alone. Its entry stays in
        the deadline set (the claim only leased it), so it is claimed again after each lease and
        acted on once a process with its package claims it (or sweeps at its start)."""
        if game_id in self._not_installed:
            return
        if len(self._not_installed) >= QUIET_LIMIT:
            self._not_installed.clear()
        self._not_installed.add(game_id)
        log.warning("game_type_not_installed", game_id=game_id, error=str(exc)[:300])
