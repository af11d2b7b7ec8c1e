"""Who is calling: the client address and bearer token of the current request.

The HTTP layer (`service.http.edge.rate_limits`) sets `CALLER` for each request before any resolver
runs; the game service reads it to count new games per creator (`service.features.lobby.admission`)
and writes back what the HTTP response should carry (`Retry-After`, a 503 for a full store), so
a GraphQL result refused inside a resolver still gets the HTTP headers of its refusal; the
points charge leaves the caller's budget on it (`X-RateLimit-*`). With no caller (the CLI,
tests calling the service directly) nothing is counted.
"""

from __future__ import annotations

import dataclasses
import hashlib
from contextvars import ContextVar

from boardstate.service.contract.points import Budget

STORE_FULL_RETRY_AFTER = 30
"""Seconds a client is asked to wait when Redis refuses writes for lack of memory."""


@dataclasses.dataclass(slots=True)
class Caller:
    """One request's client identity, and what its response should carry."""

    address: str
    token: str | None = None
    retry_after: int | None = None
    """Set when part of the request was refused for a while: becomes `Retry-After`."""
    store_full: bool = False
    """Set when a write was refused because Redis is full: the response becomes a 503."""
    budget: Budget | None = None
    """Its points budget once the request was charged: the `X-RateLimit-*` headers."""

    def identities(self) -> list[str]:
        """Returns the identities limits count against: the address, and the token's hash
        when a token was sent (a token never relaxes the address's limits)."""
        ids = [f"a:{self.address}"]
        if self.token is not None:
            ids.append(f"t:{token_digest(self.token)}")
        return ids

    def wait(self, seconds: int) -> None:
        """Asks the client to retry in at least `seconds`."""
        self.retry_after = max(self.retry_after or 0, seconds)


CALLER: ContextVar[Caller | None] = ContextVar("boardstate_caller", default=None)


def token_digest(token: str) -> str:
    """Returns a short, stable digest of a bearer token (the token itself is never stored)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def mark_store_full() -> None:
    """Records on the current caller that a write was refused because Redis is full."""
    caller = CALLER.get()
    if caller is not None:
        caller.store_full = True
        caller.wait(STORE_FULL_RETRY_AFTER)


def caller_address(peer: str | None) -> str | None:
    """The client address of the current request as the rate limits see it (behind a trusted
    proxy, the forwarded client's), so per-address caps count clients, not proxies; `peer`
    when no caller is set."""
    caller = CALLER.get()
    return peer if caller is None else caller.address
