"""Submitting a move exactly once: one `moveId`, sent again until the service answers.

The service applies a move id once and answers a repeat with the first result (200 instead of
201, architecture §5), so a move whose answer was lost (a timeout, a dropped connection, a replica
restart) is sent again with the same id, never as a second move. Other refusals
(`ILLEGAL_MOVE`, `NOT_YOUR_TURN`, `VERSION_CONFLICT`, ...) are raised at once as `ProblemError`.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any, Literal, cast, overload

import httpx
from boardstate_api import AuthenticatedClient
from boardstate_api.api.default import submit_move as generated
from boardstate_api.models.move_accepted_out import MoveAcceptedOut
from boardstate_api.models.move_in import MoveIn
from boardstate_api.models.move_minimal_out import MoveMinimalOut
from boardstate_api.models.problem_out import ProblemOut
from boardstate_api.types import UNSET, Response, Unset

from boardstate_client.errors import RETRYABLE, ProblemError, UnexpectedAnswer, unwrap

ATTEMPTS = 4
"""Attempts in all; the waits between them are 0.2 s, 0.4 s, 0.8 s."""
FIRST_WAIT = 0.2


def _body(seat: int, move: Any, move_id: str | None, expected: int | None) -> MoveIn:
    return MoveIn(
        seat=seat, move=move, move_id=move_id or str(uuid.uuid4()), expected_version=expected
    )


def _prefer(minimal: bool) -> str | Unset:
    """`Prefer: return=minimal` asks for `MoveMinimalOut` (version, events, header; no game)."""
    return "return=minimal" if minimal else UNSET


def _settled(answer: Response[Any]) -> bool:
    """Whether the answer is final (a result, or a refusal that a repeat would not change)."""
    parsed = answer.parsed
    return not (parsed is None or (isinstance(parsed, ProblemOut) and parsed.code in RETRYABLE))


@overload
def submit_move(
    client: AuthenticatedClient,
    game_id: str,
    seat: int,
    move: Any,
    *,
    move_id: str | None = None,
    expected_version: int | None = None,
    attempts: int = ATTEMPTS,
    minimal: Literal[False] = False,
) -> MoveAcceptedOut: ...
@overload
def submit_move(
    client: AuthenticatedClient,
    game_id: str,
    seat: int,
    move: Any,
    *,
    move_id: str | None = None,
    expected_version: int | None = None,
    attempts: int = ATTEMPTS,
    minimal: Literal[True],
) -> MoveMinimalOut: ...
def submit_move(
    client: AuthenticatedClient,
    game_id: str,
    seat: int,
    move: Any,
    *,
    move_id: str | None = None,
    expected_version: int | None = None,
    attempts: int = ATTEMPTS,
    minimal: bool = False,
) -> MoveAcceptedOut | MoveMinimalOut:
    """Submits `move` (an item of the seat's legal moves) with the seat's token; see the module.
    `minimal=True` asks for the short answer (`MoveMinimalOut`: version, events, header)."""
    body = _body(seat, move, move_id, expected_version)
    failure: BaseException | None = None
    for attempt in range(attempts):
        if attempt:
            time.sleep(FIRST_WAIT * 2 ** (attempt - 1))
        try:
            answer = generated.sync_detailed(
                game_id, client=client, body=body, prefer=_prefer(minimal)
            )
        except httpx.TransportError as exc:  # the move may or may not have landed: same id again
            failure = exc
            continue
        if _settled(answer) or attempt == attempts - 1:
            return _answer(answer, minimal)
    assert failure is not None
    raise failure


@overload
async def submit_move_async(
    client: AuthenticatedClient,
    game_id: str,
    seat: int,
    move: Any,
    *,
    move_id: str | None = None,
    expected_version: int | None = None,
    attempts: int = ATTEMPTS,
    minimal: Literal[False] = False,
) -> MoveAcceptedOut: ...
@overload
async def submit_move_async(
    client: AuthenticatedClient,
    game_id: str,
    seat: int,
    move: Any,
    *,
    move_id: str | None = None,
    expected_version: int | None = None,
    attempts: int = ATTEMPTS,
    minimal: Literal[True],
) -> MoveMinimalOut: ...
async def submit_move_async(
    client: AuthenticatedClient,
    game_id: str,
    seat: int,
    move: Any,
    *,
    move_id: str | None = None,
    expected_version: int | None = None,
    attempts: int = ATTEMPTS,
    minimal: bool = False,
) -> MoveAcceptedOut | MoveMinimalOut:
    """`submit_move` for asyncio."""
    body = _body(seat, move, move_id, expected_version)
    failure: BaseException | None = None
    for attempt in range(attempts):
        if attempt:
            await asyncio.sleep(FIRST_WAIT * 2 ** (attempt - 1))
        try:
            answer = await generated.asyncio_detailed(
                game_id, client=client, body=body, prefer=_prefer(minimal)
            )
        except httpx.TransportError as exc:
            failure = exc
            continue
        if _settled(answer) or attempt == attempts - 1:
            return _answer(answer, minimal)
    assert failure is not None
    raise failure


def _answer(
    answer: Response[MoveAcceptedOut | MoveMinimalOut | ProblemOut], minimal: bool
) -> MoveAcceptedOut | MoveMinimalOut:
    """The parsed answer, of the kind asked for (the generated parser tries the full one first,
    which a minimal answer never satisfies: it has no `game`)."""
    parsed = answer.parsed
    if isinstance(parsed, ProblemOut) or parsed is None:
        unwrap(cast("Response[MoveAcceptedOut | ProblemOut]", answer))  # raises, as every call
    wanted = MoveMinimalOut if minimal else MoveAcceptedOut
    if not isinstance(parsed, wanted):
        raise UnexpectedAnswer(f"expected {wanted.__name__}, got {type(parsed).__name__}")
    return parsed


__all__ = ["ProblemError", "submit_move", "submit_move_async"]
