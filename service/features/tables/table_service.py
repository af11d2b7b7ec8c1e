"""The table operations behind the API (`service.contract.backend.TablesPort`): resign, leave,
takeback, and the admin's abort, token reissue and stand-in
(`service.features.tables.table_ops`)."""

from __future__ import annotations

from boardstate.engine.bots.policies import POLICIES as BOT_POLICIES
from boardstate.engine.table.options import STAND_IN
from boardstate.service.contract.ports import GameView, JoinedSeat
from boardstate.service.failures import UnknownPolicy
from boardstate.service.features.tables.table_ops import TableOps
from boardstate.service.features.views.read_models import game_view
from boardstate.service.inputs import echo
from boardstate.service.runtime.store_failures import store_errors

POLICIES = (STAND_IN, *sorted(BOT_POLICIES))
"""What an admin may put in a seat (`replaceSeat`)."""


class TableService:
    """The table's operations for both doors, each answering the game's view."""

    def __init__(self, table: TableOps) -> None:
        self.table = table

    async def resign(self, game_id: str, seat: int, token: str | None) -> GameView:
        with store_errors():
            return game_view(await self.table.resign(game_id, seat, token))

    async def leave_game(self, game_id: str, seat: int, token: str | None) -> GameView:
        with store_errors():
            return game_view(await self.table.leave(game_id, seat, token))

    async def request_takeback(self, game_id: str, seat: int, token: str | None) -> GameView:
        with store_errors():
            return game_view(await self.table.request_takeback(game_id, seat, token))

    async def answer_takeback(
        self, game_id: str, seat: int, token: str | None, accept: bool
    ) -> GameView:
        with store_errors():
            return game_view(await self.table.answer_takeback(game_id, seat, token, accept))

    async def abort_game(self, game_id: str, token: str | None) -> GameView:
        with store_errors():
            return game_view(await self.table.abort(game_id, token))

    async def reissue_seat_token(self, game_id: str, seat: int, token: str | None) -> JoinedSeat:
        with store_errors():
            record, fresh = await self.table.reissue_token(game_id, seat, token)
        return JoinedSeat(game_view(record), seat, fresh)

    async def replace_seat(
        self, game_id: str, seat: int, token: str | None, policy: str
    ) -> GameView:
        if policy not in POLICIES:
            raise UnknownPolicy(
                f"unknown policy {echo(policy)}; known: {list(POLICIES)}", {"known": list(POLICIES)}
            )
        with store_errors():
            return game_view(await self.table.seat_stand_in(game_id, seat, token, policy))
