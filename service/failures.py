"""Every failure the service raises: one class per stable code (`service.contract.codes`).

Rejections are `MoveError`s (`engine/core/errors.py`), like the engine's own: the schema maps any
`MoveError` to a `Rejected` result, or a `VersionConflict` one for `VERSION_CONFLICT`, by its
`code` and `details` alone, so it never imports the service.

The other failures are not rejections. `StoreUnavailable` / `AppendUncertain` (raised by the
store), `LogDiverged` and `RulesUnavailable` (a log that cannot be served) become top-level API
errors with their `code`; `BadLog`, `LogUnverified` and `LogConflict` answer imports. Any
part of the service may import this module; it imports no part of the service.
"""

from __future__ import annotations

from typing import ClassVar

from boardstate.engine.core.errors import UNAUTHORIZED, VERSION_CONFLICT, MoveError
from boardstate.service.contract import codes

# Rejections (a `Rejected` or `VersionConflict` result)


class Unauthorized(MoveError):
    """The seat token is missing or wrong for that seat of that game."""

    code = UNAUTHORIZED


class GameNotFound(MoveError):
    """No game has that id (also raised by the store's `append` to a game never created)."""

    code = codes.GAME_NOT_FOUND


class AlreadyLeft(MoveError):
    """The seat resigned or forfeited on time already."""

    code = codes.ALREADY_LEFT


class TakebackNotAllowed(MoveError):
    """A takeback cannot be asked for now (`details.reason`)."""

    code = codes.TAKEBACK_NOT_ALLOWED


class NoTakebackRequested(MoveError):
    """No takeback is pending that this seat may answer."""

    code = codes.NO_TAKEBACK_REQUESTED


class TimeExpired(MoveError):
    """The seat's clock ran out before the move arrived."""

    code = codes.TIME_EXPIRED


class HintsOff(MoveError):
    """The game was created without hints."""

    code = codes.HINTS_OFF


class UnknownPolicy(MoveError):
    """No stand-in or bot policy of that name."""

    code = codes.UNKNOWN_POLICY


class BadSeat(MoveError):
    """The seat index is outside the game's seats."""

    code = codes.BAD_SEAT


class BadSeed(MoveError):
    """A client seed is not allowed here or is longer than 256 UTF-8 bytes."""

    code = codes.BAD_SEED


class BadName(MoveError):
    """A player name is empty or too long."""

    code = codes.BAD_NAME


class GameFull(MoveError):
    """Every seat is taken."""

    code = codes.GAME_FULL


class SeatTaken(MoveError):
    """The requested seat is taken."""

    code = codes.SEAT_TAKEN


class GameNotFinished(MoveError):
    """The operation needs a finished game."""

    code = codes.GAME_NOT_FINISHED


class BadVersion(MoveError):
    """A version is outside the game or not where the operation can start."""

    code = codes.BAD_VERSION


class RateLimited(MoveError):
    """Too many requests or new games from one address or token; retry after `retry_after`
    seconds (`details.retryAfter`)."""

    code = codes.RATE_LIMITED

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message, {"retryAfter": retry_after})
        self.retry_after = retry_after


class QuotaExceeded(MoveError):
    """The creator has as many unfinished games as allowed (`details.limit`)."""

    code = codes.QUOTA_EXCEEDED


class IdempotencyKeyReused(MoveError):
    """This seat's `moveId` was accepted before for another move or `expectedVersion`."""

    code = codes.IDEMPOTENCY_KEY_REUSED


class ForkRevealsHidden(MoveError):
    """A fork at this position would show what a seat holds or what comes next."""

    code = codes.FORK_REVEALS_HIDDEN


class VersionConflictError(MoveError):
    """`expectedVersion` is stale: a `VersionConflict` result from `details` (both versions)."""

    code = VERSION_CONFLICT

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(
            f"expected version {expected} but the game is at {current}",
            {"expectedVersion": expected, "currentVersion": current},
        )
        self.expected = expected
        self.current = current


# Failures that are not the client's fault (top-level API errors)


class StoreUnavailable(Exception):
    """Redis cannot be reached or cannot serve now; the operation may be retried later."""

    code: ClassVar[str] = codes.STORE_UNAVAILABLE


class StoreFull(StoreUnavailable):
    """Redis is at `maxmemory` (noeviction): nothing written, nothing lost, reads work; retry."""

    code = codes.STORE_FULL


class AppendUncertain(StoreUnavailable):
    """An append's reply was lost: it may have been applied; a retry with its move id is safe."""

    code = codes.APPEND_UNCERTAIN


class LogDiverged(Exception):
    """A log does not reproduce itself at `version` (apply or `stateHash`); `reason` says how."""

    code: ClassVar[str] = codes.LOG_DIVERGED

    def __init__(self, game_id: str, version: int, reason: str) -> None:
        super().__init__(f"game {game_id}: event {version}: {reason}")
        self.game_id = game_id
        self.version = version
        self.reason = reason


class RulesUnavailable(LookupError):
    """The rules version or data set a game was created with is not available here."""

    code: ClassVar[str] = codes.RULES_UNAVAILABLE


class GameTypeNotInstalled(RulesUnavailable):
    """The game's type is served by no installed package (issue 40): the game is kept, its raw
    log stays exportable, and it is served again once the package is installed."""

    code: ClassVar[str] = codes.GAME_TYPE_NOT_INSTALLED


class TooManyStreams(Exception):
    """A new live stream would exceed a cap (`service.features.live.stream_limits`): of a seat
    token, of a client address, of the process's feed streams or of the process (`scope`); `limit`
    is the cap."""

    code: ClassVar[str] = codes.TOO_MANY_STREAMS

    def __init__(self, scope: str, limit: int) -> None:
        super().__init__(f"too many live streams (the {scope} cap is {limit}); retry later")
        self.scope = scope
        self.limit = limit


class BadLog(ValueError):
    """Not an exported log (`POST /games/import`, offline commands); the message names the line."""

    code: ClassVar[str] = codes.BAD_LOG


class LogUnverified(ValueError):
    """An uploaded log does not verify completely, or its game has not ended."""

    code: ClassVar[str] = codes.LOG_UNVERIFIED


class LogConflict(ValueError):
    """Another log of the same game was imported before; the one argument is that game's id."""

    code: ClassVar[str] = "LOG_CONFLICT"
