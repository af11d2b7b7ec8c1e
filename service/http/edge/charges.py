"""The points budget at the HTTP door (docs/security.md, "Rate limits and quotas").

`service.http.edge.rate_limits` charges every HTTP request but `/graphql` its route's price
(`service.http.rest.prices`) before it runs, and puts a `Charge` on the scope of `/graphql`
requests and websockets, which charge each operation its points before it runs
(`service.http.graphql.app` over HTTP and graphql-sse, `service.http.graphql.ws` per
`subscribe`). A response to a charged request carries the budget as GitHub's API does:

* `X-RateLimit-Limit`: the points of the window;
* `X-RateLimit-Remaining`: the points left in it;
* `X-RateLimit-Used`: the points used in it;
* `X-RateLimit-Reset`: epoch seconds at which the whole budget is back if nothing more is
  charged;
* `X-RateLimit-Resource: points`.

A refusal (no points left for this charge) is HTTP 429 with `Retry-After` and `RATE_LIMITED`
whose details (GraphQL: extensions) add `scope: "points"`, `cost` and `remaining` to
`retryAfter`; on a websocket the operation gets an `error` message with the same extensions.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.types import Message

from boardstate.service.contract.points import Budget
from boardstate.service.runtime.callers import Caller

POINTS_KEY = "boardstate.points"
"""On the scope of `/graphql` requests and websockets: a `Charge`."""

Charge = Callable[[int, str | None], Awaitable[Budget | None]]
"""`await charge(points, token)`: charges the caller (acting with `token`, None: the request's
own) `points`; returns its budget (refused: `retry_after` set), None when nothing was counted
(rate limits off, or Redis could not count)."""

HEADER_NAMES = (
    "X-RateLimit-Limit",
    "X-RateLimit-Remaining",
    "X-RateLimit-Used",
    "X-RateLimit-Reset",
    "X-RateLimit-Resource",
)


def budget_headers(budget: Budget) -> list[tuple[bytes, bytes]]:
    """The `X-RateLimit-*` headers telling `budget`."""
    values = (budget.limit, budget.remaining, budget.used, budget.reset, "points")
    pairs = zip(HEADER_NAMES, values, strict=True)
    return [(name.lower().encode(), str(value).encode()) for name, value in pairs]


def message(budget: Budget) -> str:
    """The message of a refusal."""
    return (
        f"points budget exhausted: this request costs {budget.cost} points, "
        f"{budget.remaining} left; retry in {budget.retry_after} s"
    )


def decorated(caller: Caller, message: Message) -> Message:
    """A response start with what the game service noted on the caller: `Retry-After` and 503
    after a full store, the points budget's headers."""
    if caller.retry_after is not None:
        headers = list(message.get("headers", []))
        if all(name.lower() != b"retry-after" for name, _ in headers):  # REST sets it
            headers.append((b"retry-after", str(caller.retry_after).encode()))
        status = message["status"]
        if caller.store_full and status < 400:
            status = 503
        message = {**message, "status": status, "headers": headers}
    if caller.budget is not None:
        headers = [*message.get("headers", []), *budget_headers(caller.budget)]
        message = {**message, "headers": headers}
    return message
