"""Mutation result types and the one mapping from typed errors to union members (architecture §5).

Expected failures are union members (`Rejected`, `VersionConflict`); unexpected ones go to the
top-level `errors` list.
"""

from __future__ import annotations

from typing import Annotated

import strawberry
from strawberry.scalars import JSON

from boardstate.engine.core.errors import VERSION_CONFLICT, MoveError
from boardstate.schema.error_codes import ErrorCode, error_code
from boardstate.schema.events import Event
from boardstate.schema.types import Game
from boardstate.service.contract.ports import AcceptedMove


@strawberry.type
class Rejected:
    """An expected refusal: a stable `code` (docs/api.md, Error codes), a message and details."""

    code: ErrorCode  # type: ignore[valid-type]
    message: str
    details: JSON | None

    @classmethod
    def of(cls, error: MoveError) -> Rejected:
        """Returns the result for a typed error."""
        return cls(code=error_code(error.code), message=error.message, details=JSON(error.details))


@strawberry.type
class VersionConflict:
    """`expectedVersion` was stale; nothing was recorded."""

    expected_version: int
    current_version: int


@strawberry.type
class SeatToken:
    seat: int
    token: str


@strawberry.type
class GameCreated:
    """A new game; `tokens` lists the seats filled at creation (empty otherwise)."""

    game: Game
    tokens: list[SeatToken]


@strawberry.type
class SeatJoined:
    """The seat taken and its token (send it as `Authorization: Bearer <token>`)."""

    seat: int
    token: str
    game: Game


@strawberry.type
class MoveAccepted:
    """The move was recorded: the version after it and its events (redacted for the mover)."""

    version: int
    events: list[Event]
    game: Game
    dry_run: bool = strawberry.field(
        description=(
            "True when submitted with dryRun: nothing was recorded, `version` is the current "
            "version and `events` is empty (they would reveal random outcomes in advance)."
        )
    )

    @classmethod
    def of(cls, accepted: AcceptedMove) -> MoveAccepted:
        """Returns the result for an accepted (or dry-run) move."""
        return cls(
            version=accepted.version,
            events=[Event.of(e) for e in accepted.events],
            game=Game.of(accepted.game),
            dry_run=accepted.dry_run,
        )


@strawberry.type
class MoveValid:
    """`validateMove` found the move acceptable at `version`; nothing was recorded."""

    version: int
    game: Game


CreateGameResult = Annotated[GameCreated | Rejected, strawberry.union("CreateGameResult")]
JoinGameResult = Annotated[SeatJoined | Rejected, strawberry.union("JoinGameResult")]
SubmitMoveResult = Annotated[
    MoveAccepted | Rejected | VersionConflict, strawberry.union("SubmitMoveResult")
]
ValidateMoveResult = Annotated[
    MoveValid | Rejected | VersionConflict, strawberry.union("ValidateMoveResult")
]


def move_failure(error: MoveError) -> Rejected | VersionConflict:
    """Maps a typed move error to its union member by its `code` (a `VERSION_CONFLICT`
    carries `expectedVersion` and `currentVersion` in its details)."""
    if error.code == VERSION_CONFLICT:
        return VersionConflict(
            expected_version=int(error.details["expectedVersion"]),
            current_version=int(error.details["currentVersion"]),
        )
    return Rejected.of(error)
