"""Webhook endpoints, their delivery queues and delivery log (keys of the `{hooks}` slot).

* endpoints: one hash, id -> JSON `{id, url, secret, events, gameTypes, paused, pausedReason,
  createdAt}`.
* per endpoint: `q:<id>` (stream of delivery ids, sent in order), `log:<id>` (sorted set of its
  deliveries by creation time, the delivery log), `dead:<id>` (the dead-letter list: deliveries
  that failed every attempt).
* per delivery: `d:<delivery id>`, JSON `{id, endpointId, messageId, type, gameId, payload,
  status, attempts, lastStatus, lastError, nextAt, createdAt, deliveredAt}`, kept 7 days.

Deliveries are queued by the relay (`service.store.work.outbox`); the sender
(`service.features.webhooks.webhook_sender`) takes an endpoint's lease and works through its queue
head first.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.store.keys import HookKeys
from boardstate.service.store.work.outbox import SEEN_MS, Leases

LOG_KEEP = 1000
"""Deliveries listed per endpoint (older ones drop out of the log)."""

RENEW_SCRIPT = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""


def _json(raw: Any) -> dict[str, Any] | None:
    if raw is None:
        return None
    value = json.loads(raw)
    return value if isinstance(value, dict) else None


class RedisWebhooks:
    """Endpoints, queues and delivery records."""

    def __init__(self, client: Redis | RedisCluster, prefix: str) -> None:
        self.client = client
        self.keys = HookKeys.of(prefix)
        self.leases = Leases(client, self.keys)
        self.listeners: list[Callable[[], None]] = []
        """Called after this process saves an endpoint (the sender's wake-up)."""
        self._renew = client.register_script(RENEW_SCRIPT)

    async def renew(self, name: str, token: str, ms: int) -> bool:
        """Extends a lease this holder (`token`) still holds to `ms` from now; False when it
        ran out (another replica may hold it now)."""
        return bool(await self._renew(keys=[self.keys.lease(name)], args=[token, ms]))

    async def endpoints(self) -> list[dict[str, Any]]:
        """Every endpoint, oldest first."""
        found: Any = await self.client.hvals(self.keys.endpoints)
        out = [e for raw in found if (e := _json(raw)) is not None]
        return sorted(out, key=lambda e: (e["createdAt"], e["id"]))

    async def endpoint(self, endpoint_id: str) -> dict[str, Any] | None:
        return _json(await self.client.hget(self.keys.endpoints, endpoint_id))

    async def save(self, endpoint: dict[str, Any]) -> None:
        await self.client.hset(self.keys.endpoints, endpoint["id"], json.dumps(endpoint))
        for listener in self.listeners:
            listener()

    async def remove(self, endpoint_id: str) -> bool:
        """Deletes an endpoint with its queue, log and dead letters."""
        removed = await self.client.hdel(self.keys.endpoints, endpoint_id)
        keys = self.keys
        await self.client.delete(
            keys.queue(endpoint_id), keys.log(endpoint_id), keys.dead(endpoint_id)
        )
        return bool(removed)

    async def head(self, endpoint_id: str) -> tuple[bytes, str] | None:
        """The oldest queued delivery: (queue entry id, delivery id)."""
        found: Any = await self.client.xrange(self.keys.queue(endpoint_id), count=1)
        if not found:
            return None
        entry, fields = found[0]
        return entry, fields[b"d"].decode()

    async def queued(self, endpoint_id: str) -> int:
        return int(await self.client.xlen(self.keys.queue(endpoint_id)))

    async def waiting(self, endpoint_ids: list[str]) -> list[str]:
        """Those of `endpoint_ids` whose queue holds something (one round trip)."""
        if not endpoint_ids:
            return []
        pipe = self.client.pipeline(transaction=False)
        for endpoint_id in endpoint_ids:
            pipe.xlen(self.keys.queue(endpoint_id))
        lengths: list[Any] = await pipe.execute()
        return [e for e, n in zip(endpoint_ids, lengths, strict=True) if int(n)]

    async def pop(self, endpoint_id: str, entry: bytes) -> None:
        await self.client.xdel(self.keys.queue(endpoint_id), entry)

    async def delivery(self, delivery_id: str) -> dict[str, Any] | None:
        return _json(await self.client.get(self.keys.record(delivery_id)))

    async def record(self, delivery: dict[str, Any]) -> None:
        key = self.keys.record(delivery["id"])
        await self.client.set(key, json.dumps(delivery), px=SEEN_MS)

    async def bury(self, delivery: dict[str, Any], now_ms: int) -> None:
        """Puts a delivery on its endpoint's dead-letter list."""
        await self.client.zadd(self.keys.dead(delivery["endpointId"]), {delivery["id"]: now_ms})

    async def requeue(self, delivery: dict[str, Any], now_ms: int) -> None:
        """Queues a delivery again (a resend); it leaves the dead-letter list."""
        endpoint = delivery["endpointId"]
        await self.record(delivery)
        await self.client.zrem(self.keys.dead(endpoint), delivery["id"])
        await self.client.zadd(self.keys.log(endpoint), {delivery["id"]: now_ms})
        await self.client.xadd(self.keys.queue(endpoint), {"d": delivery["id"]})

    async def log(self, endpoint_id: str, limit: int) -> list[dict[str, Any]]:
        """The endpoint's newest deliveries, newest first."""
        key = self.keys.log(endpoint_id)
        await self.client.zremrangebyrank(key, 0, -LOG_KEEP - 1)
        ids: Any = await self.client.zrevrange(key, 0, limit - 1)
        if not ids:
            return []
        raws: Any = await self.client.mget([self.keys.record(i.decode()) for i in ids])
        return [d for raw in raws if (d := _json(raw)) is not None]

    async def dead(self, endpoint_id: str) -> list[str]:
        ids: Any = await self.client.zrange(self.keys.dead(endpoint_id), 0, -1)
        return [i.decode() for i in ids]
