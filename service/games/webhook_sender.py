"""Sending webhook deliveries (Standard Webhooks), in order per endpoint, at least once.

Every process runs one sender. Every `poll_ms` it goes through the endpoints that are not
paused; for each whose lease it gets (`service.store.outbox.Leases`, so one replica sends to an
endpoint at a time) it sends the queue head while the head is due and succeeds:

* the body is the announcement without its id (`{type, timestamp, data}`); headers
  `webhook-id` (the announcement's id: the same on every attempt, every resend and every
  duplicate), `webhook-timestamp` (seconds, at this attempt) and `webhook-signature`
  (`v1,` + base64 HMAC-SHA256 over `id.timestamp.body` with the endpoint's `whsec_` secret);
* a 2xx answer delivers it; anything else (another status, a redirect, which is never followed,
  a timeout, an address that is not allowed) is a failed attempt: the head waits
  `backoff(attempts)` (exponential, capped, half of it random jitter) and blocks the queue
  behind it, so a receiver gets each game's announcements in order;
* after `max_attempts` failed attempts the delivery goes to the endpoint's dead-letter list and
  the endpoint is *paused* (`pausedReason` says why): nothing more is sent until an admin
  resumes it, and what arrives meanwhile is queued, so a resumed endpoint receives everything.

A replica that dies while sending leaves its lease to run out; another replica then sends the
head again (a duplicate with the same `webhook-id`, which receivers de-duplicate by).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import json
import random
import time
from typing import Any

import httpx
import structlog

from boardstate.service.games.stopping import cancelled
from boardstate.service.games.webhook_targets import TargetRefused, check_target
from boardstate.service.store.webhook_store import RedisWebhooks

log = structlog.get_logger("boardstate.webhooks")

BURST = 50
"""Deliveries one turn sends to one endpoint at most before the next endpoint's turn."""


def sign(secret: str, message_id: str, timestamp: int, body: bytes) -> str:
    """The `webhook-signature` header value (Standard Webhooks, `v1`)."""
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{message_id}.{timestamp}.".encode() + body
    digest = hmac.new(key, signed, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


class Sender:
    """Sends the queued deliveries of every endpoint."""

    def __init__(
        self,
        webhooks: RedisWebhooks,
        *,
        poll_ms: int,
        timeout_ms: int,
        max_attempts: int,
        backoff_ms: int,
        max_backoff_ms: int,
        allow_private: bool,
    ) -> None:
        self.webhooks = webhooks
        self.poll_s = poll_ms / 1000
        self.timeout_s = timeout_ms / 1000
        self.lease_ms = timeout_ms * 3 + 5000
        self.max_attempts = max_attempts
        self.backoff_ms = backoff_ms
        self.max_backoff_ms = max_backoff_ms
        self.allow_private = allow_private
        self.http = httpx.AsyncClient(
            follow_redirects=False, timeout=httpx.Timeout(self.timeout_s), trust_env=False
        )

    def backoff(self, attempts: int) -> int:
        """Milliseconds before the next attempt (exponential, capped, half of it jitter)."""
        cap = min(self.max_backoff_ms, self.backoff_ms * 2 ** min(attempts - 1, 30))
        return int(cap / 2 + random.random() * cap / 2)

    async def post(
        self, endpoint: dict[str, Any], delivery: dict[str, Any]
    ) -> tuple[int | None, str | None]:
        """One attempt: (HTTP status, error); error None means delivered."""
        payload = {k: v for k, v in delivery["payload"].items() if k != "id"}
        body = json.dumps(payload, separators=(",", ":")).encode()
        stamp = int(time.time())
        headers = {
            "content-type": "application/json",
            "user-agent": "Boardstate-Webhooks/1",
            "webhook-id": delivery["messageId"],
            "webhook-timestamp": str(stamp),
            "webhook-signature": sign(endpoint["secret"], delivery["messageId"], stamp, body),
        }
        try:
            await check_target(endpoint["url"], self.allow_private)
            request = self.http.build_request(
                "POST", endpoint["url"], content=body, headers=headers
            )
            response = await self.http.send(request, stream=True)
            await response.aclose()
        except TargetRefused as exc:
            return None, str(exc)
        except httpx.HTTPError as exc:
            return None, f"{type(exc).__name__}: {exc}"[:300]
        if 200 <= response.status_code < 300:
            return response.status_code, None
        if 300 <= response.status_code < 400:
            return response.status_code, f"HTTP {response.status_code}: redirects are not followed"
        return response.status_code, f"HTTP {response.status_code}"

    async def attempt(self, endpoint: dict[str, Any], delivery: dict[str, Any]) -> bool:
        """Sends one delivery and records the outcome; True when delivered."""
        status, error = await self.post(endpoint, delivery)
        now = int(time.time() * 1000)
        delivery["attempts"] += 1
        delivery["lastStatus"] = status
        delivery["lastError"] = error
        if error is None:
            delivery.update(status="delivered", deliveredAt=now, nextAt=0)
        elif delivery["attempts"] >= self.max_attempts:
            delivery.update(status="dead", nextAt=0)
            await self.webhooks.bury(delivery, now)
            reason = f"delivery {delivery['id']} failed {delivery['attempts']} times: {error}"
            await self.pause(endpoint["id"], reason[:300])
        else:
            delivery.update(status="failed", nextAt=now + self.backoff(delivery["attempts"]))
        await self.webhooks.record(delivery)
        log.info(
            "webhook_attempt",
            endpoint=endpoint["id"],
            delivery=delivery["id"],
            status=delivery["status"],
            http=status,
        )
        return delivery["status"] in ("delivered", "dead")

    async def pause(self, endpoint_id: str, reason: str) -> None:
        current = await self.webhooks.endpoint(endpoint_id)
        if current is not None:
            await self.webhooks.save({**current, "paused": True, "pausedReason": reason})

    async def work(self, endpoint: dict[str, Any]) -> int:
        """Sends what is due to one endpoint (if its lease is free); returns how many."""
        name = f"send:{endpoint['id']}"
        token = await self.webhooks.leases.take(name, self.lease_ms)
        if token is None:
            return 0
        sent = 0
        try:
            for _ in range(BURST):
                head = await self.webhooks.head(endpoint["id"])
                if head is None:
                    break
                entry, delivery_id = head
                delivery = await self.webhooks.delivery(delivery_id)
                if delivery is not None and delivery["status"] != "delivered":
                    if delivery["nextAt"] > time.time() * 1000:
                        break
                    if not await self.attempt(endpoint, delivery):
                        break
                    sent += 1
                await self.webhooks.pop(endpoint["id"], entry)
                if delivery is not None and delivery["status"] == "dead":
                    break
        finally:
            await self.webhooks.leases.give_back(name, token)
        return sent

    async def run(self) -> None:
        """Sends until cancelled."""
        while not cancelled():
            try:
                busy = 0
                for endpoint in await self.webhooks.endpoints():
                    if not endpoint.get("paused"):
                        busy += await self.work(endpoint)
                if not busy:
                    await asyncio.sleep(self.poll_s)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("webhook_sender_failed", error=repr(exc)[:300])
                await asyncio.sleep(1)
        raise asyncio.CancelledError

    async def close(self) -> None:
        await self.http.aclose()


def start(sender: Sender) -> asyncio.Task[None]:
    return asyncio.create_task(sender.run(), name="webhook-sender")


async def stop(task: asyncio.Task[None], sender: Sender) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    await sender.close()
