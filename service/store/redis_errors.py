"""The translation of redis-py failures into the store's errors (`service.failures`).

`StoreFull`: Redis is at `maxmemory` with `noeviction` and refuses the write ("OOM command not
allowed when used memory > 'maxmemory'"). Refused before anything was written (a script is
refused at its first write: Redis never stops a script halfway), so it is never uncertain.

`StoreUnavailable`: Redis cannot be reached, timed out or refuses service for now (cluster
down, loading, failover); the operation may be retried. `AppendUncertain` (a `StoreUnavailable`)
says more: an append or create was sent but its reply was lost, so it may or may not have been
applied and must never be reported as accepted; retrying it under the same move id is safe.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import traceback
from collections.abc import AsyncIterator

from redis import exceptions as rex

from boardstate.service.failures import AppendUncertain, StoreFull, StoreUnavailable

UNAVAILABLE: tuple[type[BaseException], ...] = (
    rex.ConnectionError,
    rex.TimeoutError,
    rex.ClusterError,
    rex.TryAgainError,
    rex.ReadOnlyError,
    rex.RedisClusterException,
    OSError,
    asyncio.TimeoutError,
)
"""redis-py failures that mean "not now" rather than a bug or bad data."""

NOT_SENT: tuple[type[BaseException], ...] = (
    rex.ResponseError,
    rex.BusyLoadingError,
    rex.AuthenticationError,
    rex.MaxConnectionsError,
    rex.RedisClusterException,
)
"""Failures that prove a command was not executed: a refusal by the server, or no connection."""


SEND_MODULE = os.path.join("redis", "asyncio", "connection.py")


AWAY: tuple[type[BaseException], ...] = (
    StoreUnavailable,
    rex.ConnectionError,
    rex.TimeoutError,
    rex.ClusterError,
    rex.TryAgainError,
)
"""Failures that mean Redis is away for now (unreachable, restarting, loading), raw or
translated: what `runtime.loops` retries soon rather than after a growing backoff."""


def store_away(exc: BaseException) -> bool:
    """Tells whether `exc` says Redis is away for now."""
    return isinstance(exc, AWAY)


def surely_not_sent(exc: BaseException) -> bool:
    """Tells whether a failed command certainly never reached Redis (or was refused)."""
    return isinstance(exc, NOT_SENT) or "connecting to" in str(exc)


def transport_lost(exc: BaseException) -> bool:
    """Tells whether `exc` is a transport-internal error that redis-py lets escape when it
    writes on a connection closed under it (redis-py#4287; during a failover its cluster
    client closes a failed node's connections while other requests hold them): uvloop's
    RuntimeError, or an AttributeError/TypeError on a torn-down writer. Nothing was sent."""
    if not isinstance(exc, RuntimeError | AttributeError | TypeError):
        return False
    return any(
        frame.name == "_send_packed_command" and frame.filename.endswith(SEND_MODULE)
        for frame in traceback.extract_tb(exc.__traceback__)
    )


@contextlib.asynccontextmanager
async def translated(what: str, *, uncertain: bool = False) -> AsyncIterator[None]:
    """Turns redis-py failures into `StoreUnavailable`, or `AppendUncertain` for a write
    (`uncertain=True`) that may have been executed."""
    try:
        yield
    except rex.OutOfMemoryError as exc:
        raise StoreFull(f"{what}: Redis is full ({exc})") from exc
    except UNAVAILABLE as exc:
        if uncertain and not surely_not_sent(exc):
            raise AppendUncertain(f"{what}: outcome unknown ({exc})") from exc
        raise StoreUnavailable(f"{what}: Redis unavailable ({exc})") from exc
    except (RuntimeError, AttributeError, TypeError) as exc:
        if not transport_lost(exc):
            raise
        raise StoreUnavailable(f"{what}: Redis connection lost ({exc!r})") from exc
