"""`Moves`: submitting a move, the one move path every door calls (REST, GraphQL, a websocket).

Checks and records a move through the referee (`service.features.moves.referee`), counts
rejections by code, and lets the table's steward settle what the move made due (a clock that
ran out, a stand-in's turn): the steward is handed in (`Settles`), since the tables sit above
the moves. Expected failures raise typed `MoveError`s; store failures become retryable
`ApiError`s (`STORE_UNAVAILABLE`, `APPEND_UNCERTAIN`). docs/performance.md follows this path.
"""

from __future__ import annotations

from typing import Any, Protocol

from boardstate.engine.core.errors import MoveError
from boardstate.service.contract.codes import TIME_EXPIRED
from boardstate.service.contract.ports import AcceptedMove
from boardstate.service.features.moves.referee import Referee
from boardstate.service.features.views.read_models import game_view, move_views
from boardstate.service.log.game_record import GameRecord
from boardstate.service.metrics import Metrics
from boardstate.service.runtime.store_failures import store_errors


class Settles(Protocol):
    """What a move needs of the steward (`service.features.tables.steward.Steward`)."""

    def minds(self, record: GameRecord) -> bool: ...

    async def settle(self, game_id: str, head: GameRecord | None = None) -> object: ...


class Moves:
    """Submits moves."""

    def __init__(self, referee: Referee, steward: Settles, metrics: Metrics) -> None:
        self.referee = referee
        self.steward = steward
        self.metrics = metrics

    async def submit_move(
        self,
        game_id: str,
        seat: int,
        move: Any,
        token: str | None,
        expected_version: int | None,
        move_id: str | None,
        dry_run: bool,
    ) -> AcceptedMove:
        """Checks and records a move (see `service.features.moves.referee`); counts rejections
        by code."""
        try:
            with store_errors():
                verdict = await self.referee.submit(
                    game_id, seat, move, token, expected_version, move_id, dry_run
                )
        except MoveError as exc:
            self.metrics.moves_rejected.labels(exc.code).inc()
            if exc.code == TIME_EXPIRED:
                with store_errors():
                    await self.steward.settle(game_id)
            raise
        record = verdict.record
        if verdict.events and not verdict.replayed and self.steward.minds(record):
            with store_errors():
                await self.steward.settle(game_id, None if verdict.dry_run else record)
        events = move_views(record, verdict.events, verdict.facts, seat)
        return AcceptedMove(
            game_view(record), verdict.version, events, verdict.dry_run, verdict.replayed
        )
