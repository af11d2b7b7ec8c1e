"""The players' fan-out: every game announcement into the streams of the players it concerns.

`Inbox.publish` is the `PlayerInbox` port (`service.contract.players.player_inbox`): matchmaking and
ratings append `challenge`, `seek.matched` and `rating.changed` through it.

`FanOut` is the `player-fanout` loop every service process runs (`service.http.background`).
The processes share the feed's consumer group `players` (`service.store.work.feed_group`), read by
one of them at a time, the holder of the group's lease (`LEASE_MS`, renewed every `RENEW_S`),
so a player's events keep the feed's order; the others try for it every `TRY_S` (a holder that
stops gives it back; one that died loses it after `LEASE_MS`). The holder waits in `XREADGROUP
BLOCK` (up to `RENEW_S`) on a connection of its own: an idle process sends a few commands a
minute. For each announcement it appends the player events (`features.players.inbox_events`)
to each player's stream, each once per announcement id whatever retries or replicas deliver it,
records the game in each player's list, then acknowledges the entry. A new holder first takes
over the entries the last one left unacknowledged (it died), oldest first: nothing is lost; an
entry whose handling failed stays pending and is tried again every `RECLAIM_S`.
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

from boardstate.service.failures import StoreUnavailable
from boardstate.service.features.players.inbox_events import game_rows, player_events
from boardstate.service.log.clocks import ms_iso
from boardstate.service.runtime.stopping import cancelled
from boardstate.service.store.players.inbox_store import RedisInbox
from boardstate.service.store.work.feed_group import FeedGroup

log = structlog.get_logger("boardstate.players")

GROUP = "players"
BLOCK_MS = 30_000
"""The longest one blocking read waits (capped by the feed group's client)."""
BATCH = 100
LEASE_MS = 60_000
"""How long the group's lease outlives its holder's last renewal (a holder that died)."""
RENEW_S = 15.0
"""The holder renews its lease this often (a block ends first when entries arrive)."""
TRY_S = 10.0
"""A process without the lease tries for it this often (a holder that stops gives it back)."""
RECLAIM_S = 60.0
"""The holder takes up entries whose handling failed this often."""


def now_ms() -> int:
    return int(time.time() * 1000)


class Inbox:
    """Appends events to players' own streams (the `PlayerInbox` port)."""

    def __init__(self, store: RedisInbox) -> None:
        self.store = store

    async def publish(self, player_id: str, kind: str, data: dict[str, Any]) -> None:
        """Appends `kind` with `data` to `player_id`'s stream."""
        at = now_ms()
        await self.store.publish(player_id, kind, data, ms_iso(at), at)


class FanOut:
    """Reads the feed's `players` group and fills the players' streams."""

    def __init__(self, inbox: RedisInbox, group: FeedGroup) -> None:
        self.inbox = inbox
        self.group = group
        self.name = f"{os.getpid()}-{secrets.token_hex(4)}"
        self.idle_s = BLOCK_MS / 1000
        self.delivered = 0

    async def handle(self, raw: bytes) -> None:
        """Delivers one announcement to its players' streams and lists."""
        announcement: Any = json.loads(raw)
        if not isinstance(announcement, dict):
            return
        at = str(announcement.get("timestamp") or ms_iso(now_ms()))
        for player, game_id, row in game_rows(announcement):
            await self.inbox.note_game(player, game_id, row, now_ms())
        for event in player_events(announcement):
            made = await self.inbox.publish(
                event.player_id, event.kind, event.data, at, now_ms(), event.once
            )
            self.delivered += made is not None

    async def round(self, entries: list[tuple[str, bytes]]) -> None:
        """Handles `entries`, acknowledging each handled one (a failed one stays pending)."""
        handled = []
        for entry, raw in entries:
            try:
                await self.handle(raw)
            except StoreUnavailable as exc:  # tried again when reclaimed
                log.warning("fanout_entry_failed", entry=entry, error=repr(exc)[:300])
                continue
            except Exception as exc:  # a bad entry: skipped for good
                log.error("fanout_entry_dropped", entry=entry, error=repr(exc)[:300])
            handled.append(entry)
        await self.group.done(handled)

    async def run(self) -> None:
        """Fans the feed out until cancelled, while this process holds the group's lease."""
        holding, renewed, reclaimed, behind = False, 0.0, 0.0, False
        try:
            while not cancelled():
                try:
                    now = time.monotonic()
                    if not holding or now - renewed >= RENEW_S:
                        held = await self.group.hold(self.name, LEASE_MS)
                        behind = behind or (held and not holding)  # just taken: take over
                        holding, renewed = held, now
                        if not held:
                            await asyncio.sleep(TRY_S)
                            continue
                    entries = []
                    if behind or now - reclaimed >= RECLAIM_S:
                        entries = await self.group.reclaim(self.name, 0, BATCH)
                        behind, reclaimed = len(entries) == BATCH, now
                    if not entries:
                        block = min(BLOCK_MS, int(RENEW_S * 1000))
                        entries = await self.group.take(self.name, BATCH, block)
                    if entries:
                        await self.round(entries)
                    elif self.group.blocking is None:
                        await asyncio.sleep(0.1)
                except StoreUnavailable as exc:  # Redis away: try again soon
                    log.warning("fanout_failed", error=str(exc)[:300])
                    await asyncio.sleep(1)
        finally:
            if holding:
                with contextlib.suppress(Exception):
                    await self.group.release(self.name)
