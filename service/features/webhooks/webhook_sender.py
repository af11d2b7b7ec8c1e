"""Sending webhook deliveries (Standard Webhooks), in order per endpoint, at least once, each
endpoint on its own.

Every process runs one sender. Woken (this process's relay queued a delivery or saved an endpoint,
a worker sent something, the earliest retry it knows is due; else after `IDLE_S`, for what other
processes queued) it starts a worker for each endpoint not paused, with something queued and no
worker here yet, at most `concurrency` at once (endpoints take turns). A worker takes the
endpoint's lease (`service.store.work.outbox.Leases`, so one replica sends to an endpoint at a time,
renewed before each attempt) and sends the queue head while the head is due and succeeds, at most
`BURST` deliveries, then makes way:

* the body and headers are Standard Webhooks' (`service.features.webhooks.webhook_post.signed`);
* one attempt is one `service.features.webhooks.webhook_post.Poster.post`: resolution, the target
check,
  connection, request, status and answer all within one deadline; a 2xx answer delivers it;
  anything else (another status, a redirect, which is never followed, the deadline, an address
  that is not allowed) is a failed attempt: the head waits `backoff(attempts)` (exponential,
  capped, half of it random jitter) and blocks the queue behind it, so a receiver gets each
  game's announcements in order;
* after `max_attempts` failed attempts the delivery goes to the endpoint's dead-letter list and
  the endpoint is *paused* (`pausedReason` says why): nothing more is sent until an admin
  resumes it, and what arrives meanwhile is queued, so a resumed endpoint receives everything.

A slow or hostile receiver holds one worker (one place of `concurrency`) for at most the deadline
per attempt, then waits its backoff: the other endpoints' workers go on meanwhile. A replica that
dies while sending leaves its lease to run out; another replica then sends the head again (a
duplicate with the same `webhook-id`, which receivers de-duplicate by).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import random
import time
from typing import Any

import structlog

from boardstate.service.features.webhooks.webhook_post import Poster, signed
from boardstate.service.features.webhooks.webhook_resolver import Resolver
from boardstate.service.runtime.stopping import cancelled
from boardstate.service.settings import Settings
from boardstate.service.store.work.webhook_store import RedisWebhooks

log = structlog.get_logger("boardstate.webhooks")

BURST = 50
IDLE_S = 5.0
"""The longest an idle sender sleeps before it looks for queued deliveries again."""
"""Deliveries one worker sends to one endpoint at most before it makes way."""


class Sender:
    """Sends the queued deliveries of every endpoint, endpoints side by side."""

    def __init__(
        self,
        webhooks: RedisWebhooks,
        poster: Poster,
        *,
        poll_ms: int,
        concurrency: int,
        max_attempts: int,
        backoff_ms: int,
        max_backoff_ms: int,
    ) -> None:
        self.webhooks = webhooks
        self.poster = poster
        self.poll_s = poll_ms / 1000
        self.lease_ms = poster.deadline_ms * 2 + 5000
        """Outlasts one attempt; renewed before each."""
        self.concurrency = concurrency
        self.max_attempts = max_attempts
        self.backoff_ms = backoff_ms
        self.max_backoff_ms = max_backoff_ms
        self.workers: dict[str, asyncio.Task[int]] = {}
        self.turn = 0
        self.wake = asyncio.Event()
        webhooks.listeners.append(self.wake.set)
        self.idle_s = max(self.poll_s, IDLE_S)
        self.soonest_ms = float("inf")
        """The earliest retry a worker saw waiting (the sender wakes then)."""
        self.planned_ms = 0.0
        """When the sleeping sender wakes (a worker that sees a sooner retry wakes it)."""

    @classmethod
    def of(cls, webhooks: RedisWebhooks, settings: Settings) -> Sender:
        """The sender `settings` describe, with its poster and resolver (which registration
        shares, so a test's hosts table counts every lookup)."""
        resolver = Resolver(settings.webhook_concurrency + 2, settings.webhook_test_hosts)
        poster = Poster(
            resolver,
            deadline_ms=settings.webhook_timeout_ms,
            max_answer_bytes=settings.webhook_max_answer_bytes,
            allow_private=settings.webhooks_allow_private,
            connections=settings.webhook_concurrency,
            ca_file=settings.webhook_ca_file,
        )
        return cls(
            webhooks,
            poster,
            poll_ms=settings.webhook_poll_ms,
            concurrency=settings.webhook_concurrency,
            max_attempts=settings.webhook_max_attempts,
            backoff_ms=settings.webhook_backoff_ms,
            max_backoff_ms=settings.webhook_max_backoff_ms,
        )

    def backoff(self, attempts: int) -> int:
        """Milliseconds before the next attempt (exponential, capped, half of it jitter)."""
        cap = min(self.max_backoff_ms, self.backoff_ms * 2 ** min(attempts - 1, 30))
        return int(cap / 2 + random.random() * cap / 2)

    async def attempt(self, endpoint: dict[str, Any], delivery: dict[str, Any]) -> bool:
        """Sends one delivery and records the outcome; True when delivered or dead."""
        body, headers = signed(endpoint["secret"], delivery["messageId"], delivery["payload"])
        answer = await self.poster.post(endpoint["url"], body, headers)
        now = int(time.time() * 1000)
        delivery["attempts"] += 1
        delivery["lastStatus"] = answer.status
        delivery["lastError"] = answer.error
        if answer.error is None:
            delivery.update(status="delivered", deliveredAt=now, nextAt=0)
        elif delivery["attempts"] >= self.max_attempts:
            delivery.update(status="dead", nextAt=0)
            await self.webhooks.bury(delivery, now)
            times = f"failed {delivery['attempts']} times"
            reason = f"delivery {delivery['id']} {times}: {answer.error}"
            await self.pause(endpoint["id"], reason[:300])
        else:
            delivery.update(status="failed", nextAt=now + self.backoff(delivery["attempts"]))
        await self.webhooks.record(delivery)
        log.info(
            "webhook_attempt",
            endpoint=endpoint["id"],
            delivery=delivery["id"],
            status=delivery["status"],
            http=answer.status,
        )
        return delivery["status"] in ("delivered", "dead")

    async def pause(self, endpoint_id: str, reason: str) -> None:
        current = await self.webhooks.endpoint(endpoint_id)
        if current is not None:
            await self.webhooks.save({**current, "paused": True, "pausedReason": reason})

    async def work(self, endpoint_id: str) -> int:
        """Sends what is due to one endpoint (if its lease is free); returns how many."""
        name = f"send:{endpoint_id}"
        token = await self.webhooks.leases.take(name, self.lease_ms)
        if token is None:
            return 0
        sent = 0
        try:
            for _ in range(BURST):
                endpoint = await self.webhooks.endpoint(endpoint_id)
                head = await self.webhooks.head(endpoint_id)
                if endpoint is None or endpoint.get("paused") or head is None:
                    break
                entry, delivery_id = head
                delivery = await self.webhooks.delivery(delivery_id)
                if delivery is not None and delivery["status"] != "delivered":
                    if delivery["nextAt"] > time.time() * 1000:
                        self.soonest_ms = min(self.soonest_ms, delivery["nextAt"])
                        break
                    if not await self.webhooks.renew(name, token, self.lease_ms):
                        break  # the lease ran out: another replica may be sending
                    if not await self.attempt(endpoint, delivery):
                        if delivery["nextAt"]:
                            self.soonest_ms = min(self.soonest_ms, delivery["nextAt"])
                        break
                    sent += 1
                await self.webhooks.pop(endpoint_id, entry)
                if delivery is not None and delivery["status"] == "dead":
                    break
        finally:
            await self.webhooks.leases.give_back(name, token)
        return sent

    async def start_workers(self) -> None:
        """Starts a worker for each endpoint with something queued and no worker, while there
        are free places; the endpoints take turns for them."""
        free = self.concurrency - len(self.workers)
        if free <= 0:
            return
        endpoints = await self.webhooks.endpoints()
        idle = [e["id"] for e in endpoints if not e.get("paused") and e["id"] not in self.workers]
        waiting = await self.webhooks.waiting(idle)
        if not waiting:
            return
        first = self.turn % len(waiting)
        chosen = (waiting[first:] + waiting[:first])[:free]
        self.turn += len(chosen)
        for endpoint_id in chosen:
            task = asyncio.create_task(self.work(endpoint_id), name=f"webhook:{endpoint_id}")
            self.workers[endpoint_id] = task
            task.add_done_callback(functools.partial(self.finished, endpoint_id))

    def finished(self, endpoint_id: str, task: asyncio.Task[int]) -> None:
        self.workers.pop(endpoint_id, None)
        if task.cancelled():
            return
        error = task.exception()
        if error is not None:  # Redis away: the lease runs out, a later worker goes on
            log.warning("webhook_worker_failed", endpoint=endpoint_id, error=repr(error)[:300])
        elif task.result() or self.soonest_ms < self.planned_ms:
            self.wake.set()  # it sent something (more may be due now), or a retry is sooner

    async def run(self) -> None:
        """Sends until cancelled."""
        try:
            while not cancelled():
                self.wake.clear()
                if self.soonest_ms <= time.time() * 1000:
                    self.soonest_ms = float("inf")  # due now: this round's workers retry it
                try:
                    await self.start_workers()
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    log.warning("webhook_sender_failed", error=repr(exc)[:300])
                    await asyncio.sleep(1)
                now_ms = time.time() * 1000
                wait_s = max(0.0, min(self.idle_s, (self.soonest_ms - now_ms) / 1000))
                self.planned_ms = now_ms + wait_s * 1000
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(wait_s):
                        await self.wake.wait()
        finally:
            await self.stop_workers()
        raise asyncio.CancelledError

    async def stop_workers(self) -> None:
        workers = list(self.workers.values())
        for task in workers:
            task.cancel()
        await asyncio.gather(*workers, return_exceptions=True)

    async def close(self) -> None:
        await self.poster.close()
        self.poster.resolver.close()
