"""Hints (`suggestMove`): bounded, shared and cancellable thinking (issue 27).

A hint is a search of the strongest policy for its budget (`BOARDSTATE_HINT_BUDGET_MS`),
so a client asking for many costs CPU that the rate limits alone do not bound. Here:

* one answer per position: a hint for (game, version, seat) is kept (`KEPT` of them), and
  callers asking while it is being thought about wait for that one think, so asking again
  for the same position costs nothing;
* at most `concurrency` hints think at once per process (`BOARDSTATE_HINT_CONCURRENCY`) in a
  pool of their own (`service.features.bots.thinking`); one more is refused at once, never queued,
  with
  `RATE_LIMITED` and `details: {retryAfter, scope: "hints", limit}` (REST 429 with
  `Retry-After`, GraphQL `extensions.code` and the response's `Retry-After`), as Stripe's
  concurrent-request limiter answers 429 `rate_limit`;
* a think ends at its budget (the policy's clock, then its `stop` check), so it always answers
  with a move (never a timeout, never a 500) and leaves no thread thinking after it.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from boardstate.service.failures import RateLimited
from boardstate.service.features.bots.bot_memory import SeatLogs
from boardstate.service.features.bots.bot_worker import choose_as
from boardstate.service.features.bots.thinking import Thinkers
from boardstate.service.log.game_record import GameRecord
from boardstate.service.runtime.callers import CALLER

KEPT = 1024
"""Answers kept (one per game, version and seat)."""
RETRY_AFTER_S = 1

Key = tuple[str, int, int]


class Hints:
    """The hints of one process."""

    def __init__(self, memory: SeatLogs, concurrency: int, budget_ms: int) -> None:
        self.memory = memory
        self.budget_ms = budget_ms
        self.thinkers = Thinkers(concurrency, "hints")
        self._answers: OrderedDict[Key, dict[str, Any]] = OrderedDict()
        self._pending: dict[Key, asyncio.Task[dict[str, Any]]] = {}

    async def suggest(self, record: GameRecord, seat: int, policy_id: str) -> dict[str, Any]:
        """The move `policy_id` suggests for `seat` in `record` (kept, or thought about now);
        raises `RateLimited` when as many hints as allowed are being thought about."""
        key = (record.game_id, record.version, seat)
        known = self._answers.get(key)
        if known is not None:
            self._answers.move_to_end(key)
            return dict(known)
        task = self._pending.get(key)
        if task is None:
            if len(self._pending) >= self.thinkers.size or self.thinkers.full:
                raise self._busy()
            task = asyncio.create_task(self._think(key, record, seat, policy_id), name="hint")
            self._pending[key] = task
            task.add_done_callback(lambda _: self._pending.pop(key, None))
        return dict(await asyncio.shield(task))

    def _busy(self) -> RateLimited:
        caller = CALLER.get()
        if caller is not None:
            caller.wait(RETRY_AFTER_S)
        size = self.thinkers.size
        busy = RateLimited(
            f"this server is thinking about {size} hints already; retry in {RETRY_AFTER_S} s",
            RETRY_AFTER_S,
        )
        busy.details.update(scope="hints", limit=size)
        return busy

    async def _think(
        self, key: Key, record: GameRecord, seat: int, policy_id: str
    ) -> dict[str, Any]:
        move = await choose_as(self.thinkers, self.memory, record, seat, policy_id, self.budget_ms)
        self._answers[key] = move
        while len(self._answers) > KEPT:
            self._answers.popitem(last=False)
        return move

    def close(self) -> None:
        """Cancels the hints being thought about (their threads stop within a step)."""
        for task in list(self._pending.values()):
            task.cancel()
        self.thinkers.close()
