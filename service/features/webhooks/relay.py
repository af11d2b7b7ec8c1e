"""The relay: moves announcements from game outboxes to the feed and the webhook queues.

Every process runs one. It wakes when this process marks an outbox pending (an append with
announcements; it starts its pass at most every `GATHER_S`, so one pass takes every game
appended meanwhile), else every `IDLE_S` (outboxes other processes wrote), takes the games
marked pending (`service.store.work.outbox`), leases each (so one replica relays a game at a time,
in order), and relays their outbox entries oldest first, each step for all of these games in one
round trip (`RedisOutbox.*_all`; the endpoints are read once per pass): each is fed to the
cross-game feed and queued for every endpoint whose filters match it (paused endpoints too: they
receive everything once resumed), then deleted from the outbox. At start, and every `SWEEP_S`,
every outbox key is looked up (`SCAN`), so entries whose pending mark a crash lost are relayed
as well. A relay that dies half way repeats the step later; the `seen` set makes the repeat a
no-op, so nothing is fed or queued twice and nothing is skipped.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import time
from collections.abc import Callable
from typing import Any

import structlog

from boardstate.service.runtime.stopping import cancelled
from boardstate.service.store.work.outbox import SEEN_MS, RedisOutbox
from boardstate.service.store.work.webhook_store import RedisWebhooks

log = structlog.get_logger("boardstate.relay")

SWEEP_S = 60.0
LEASE_MS = 30_000
BATCH = 100
IDLE_S = 5.0
"""The longest an idle relay sleeps before it looks for pending outboxes again."""
GATHER_S = 0.05
"""After a pass, the relay waits this long before the next, so one pass takes the announcements
of every game appended meanwhile: under load, at most one pass per `GATHER_S` (a pass costs
about eight round trips whatever the number of games in it) instead of one per move."""


def now_ms() -> int:
    return int(time.time() * 1000)


def delivery_id(endpoint_id: str, message_id: str) -> str:
    """The id of one announcement's delivery to one endpoint (stable: a repeated relay gives the
    same)."""
    digest = hashlib.sha256(f"{endpoint_id}\0{message_id}".encode()).hexdigest()
    return f"dlv_{digest[:24]}"


def matches(endpoint: dict[str, Any], announcement: dict[str, Any]) -> bool:
    """Whether an endpoint's filters take an announcement."""
    if announcement["type"] not in endpoint["events"]:
        return False
    types = endpoint.get("gameTypes")
    return not types or announcement["data"]["gameType"] in types


def new_delivery(endpoint_id: str, announcement: dict[str, Any], at: int) -> dict[str, Any]:
    """A delivery record, pending, never attempted."""
    return {
        "id": delivery_id(endpoint_id, announcement["id"]),
        "endpointId": endpoint_id,
        "messageId": announcement["id"],
        "type": announcement["type"],
        "gameId": announcement["data"]["gameId"],
        "payload": announcement,
        "status": "pending",
        "attempts": 0,
        "lastStatus": None,
        "lastError": None,
        "nextAt": 0,
        "createdAt": at,
        "deliveredAt": None,
    }


class Relay:
    """Relays the outboxes of this store."""

    def __init__(self, outbox: RedisOutbox, webhooks: RedisWebhooks, poll_ms: int) -> None:
        self.outbox = outbox
        self.webhooks = webhooks
        self.poll_s = poll_ms / 1000
        self.idle_s = max(self.poll_s, IDLE_S)
        self.relayed = 0
        self.wake = asyncio.Event()
        outbox.listeners.append(self.wake.set)
        self.on_queued: Callable[[], None] | None = None
        """Called after the relay queued deliveries (wakes this process's sender)."""
        self.on_relayed: Callable[[str], None] | None = None
        """Called with an announcement's type after it reached the feed (wakes the ratings)."""

    async def relay_game(self, game_id: str, mark: bytes) -> int:
        """Relays one game's outbox (unless another replica holds it); returns how many."""
        return await self.relay_games([(game_id, mark)])

    async def relay_games(self, marks: list[tuple[str, bytes]]) -> int:
        """Relays the outboxes of these games (those no other replica holds), each step for all
        of them in one round trip; returns how many announcements were relayed."""
        names = [f"relay:{game_id}" for game_id, _ in marks]
        tokens = await self.outbox.leases.take_all(names, LEASE_MS)
        held = [
            (game_id, mark, name, token)
            for (game_id, mark), name, token in zip(marks, names, tokens, strict=True)
            if token is not None
        ]
        if not held:
            return 0
        try:
            batches = await self.outbox.entries_all([game_id for game_id, *_ in held], BATCH)
            endpoints = await self.webhooks.endpoints() if any(batches) else []
            steps = []
            for entries in batches:
                for _, announcement in entries:
                    at = now_ms()
                    queued = [
                        (e["id"], d["id"], json.dumps(d).encode())
                        for e in endpoints
                        if matches(e, announcement)
                        for d in [new_delivery(e["id"], announcement, at)]
                    ]
                    steps.append((announcement, queued))
            fresh = await self.outbox.relay_all(steps, now_ms())
            self.relayed += sum(fresh)
            if self.on_relayed is not None:
                for (announcement, _), new in zip(steps, fresh, strict=True):
                    if new:
                        self.on_relayed(str(announcement.get("type")))
            queued_any = any(q for (_, q), f in zip(steps, fresh, strict=True) if f)
            if queued_any and self.on_queued is not None:
                self.on_queued()
            pairs = zip(held, batches, strict=True)
            done = [(g, m, [entry for entry, _ in b]) for (g, m, *_), b in pairs]
            await self.outbox.done_all(done, now_ms())
            return sum(len(entries) for entries in batches)
        finally:
            await self.outbox.leases.give_back_all([(name, token) for *_, name, token in held])

    async def sweep(self) -> None:
        """Marks every game with an outbox key pending."""
        for game_id in await self.outbox.outboxes():
            await self.outbox.written(game_id, now_ms() - SEEN_MS // 2)

    async def run(self) -> None:
        """Relays until cancelled."""
        swept = 0.0
        while not cancelled():
            try:
                if time.monotonic() - swept > SWEEP_S:
                    await self.sweep()
                    swept = time.monotonic()
                self.wake.clear()
                busy = await self.relay_games(await self.outbox.pending(64))
                if not busy:
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(self.idle_s):
                            await self.wake.wait()
                await asyncio.sleep(GATHER_S)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # Redis away: try again later
                log.warning("relay_failed", error=repr(exc)[:300])
                await asyncio.sleep(1)
        raise asyncio.CancelledError
