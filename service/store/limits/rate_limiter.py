"""`RateLimiter`: sliding-window rate limits kept in Redis (the `limits` library), so every
replica of the service counts against the same windows.

Each limit is a `limits` string (`"30/minute;300/hour"`); a hit counts against every window
of the string for one identity (an address or a token digest). Keys live under
`<prefix>:rl:` and expire with their windows. The counters use `limits`' sliding window
counter (two small keys per window and identity, same cluster slot).

The limiter fails open: when Redis cannot count (down, or full and refusing writes), the hit
is allowed and a warning logged; the request then meets the store's own error if it writes.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from urllib.parse import urlsplit, urlunsplit

import structlog
from limits import RateLimitItem, parse_many
from limits.aio.storage import RedisClusterStorage, RedisStorage
from limits.aio.strategies import SlidingWindowCounterRateLimiter
from limits.errors import StorageError

from boardstate.service.store.keys import rate_limit_prefix

log = structlog.get_logger("boardstate.rate_limits")

Limits = Sequence[RateLimitItem]


def parse_limits(text: str) -> list[RateLimitItem]:
    """Returns the windows of a limits string like `"30/minute;300/hour"`."""
    return parse_many(text)


def storage_uri(url: str, cluster: bool) -> str:
    """Returns the `limits` storage URI of a Redis URL (`async+redis://`, `async+rediss://`,
    `async+redis+cluster://`, `async+redis+unix://`)."""
    parts = urlsplit(url)
    if parts.scheme == "unix":
        return "async+redis+unix://" + url.removeprefix("unix://")
    if cluster:
        return urlunsplit(parts._replace(scheme="async+redis+cluster"))
    return f"async+{url}"


class RateLimiter:
    """Counts hits per identity against Redis-kept windows."""

    def __init__(self, url: str, cluster: bool, prefix: str, socket_timeout: float = 2.0) -> None:
        options: dict[str, float | str | bool] = {"socket_timeout": socket_timeout}
        if cluster and urlsplit(url).scheme == "rediss":
            options["ssl"] = True
        kind = RedisClusterStorage if cluster else RedisStorage
        self.storage = kind(
            storage_uri(url, cluster),
            wrap_exceptions=True,
            implementation="redispy",
            key_prefix=rate_limit_prefix(prefix),
            **options,
        )
        self.strategy = SlidingWindowCounterRateLimiter(self.storage)

    async def hit(self, limits: Limits, identity: str) -> int | None:
        """Counts one request of `identity` against every window of `limits`; returns None
        when all allow it, else the seconds until the exhausted window admits it again."""
        try:
            for item in limits:
                if not await self.strategy.hit(item, identity):
                    stats = await self.strategy.get_window_stats(item, identity)
                    return max(1, math.ceil(stats.reset_time - time.time()))
        except StorageError as exc:
            log.warning("rate_limit_unavailable", error=str(exc.storage_error))
        return None

    async def close(self) -> None:
        """Releases the limiter's Redis connections."""
        client = getattr(self.storage.bridge, "storage", None)
        closing = getattr(client, "aclose", None)
        if closing is not None:
            await closing()
