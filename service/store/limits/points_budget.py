"""`PointsBudget`: the work budget of each caller, in points (`service.contract.points`), kept
in Redis so that every replica draws from the same budget.

A charge of N points counts N against every window of the caller's address
(`BOARDSTATE_RATE_LIMIT_POINTS_ADDRESS`) and, when it sends a token, of its token
(`BOARDSTATE_RATE_LIMIT_POINTS_TOKEN`), in that order; the first window it does not fit refuses
it and counts nothing, so cheaper operations go on while they fit. The windows the charge was
already counted in keep it, as with the request limits.

Each window is a sliding window counter, the algorithm of the `limits` library that keeps the
request limits (`service.store.limits.rate_limiter`): a current count whose key lives two windows,
and the previous window's count, whose weight falls linearly to 0. One script charges a window and
returns its counts in the same round trip (the library would need a second one to tell them),
so a charge costs one Redis call per window (keys: `service.store.keys.points_keys`).

What the caller is told (`Budget`): the points left in its token's first window when it sends a
token, else its address's, and when that window is whole again; for a refusal, the refusing
window's, and the seconds until the charge fits there. Fails open like the request limits: when
Redis cannot count, the charge is allowed and nothing is told.
"""

from __future__ import annotations

import dataclasses
import math
import time

import structlog
from limits import RateLimitItem, parse_many
from redis import exceptions as rex
from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from boardstate.service.contract.points import Budget
from boardstate.service.store.keys import points_keys
from boardstate.service.store.redis_errors import UNAVAILABLE

log = structlog.get_logger("boardstate.rate_limits")

FAILURES: tuple[type[BaseException], ...] = (rex.RedisError, *UNAVAILABLE)
"""Redis cannot count (down, timed out, full): the charge is let through."""

CHARGE_SCRIPT = """
-- KEYS: 1 the previous window's count, 2 the current one's; ARGV: 1 limit, 2 window (ms),
-- 3 points. Returns {charged (0/1), previous, its ms left, current, its ms left}.
local limit, window, points = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local left = redis.call('PTTL', KEYS[2])
if left > 0 and left < window then
  redis.call('RENAME', KEYS[2], KEYS[1])
  redis.call('SET', KEYS[2], 0, 'PX', left + window)
end
local previous = tonumber(redis.call('GET', KEYS[1]) or '0')
local previous_left = math.max(redis.call('PTTL', KEYS[1]), 0)
local current = tonumber(redis.call('GET', KEYS[2]) or '0')
local current_left = math.max(redis.call('PTTL', KEYS[2]), 0)
local weighted = math.floor(previous * previous_left / window) + current
if points > limit or weighted + points > limit then
  return {0, previous, previous_left, current, current_left}
end
if current_left > 0 then
  redis.call('INCRBY', KEYS[2], points)
else
  redis.call('SET', KEYS[2], points, 'PX', 2 * window)
  current_left = 2 * window
end
return {1, previous, previous_left, current + points, current_left}
"""


@dataclasses.dataclass(frozen=True, slots=True)
class Counts:
    """One sliding window counter: the previous window's count, whose weight falls linearly to
    0 over its seconds left, and the current one's, which becomes the previous when its
    seconds left fall to the window's length."""

    limit: int
    expiry: float
    previous: int
    previous_left: float
    current: int
    current_left: float

    def remaining(self) -> int:
        """Points that fit now (the counter rounds the previous window's weight down)."""
        weighted = int(self.previous * self.previous_left / self.expiry) + self.current
        return max(0, self.limit - weighted)

    def full_in(self) -> float:
        """Seconds until nothing counts any more: the current count drains, as the previous
        window, until its key expires."""
        if self.current:
            return self.current_left
        return self.previous_left if self.previous else 0.0

    def fits_in(self, cost: int) -> float:
        """Seconds until `cost` points fit (a window's length when they never do); never less
        than the truth: the counter's rounding can only admit them sooner."""
        room = self.limit - cost
        if room < 0:
            return max(self.expiry, self.full_in())
        if self.current <= room:
            drained = 0.0
            if self.previous:
                drained = self.previous_left - (room - self.current) * self.expiry / self.previous
            if not self.current or drained <= self.current_left - self.expiry:
                return max(0.0, drained)
        # After the current window turns previous, its count drains linearly.
        return max(0.0, self.current_left - room * self.expiry / self.current)


class PointsBudget:
    """Charges callers points against their address's and token's windows."""

    def __init__(self, client: Redis | RedisCluster, prefix: str, address: str, token: str) -> None:
        self.prefix = prefix
        self.address = parse_many(address)
        self.token = parse_many(token)
        self._charge = client.register_script(CHARGE_SCRIPT)

    async def charge(self, identities: list[str], cost: int) -> Budget | None:
        """Charges `cost` points to the caller of `identities` (`Caller.identities`: its
        address, then its token's digest); returns its budget, refused when a window is out
        of points (`Budget.retry_after`); None when Redis cannot count."""
        scopes = [(self.address, identities[0])]
        if len(identities) > 1:
            scopes.append((self.token, identities[1]))
        told: Budget | None = None
        try:
            for items, identity in scopes:
                for n, item in enumerate(items):
                    charged, counts = await self._window(item, identity, cost)
                    if not charged:
                        return _budget(counts, cost, refused=True)
                    if n == 0:
                        told = _budget(counts, cost, refused=False)
        except FAILURES as exc:
            log.warning("rate_limit_unavailable", error=str(exc))
            return None
        return told

    async def _window(self, item: RateLimitItem, identity: str, cost: int) -> tuple[bool, Counts]:
        seconds = item.get_expiry()
        keys = points_keys(identity, item.amount, seconds, self.prefix)
        reply = await self._charge(keys=list(keys), args=[item.amount, seconds * 1000, cost])
        charged, previous, previous_ms, current, current_ms = (int(v) for v in reply)
        counts = Counts(
            item.amount, seconds, previous, previous_ms / 1000, current, current_ms / 1000
        )
        return charged == 1, counts


def _budget(counts: Counts, cost: int, refused: bool) -> Budget:
    wait = max(1, math.ceil(counts.fits_in(cost))) if refused else None
    return Budget(cost, counts.limit, counts.remaining(), time.time() + counts.full_in(), wait)
