"""`Query.rateLimit`: the caller's points budget, as GitHub's GraphQL API tells it.

The transport charged the operation before it ran (`service.contract.points`); the field reads
what that charge left, so it costs nothing itself (`schema.field_costs` prices it at 0). Null
when the rate limits are off (`BOARDSTATE_RATE_LIMITS=0`) or Redis could not count.
"""

from __future__ import annotations

import strawberry

from boardstate.schema import decorators as described
from boardstate.service.contract.points import CHARGED


@strawberry.type(description="The caller's points budget (docs/security.md, Rate limits).")
class RateLimit:
    cost: int = strawberry.field(description="Points this operation was charged.")
    limit: int = strawberry.field(description="Points of the budget's window.")
    remaining: int = strawberry.field(description="Points left in the window.")
    used: int = strawberry.field(description="Points used in the window (limit - remaining).")
    reset_at: str = strawberry.field(
        description="When the whole budget is back (ISO 8601, UTC), if nothing more is charged."
    )


@strawberry.type
class RateLimitQuery:
    @described.field(
        "The caller's points budget after this operation's charge (its token's when it sends "
        "one, else its address's); free. Null when rate limits are off."
    )
    def rate_limit(self) -> RateLimit | None:
        budget = CHARGED.get()
        if budget is None:
            return None
        return RateLimit(
            cost=budget.cost,
            limit=budget.limit,
            remaining=budget.remaining,
            used=budget.used,
            reset_at=budget.reset_iso(),
        )
