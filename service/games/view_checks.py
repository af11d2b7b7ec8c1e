"""The checks of a view (`state`, `boardSvg`) without the view: what a conditional request
(`If-None-Match`) needs before it may answer 304 Not Modified.

A view at a version is immutable: `state` of one seat (or the spectator) at version k is the
same whenever it is asked for, so its ETag is the version it is served at; only the checks can
change the answer (a seat's token; a version outside 1..current). `check_view` runs those
checks in the order `GameService.state` runs them and returns the version served, without
folding a past version.
"""

from __future__ import annotations

from typing import Protocol

from boardstate.service.contract.codes import BAD_VERSION, ApiError
from boardstate.service.contract.ports import GameView
from boardstate.service.games.store_failures import store_errors
from boardstate.service.log.game_record import GameRecord


class _Authorizes(Protocol):
    async def _authorize_view(self, record: GameRecord, seat: int, token: str | None) -> None: ...


def served_version(current: int, version: int | None) -> int:
    """Returns the version a view is served at; `BAD_VERSION` outside 1..`current`."""
    if version is None:
        return current
    if not 1 <= version <= current:
        raise ApiError(BAD_VERSION, f"version must be 1..{current}, not {version}")
    return version


class ViewChecks:
    """`check_view`, a part of `GameService`."""

    async def check_view(
        self: _Authorizes,
        game: GameView,
        seat: int | None,
        version: int | None,
        token: str | None,
    ) -> int:
        """Runs the checks of `state` (the seat's token, then the version) and returns the
        version the view would be served at."""
        current: GameRecord = game.handle
        if seat is not None:
            with store_errors():
                await self._authorize_view(current, seat, token)
        return served_version(current.version, version)
