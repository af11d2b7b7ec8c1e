"""The points budget in the OpenAPI document (`service.http.edge.charges`): each operation's
successful answers and its 429 declare the `X-RateLimit-*` headers (written out in each, not
referenced: a generated client would take a referenced header as always sent, and they are
absent with rate limits off); `service.http.openapi.operations` adds them."""

from __future__ import annotations

from typing import Any

HEADERS: dict[str, tuple[str, str]] = {
    "X-RateLimit-Limit": (
        "Points of the caller's budget window: its token's when it sends one, else its "
        "address's (with rate limits on)",
        "integer",
    ),
    "X-RateLimit-Remaining": ("Points left in the window", "integer"),
    "X-RateLimit-Used": ("Points used in the window", "integer"),
    "X-RateLimit-Reset": (
        "Epoch seconds at which the whole budget is back if nothing more is charged",
        "integer",
    ),
    "X-RateLimit-Resource": ("What the budget counts: `points`", "string"),
}


def budget_headers() -> dict[str, Any]:
    """The budget's headers, as each 2xx and 429 answer declares them."""
    return {
        name: {"description": text, "schema": {"type": kind}}
        for name, (text, kind) in HEADERS.items()
    }
