"""`PointsBudget`: the work budget of each caller, in points (`schema.points`), kept in Redis
beside the request limits (`service.store.rate_limiter`), so every replica draws from the same
budget.

A charge of N points counts N against every window of the caller's address
(`BOARDSTATE_RATE_LIMIT_POINTS_ADDRESS`) and, when it sends a token, of its token
(`BOARDSTATE_RATE_LIMIT_POINTS_TOKEN`), in that order; the first window it does not fit refuses
it (`limits`' sliding window counter counts nothing then, so cheaper operations go on while
they fit). The windows the charge was already counted in keep it, as with the request limits.

What the caller is told (`Budget`): the points left in its token's first window when it sends a
token, else its address's, and when that window is full again; for a refusal, the refusing
window's and the seconds until the charge fits there. Fails open like the request limits: when
Redis cannot count, the charge is allowed and nothing is told.
"""

from __future__ import annotations

import dataclasses
import math
import time

from limits import RateLimitItem

from boardstate.schema.points import Budget
from boardstate.service.store.keys import points_identity
from boardstate.service.store.rate_limiter import Limits, RateLimiter, parse_limits


@dataclasses.dataclass(frozen=True, slots=True)
class Counts:
    """One sliding window counter (`limits`): the previous window's count, whose weight falls
    linearly to 0 over its seconds left, and the current one's, which becomes the previous when
    its seconds left fall to the window's length."""

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
        """Seconds until `cost` points fit (at most the time until the window is empty; never
        less than the truth: the counter's rounding can only admit it sooner)."""
        room = self.limit - cost
        if room < 0:
            return max(self.expiry, self.full_in())  # never fits: ask to wait a window
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

    def __init__(self, limiter: RateLimiter, address: str, token: str) -> None:
        self.limiter = limiter
        self.address = parse_limits(address)
        self.token = parse_limits(token)

    async def charge(self, identities: list[str], cost: int) -> Budget | None:
        """Charges `cost` points to the caller of `identities` (`Caller.identities`: its
        address, then its token's digest); returns its budget, refused when a window is out
        of points (`Budget.retry_after`); None when Redis cannot count."""
        scopes: list[tuple[Limits, str]] = [(self.address, identities[0])]
        if len(identities) > 1:
            scopes.append((self.token, identities[1]))
        for limits, identity in scopes:
            for item in limits:
                taken = await self.limiter.take(item, points_identity(identity), cost)
                if taken is None:
                    return None
                if not taken:
                    return await self._told(item, identity, cost, refused=True)
        limits, identity = scopes[-1]
        return await self._told(limits[0], identity, cost, refused=False)

    async def _told(
        self, item: RateLimitItem, identity: str, cost: int, refused: bool
    ) -> Budget | None:
        window = await self.limiter.window(item, points_identity(identity))
        if window is None:
            return None
        counts = Counts(item.amount, item.get_expiry(), *window)
        now = time.time()
        wait = max(1, math.ceil(counts.fits_in(cost))) if refused else None
        return Budget(cost, item.amount, counts.remaining(), now + counts.full_in(), wait)
