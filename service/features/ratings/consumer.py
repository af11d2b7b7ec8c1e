"""The ratings consumer: applies each rated game's end from the cross-game feed (issue 30).

Every service process (and `boardstate bots`) runs one, the `ratings` loop
(`service.http.background`). They read the feed's consumer group `ratings`
(`service.store.players.rating_store`), so each feed entry goes to one of them. A consumer reads
when its own process's relay has just put a `game.ended` on the feed (`heard`, so the replica that
relays a game's end applies it at once), and otherwise every `POLL_S` (entries another
process relayed and left) and claims entries a dead consumer left for `CLAIM_IDLE_MS` every
`RECLAIM_S`: an idle process sends about 4 commands a minute for it, fewer than a blocking
read every 2 s would (the idle budget of docs/performance.md).

A `game.ended` of a FINISHED game is loaded from its log and, when rated
(`features.ratings.outcomes`: the seats that moved), applied (`features.ratings.applier`: once
per game, whatever replica or retry applies it; a game the pair bound holds moves no rating);
then each player whose rating it moved hears `rating.changed`. An entry
is acknowledged once handled; one whose handling failed (Redis away) stays pending and is
claimed again by any consumer, this one included: a consumer that died loses nothing.

The feed keeps about `FEED_MAXLEN` announcements (`service.store.work.outbox`): games that ended
while every consumer was stopped for longer than that many announcements are missed, and
`boardstate ratings rebuild` applies them (docs/players.md, "Ratings").
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import time
from typing import Any

import structlog

from boardstate.service.contract.players.player_inbox import PlayerInbox
from boardstate.service.failures import StoreUnavailable
from boardstate.service.features.moves.loader import GameLoader
from boardstate.service.features.ratings.applier import Applier, RatingsContended, result_of
from boardstate.service.features.ratings.outcomes import BOT_PREFIX, RatedResult
from boardstate.service.features.ratings.updates import Row
from boardstate.service.runtime.stopping import cancelled
from boardstate.service.store.players.rating_store import RedisRatings

log = structlog.get_logger("boardstate.ratings")

POLL_S = 30.0
"""How long an idle consumer waits between reads when its process relays no game's end."""
BATCH = 50
CLAIM_IDLE_MS = 30_000
"""An entry taken this long ago and not acknowledged is claimed by another consumer."""
RECLAIM_S = 30.0
FORGET_EVERY = 20
"""Every this many reclaims (10 min), consumers idle `FORGOTTEN_MS` with nothing pending (a
stopped process's) are removed from the group."""
FORGOTTEN_MS = 3_600_000
RATING_CHANGED = "rating.changed"
"""The player inbox event of a rating update."""


class RatingsConsumer:
    """Reads the feed's `ratings` group and applies rated games' ends."""

    def __init__(
        self,
        ratings: RedisRatings,
        loader: GameLoader,
        applier: Applier,
        inbox: PlayerInbox | None = None,
    ) -> None:
        self.ratings = ratings
        self.loader = loader
        self.applier = applier
        self.inbox = inbox
        self.name = f"{os.getpid()}-{secrets.token_hex(4)}"
        self.idle_s = POLL_S
        self.wake = asyncio.Event()

    def heard(self, kind: str) -> None:
        """This process's relay put an announcement of `kind` on the feed (wakes on a game's
        end)."""
        if kind == "game.ended":
            self.wake.set()

    async def handle(self, raw: bytes) -> None:
        """Handles one feed announcement (anything but a FINISHED game's end is skipped)."""
        announcement: Any = json.loads(raw)
        data = announcement.get("data") or {}
        if announcement.get("type") != "game.ended" or data.get("status") != "FINISHED":
            return
        result = await result_of(self.loader, str(data.get("gameId")))
        if result is None:
            return
        place, rows = await self.applier.apply(result)
        if place > 0:
            await self.tell(result, rows)

    async def tell(self, result: RatedResult, rows: list[Row]) -> None:
        """Sends `rating.changed` to each rated human player's inbox."""
        if self.inbox is None:
            return
        for row in rows:
            if row.player.startswith(BOT_PREFIX):
                continue
            entry = json.loads(row.entry)
            data = {"gameType": result.game_type, **entry, "provisional": not row.ranked}
            try:
                await self.inbox.publish(row.player, RATING_CHANGED, data)
            except Exception as exc:  # the rating stands; the notice is best effort
                log.warning("rating_notice_failed", player=row.player, error=repr(exc)[:200])

    async def round(self, entries: list[tuple[str, bytes]]) -> None:
        """Handles `entries`, acknowledging those handled (a failed one stays pending)."""
        handled = []
        for entry, raw in entries:
            try:
                await self.handle(raw)
            except (StoreUnavailable, RatingsContended) as exc:  # tried again when reclaimed
                log.warning("rating_entry_failed", entry=entry, error=repr(exc)[:300])
                continue
            except Exception as exc:  # a log that does not fold, a bad entry: never rated
                log.error("rating_entry_dropped", entry=entry, error=repr(exc)[:300])
            handled.append(entry)
        await self.ratings.done(handled)

    async def run(self) -> None:
        """Consumes the feed until cancelled."""
        reclaimed, rounds = time.monotonic(), 0
        while not cancelled():
            self.wake.clear()  # before the read: a game's end relayed during it wakes the wait
            entries = await self.ratings.take(self.name, BATCH)
            if time.monotonic() - reclaimed >= RECLAIM_S:
                reclaimed, rounds = time.monotonic(), rounds + 1
                entries += await self.ratings.reclaim(self.name, CLAIM_IDLE_MS, BATCH)
                if rounds % FORGET_EVERY == 0:
                    await self.ratings.forget_idle(FORGOTTEN_MS, self.name)
            if entries:
                await self.round(entries)
                continue
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.idle_s):  # not wait_for: see `check_cancelled`
                    await self.wake.wait()
