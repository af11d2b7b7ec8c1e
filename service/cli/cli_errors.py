"""How a `boardstate` command fails: one line on standard error,
`boardstate <command>: <CODE>: <what happened>`, and an exit status by kind, never a traceback
(`BOARDSTATE_LOG_LEVEL=DEBUG` adds it). docs/archive.md ("Exit statuses") lists them:

* 1 — the command's answer is no: the game is not archived (`NOT_ARCHIVED`), a service
  refused a request (its code) or answered what it should not (`BAD_ANSWER`), a tool failed
  (`TOOL_FAILED`); a check that differs, or an object that fails verification, says so on
  standard output and exits 1 too;
* 2 — it cannot run as asked: `BAD_SETTINGS`, `BAD_ARGUMENT`, `BAD_GAME_ID`,
  `UNKNOWN_GAME_TYPE`, `BAD_PERIOD`, `TOOL_MISSING`;
* 3 — a store or the service cannot be reached now, retry: `STORE_UNAVAILABLE`, `STORE_FULL`,
  `SERVICE_UNAVAILABLE`;
* 4 — refused, the data is not what it should be: `ARCHIVE_STORE_MISMATCH`, `LOG_DIVERGED`,
  `ARCHIVED_LOG_MISSING`, `ARCHIVED_LOG_TOO_LARGE`, `RULES_UNAVAILABLE`,
  `GAME_TYPE_NOT_INSTALLED`, `RATINGS_INCOMPLETE`;
* 70 — a failure nobody foresaw (`INTERNAL_ERROR`), a bug to report;
* 130 — interrupted (Ctrl-C); 141 — whoever read the output stopped reading, as SIGPIPE would.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable, Iterator

import httpx
from botocore.exceptions import BotoCoreError, ClientError
from redis.exceptions import RedisError

from boardstate.engine.core.errors import MoveError
from boardstate.service.contract.codes import ApiError
from boardstate.service.failures import (
    GameTypeNotInstalled,
    LogDiverged,
    RulesUnavailable,
    StoreUnavailable,
)
from boardstate.service.features.archive.packing import ArchiveTooLarge, ArchiveUnverified
from boardstate.service.features.archive.place import ArchiveStoreMismatch
from boardstate.service.features.archive.reader import NotArchived, ObjectMissing
from boardstate.service.features.archive.stores import BadLocation
from boardstate.service.features.dumps.dumps import BadPeriod
from boardstate.service.features.ratings.rebuild import RebuildIncomplete
from boardstate.service.settings import SettingsError
from boardstate.service.store import CorruptEntry, InvalidGameId
from boardstate.service.store.archive.archived_logs import ArchivedLogMissing, ArchivedLogTooLarge
from boardstate.service.store.archive.object_reads import ObjectTooLarge

INTERNAL = 70
STATUS = {"STORE_UNAVAILABLE": 3, "STORE_FULL": 3, "APPEND_UNCERTAIN": 3, "LOG_DIVERGED": 4}
STATUS |= {"RULES_UNAVAILABLE": 4, "UNKNOWN_GAME_TYPE": 2, "BAD_PLAYER_COUNT": 2}
STATUS |= {"ARCHIVED_LOG_MISSING": 4, "ARCHIVED_LOG_TOO_LARGE": 4, "GAME_TYPE_NOT_INSTALLED": 4}
"""Exit statuses of the service's own codes (others: 1)."""


class CommandFailed(Exception):
    """A command's typed failure: its code, message and exit status."""

    def __init__(self, code: str, message: str, status: int) -> None:
        super().__init__(message)
        self.code = code
        self.status = status


def _chain(exc: BaseException) -> Iterator[BaseException]:
    """`exc`, then what it was raised from or during (an `ApiError` hides its store failure)."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen and len(seen) < 16:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def _typed(exc: BaseException) -> CommandFailed | None:
    """The failure `exc` is, if it is one the commands know."""
    if isinstance(exc, CommandFailed):
        return exc
    if isinstance(exc, ArchiveStoreMismatch):
        return CommandFailed(exc.failure, str(exc), 4)
    for kinds, code, status in (
        ((SettingsError, BadLocation), "BAD_SETTINGS", 2),
        ((InvalidGameId,), "BAD_GAME_ID", 2),
        ((BadPeriod,), "BAD_PERIOD", 2),
        ((ObjectMissing, ArchivedLogMissing), "ARCHIVED_LOG_MISSING", 4),
        ((ObjectTooLarge, ArchiveTooLarge, ArchivedLogTooLarge), "ARCHIVED_LOG_TOO_LARGE", 4),
        ((NotArchived,), "NOT_ARCHIVED", 1),
        ((CorruptEntry, LogDiverged, ArchiveUnverified), "LOG_DIVERGED", 4),
        ((GameTypeNotInstalled,), "GAME_TYPE_NOT_INSTALLED", 4),
        ((RulesUnavailable,), "RULES_UNAVAILABLE", 4),
        ((RebuildIncomplete,), "RATINGS_INCOMPLETE", 4),
        ((RedisError, OSError, BotoCoreError, ClientError), "STORE_UNAVAILABLE", 3),
        ((httpx.TransportError,), "SERVICE_UNAVAILABLE", 3),
    ):
        if isinstance(exc, kinds):
            return CommandFailed(code, str(exc) or type(exc).__name__, status)
    if isinstance(exc, StoreUnavailable):
        return CommandFailed(exc.code, str(exc), STATUS.get(exc.code, 3))
    if isinstance(exc, ApiError | MoveError):
        return CommandFailed(exc.code, str(exc), STATUS.get(exc.code, 1))
    if isinstance(exc, httpx.HTTPStatusError):
        return CommandFailed(f"HTTP_{exc.response.status_code}", exc.response.text[:300], 1)
    return None


def failure_of(exc: BaseException) -> CommandFailed:
    """The typed failure of `exc`: the first one its chain holds that the commands know (an
    archive store mismatch first, wherever it is), else `INTERNAL_ERROR`."""
    chain = list(_chain(exc))
    for link in chain:
        if isinstance(link, ArchiveStoreMismatch):
            return CommandFailed(link.failure, str(link), 4)
    known = [typed for link in chain if (typed := _typed(link)) is not None]
    if known:  # the outermost's code and status, the message of what it wraps, if known
        detail = known[1] if len(known) > 1 and isinstance(chain[0], ApiError) else known[0]
        return CommandFailed(known[0].code, str(detail), known[0].status)
    return CommandFailed("INTERNAL_ERROR", f"{type(exc).__name__}: {exc}", INTERNAL)


def report(command: str, exc: BaseException) -> int:
    """Prints `exc` as the command's one-line failure; returns the exit status."""
    failed = failure_of(exc)
    message = " ".join(str(failed).split())  # one line, whatever the message held
    print(f"boardstate {command}: {failed.code}: {message}", file=sys.stderr)
    if os.environ.get("BOARDSTATE_LOG_LEVEL", "").strip().upper() == "DEBUG":
        traceback.print_exception(exc, file=sys.stderr)
    return failed.status


def guarded(command: str, run: Callable[[], int]) -> int:
    """Runs a command; a failure becomes its one line and exit status."""
    try:
        return run()
    except KeyboardInterrupt:
        print(f"boardstate {command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # whoever read the output went away (`boardstate dump ... | head`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing more to flush
        return 141  # as a command killed by SIGPIPE
    except Exception as exc:
        return report(command, exc)
