"""A verdict on every move of a finished game, computed in the background (issue 42).

`Analyses.analysis(record)` answers a finished game's analysis (`move_verdicts.analyse`): kept
with the game (`store.work.analyses`, one blob per game, kept when the game is archived), or, the
first time, `{"status": "PENDING"}` while it is computed off the event loop in a pool of its own
(`service.features.bots.thinking`); the caller asks again. The work is bounded three ways:

* per game: at most `BOARDSTATE_ANALYSIS_PLAYOUTS` playouts shared over its moves, and at most
  `BOARDSTATE_ANALYSIS_BUDGET_MS` of thinking (the pool's `stop`; the moves not reached then have
  no verdict and the analysis says `complete: false`);
* once per game: the answer is kept, and while one is computed every caller of that game shares
  it (a second request starts nothing);
* per process: at most `BOARDSTATE_ANALYSIS_CONCURRENCY` games are analysed at once; a request
  for another one is refused at once with `RATE_LIMITED` (`details.scope: "analysis"`), never
  queued, as hints are (`features.bots.hints`).

A running game is never analysed (`GAME_NOT_FINISHED`): its analysis would judge moves from a
search that reads no hidden card but still tells every caller how the game stands. A finished
game's log is public (its seed revealed), and each verdict is made from the mover's knowledge at
the time.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import structlog

from boardstate.service.failures import GameNotFinished, RateLimited
from boardstate.service.features.bots.move_verdicts import POLICY, analyse
from boardstate.service.features.bots.thinking import Stop, Thinkers
from boardstate.service.log.game_record import GameRecord
from boardstate.service.runtime.callers import CALLER
from boardstate.service.store import EventStore

log = structlog.get_logger("boardstate.analysis")

RETRY_AFTER_S = 2


class Analyses:
    """The analyses of one process."""

    def __init__(self, store: EventStore, concurrency: int, playouts: int, budget_ms: int) -> None:
        self.store = store
        self.playouts = playouts
        self.budget_ms = budget_ms
        self.thinkers = Thinkers(max(1, concurrency), "analysis")
        self.concurrency = concurrency
        self._pending: dict[str, asyncio.Task[None]] = {}

    async def analysis(self, record: GameRecord) -> dict[str, Any]:
        """The analysis of a finished game: kept, or `PENDING` while it is computed; raises
        `GameNotFinished` for a game that has not ended, `RateLimited` when this process is
        analysing as many games as allowed."""
        game_id = record.game_id
        if record.result is None:
            raise GameNotFinished(
                f"game {game_id} is not finished; only finished games are analysed"
            )
        kept = await self.store.analyses.get(game_id)
        if kept is not None:
            answer: dict[str, Any] = json.loads(kept)
            return answer
        if game_id not in self._pending:
            if len(self._pending) >= self.concurrency:
                raise self._busy()
            task = asyncio.create_task(self._compute(record), name="analysis")
            self._pending[game_id] = task
            task.add_done_callback(lambda _: self._pending.pop(game_id, None))
        return {"gameId": game_id, "status": "PENDING", "policy": POLICY, "moves": []}

    def _busy(self) -> RateLimited:
        caller = CALLER.get()
        if caller is not None:
            caller.wait(RETRY_AFTER_S)
        busy = RateLimited(
            f"this server is analysing {self.concurrency} games already; "
            f"retry in {RETRY_AFTER_S} s",
            RETRY_AFTER_S,
        )
        busy.details.update(scope="analysis", limit=self.concurrency)
        return busy

    async def _compute(self, record: GameRecord) -> None:
        game_id = record.game_id
        try:
            events = await self.store.read(game_id, limit=record.version)

            def work(stop: Stop) -> dict[str, Any]:
                return analyse(game_id, events, self.playouts, stop)

            done = await self.thinkers.think(work, self.budget_ms)
            blob = json.dumps(done, separators=(",", ":")).encode()
            await self.store.analyses.put(game_id, blob)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the next request starts again; the error is logged here
            log.warning("analysis_failed", game_id=game_id, error=repr(exc))

    def close(self) -> None:
        """Cancels the analyses being computed (their threads stop within a playout)."""
        for task in list(self._pending.values()):
            task.cancel()
        self.thinkers.close()
