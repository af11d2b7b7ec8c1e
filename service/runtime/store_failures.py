"""`store_errors()`: store failures become retryable API errors with a clear code.

Every game operation runs its store calls inside it, so a client sees `STORE_UNAVAILABLE`,
`APPEND_UNCERTAIN`, `STORE_FULL`, `BAD_CURSOR`, `LOG_DIVERGED`, `RULES_UNAVAILABLE`,
`ARCHIVED_LOG_MISSING` or `ARCHIVED_LOG_TOO_LARGE`, never an internal error.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import structlog

from boardstate.service.contract.codes import BAD_CURSOR, LOG_DIVERGED, ApiError
from boardstate.service.contract.codes import retryable as retryable_error
from boardstate.service.failures import (
    AppendUncertain,
    LogDiverged,
    RulesUnavailable,
    StoreFull,
    StoreUnavailable,
)
from boardstate.service.runtime.callers import STORE_FULL_RETRY_AFTER, mark_store_full
from boardstate.service.store import CorruptEntry, InvalidCursor
from boardstate.service.store.archive.archived_logs import ArchivedLogMissing, ArchivedLogTooLarge

log = structlog.get_logger("boardstate.loading")
ARCHIVE_RETRY_AFTER = 60
"""Seconds a client waits before asking again for an archived game this server cannot serve
(an operator must act first: restore the object, or point the server at its store)."""


@contextlib.contextmanager
def store_errors() -> Iterator[None]:
    """Turns store failures into retryable API errors with a clear code."""
    try:
        yield
    except StoreFull as exc:
        mark_store_full()
        raise ApiError(
            exc.code,
            "the game store is full and accepts no writes now; nothing was recorded and "
            "nothing recorded before is lost; reads still work; retry later",
            {"retryable": True, "retryAfter": STORE_FULL_RETRY_AFTER},
        ) from None
    except AppendUncertain as exc:
        raise retryable_error(
            exc.code,
            "the store did not confirm the write; it may or may not have been recorded. "
            "Retry with the same moveId: a recorded move is then returned, not repeated.",
        ) from None
    except StoreUnavailable as exc:
        raise retryable_error(
            exc.code, "the game store is unavailable; nothing was recorded; retry later"
        ) from None
    except InvalidCursor as exc:
        raise ApiError(BAD_CURSOR, f"invalid cursor: {exc}") from None
    except ArchivedLogMissing as exc:
        raise ApiError(
            exc.code,
            "this game is archived, but its log is not in this server's archive store (it was "
            "moved or removed there); nothing says it is corrupt; retry later",
            {"retryAfter": ARCHIVE_RETRY_AFTER},
        ) from None
    except ArchivedLogTooLarge as exc:
        raise ApiError(
            exc.code,
            "this game is archived, but its log is larger than this server reads",
            {"retryAfter": ARCHIVE_RETRY_AFTER},
        ) from None
    except (LogDiverged, CorruptEntry) as exc:
        log.error("log_diverged", error=str(exc))
        raise ApiError(
            LOG_DIVERGED, f"this game cannot be served: its log does not reproduce itself: {exc}"
        ) from None
    except RulesUnavailable as exc:
        log.error("rules_unavailable", error=str(exc))
        raise ApiError(exc.code, f"this game cannot be replayed here: {exc}") from None
