"""Typed errors with stable codes (architecture §3).

Every rejection the engine or the service reports is a `MoveError` carrying one of the codes
below, a human message that names the problem (and, for `ILLEGAL_MOVE`, the rule), and
structured `details`. Codes are API: renaming one is a breaking change.
"""

from __future__ import annotations

from typing import Any, ClassVar

MALFORMED_MOVE = "MALFORMED_MOVE"
NOT_YOUR_TURN = "NOT_YOUR_TURN"
ILLEGAL_MOVE = "ILLEGAL_MOVE"
GAME_FINISHED = "GAME_FINISHED"
GAME_NOT_STARTED = "GAME_NOT_STARTED"
UNAUTHORIZED = "UNAUTHORIZED"
VERSION_CONFLICT = "VERSION_CONFLICT"
UNKNOWN_GAME_TYPE = "UNKNOWN_GAME_TYPE"
BAD_OPTIONS = "BAD_OPTIONS"
BAD_PLAYER_COUNT = "BAD_PLAYER_COUNT"

ALL_CODES: tuple[str, ...] = (
    MALFORMED_MOVE,
    NOT_YOUR_TURN,
    ILLEGAL_MOVE,
    GAME_FINISHED,
    GAME_NOT_STARTED,
    UNAUTHORIZED,
    VERSION_CONFLICT,
    UNKNOWN_GAME_TYPE,
    BAD_OPTIONS,
    BAD_PLAYER_COUNT,
)


class MoveError(Exception):
    """Base of every typed rejection: a stable `code`, a `message` and JSON-safe `details`."""

    code: ClassVar[str] = ILLEGAL_MOVE

    def __init__(self, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.details: dict[str, Any] = dict(details or {})

    def to_dict(self) -> dict[str, Any]:
        """Returns the error as `{code, message, details}`."""
        return {"code": self.code, "message": self.message, "details": self.details}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r}, {self.details!r})"


class MalformedMove(MoveError):
    """The move cannot be parsed: wrong shape, unknown type, missing or out-of-range values."""

    code = MALFORMED_MOVE


class NotYourTurn(MoveError):
    """The seat may not act now."""

    code = NOT_YOUR_TURN


class IllegalMove(MoveError):
    """The move parsed but the rules forbid it now; `details["rule"]` names the rule."""

    code = ILLEGAL_MOVE

    def __init__(self, rule: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message, {"rule": rule, **(details or {})})
        self.rule = rule


class GameFinished(MoveError):
    """The game is over; no move is accepted any more."""

    code = GAME_FINISHED


class GameNotStarted(MoveError):
    """The game still waits for players; no move is accepted yet."""

    code = GAME_NOT_STARTED


class UnknownGameType(MoveError):
    """No game type of that id is registered."""

    code = UNKNOWN_GAME_TYPE


class BadOptions(MoveError):
    """The game options do not match the game type's options schema."""

    code = BAD_OPTIONS


class BadPlayerCount(MoveError):
    """The player count is outside the game type's range."""

    code = BAD_PLAYER_COUNT
