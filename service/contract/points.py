"""Points: the unit of the work budget each caller has (docs/security.md, "Rate limits and
quotas"), as GitHub's GraphQL API counts it.

A GraphQL operation is charged its cost (`schema.complexity`: plain field reads, each field
priced by its measured work) divided by `POINT` and rounded up, at least 1 point: a plain read
of a game is 2 points, a move 16, the largest query the cost limit admits (50 000) 500. A REST
route is charged the points of the GraphQL query that asks for the same data
(`service.http.rest.prices`), so the two doors cost the same for the same work.

`Budget` is what a charge leaves: the transports set it in `CHARGED` before the operation runs,
where the `rateLimit` field reads it, and answer with it in the `X-RateLimit-*` headers.
"""

from __future__ import annotations

import dataclasses
import math
from contextvars import ContextVar
from datetime import UTC, datetime

POINT = 100
"""Cost units (plain field reads, about 0.4 ms of the service's CPU) in one point."""


def points(cost: int | None) -> int:
    """Returns the points of an operation of `cost` (None: not measured, as a document that
    does not parse or is refused before it runs: 1 point)."""
    if cost is None:
        return 1
    return max(1, -(-cost // POINT))


@dataclasses.dataclass(frozen=True, slots=True)
class Budget:
    """A caller's points budget once a charge was made (or refused)."""

    cost: int
    """The points charged (or asked for, when refused)."""
    limit: int
    """The points of the budget's window."""
    remaining: int
    reset_at: float
    """Epoch seconds at which the whole budget is back (nothing charged since)."""
    retry_after: int | None = None
    """Refused: seconds until the charge fits (None: charged)."""

    @property
    def used(self) -> int:
        """The points of the window already used."""
        return self.limit - self.remaining

    @property
    def reset(self) -> int:
        """`reset_at` in whole epoch seconds, rounded up (`X-RateLimit-Reset`)."""
        return math.ceil(self.reset_at)

    def reset_iso(self) -> str:
        """`reset` as an ISO 8601 UTC time (`rateLimit.resetAt`)."""
        return datetime.fromtimestamp(self.reset, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")

    def extensions(self) -> dict[str, object]:
        """What a refusal tells (`RATE_LIMITED`'s details or GraphQL extensions)."""
        return {
            "scope": "points",
            "retryAfter": self.retry_after,
            "cost": self.cost,
            "remaining": self.remaining,
        }


CHARGED: ContextVar[Budget | None] = ContextVar("boardstate_charged", default=None)
"""The budget after the charge of the running operation (None: not charged, limits off)."""
