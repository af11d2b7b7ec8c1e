"""The table's mutations in GraphQL (architecture §5c): resign, leave, takeback, admin."""

from __future__ import annotations

from typing import Annotated

import strawberry

from boardstate.engine.core.errors import MoveError
from boardstate.schema import decorators as described
from boardstate.schema.context import Info
from boardstate.schema.results import JoinGameResult, Rejected, SeatJoined
from boardstate.schema.types import Game
from boardstate.service.contract.ports import GameView


@strawberry.type
class TableUpdated:
    """The game after a table operation (and after any stand-in moves it caused)."""

    version: int
    game: Game


TableResult = Annotated[TableUpdated | Rejected, strawberry.union("TableResult")]


def _updated(view: GameView) -> TableUpdated:
    return TableUpdated(version=view.version, game=Game.of(view))


@strawberry.type
class TableMutation:
    """Resign, leave, takeback and the admin's operations (architecture §5c)."""

    @described.mutation(
        "The seat concedes. Two-player games end (the other seat wins); in larger games the "
        "seat ranks last and the game's stand-in plays its turns. Needs the seat's token."
    )
    async def resign(self, info: Info, game_id: strawberry.ID, seat: int) -> TableResult:
        ctx = info.context
        try:
            return _updated(await ctx.backend.tables.resign(str(game_id), seat, ctx.token))
        except MoveError as exc:
            return Rejected.of(exc)

    @described.mutation(
        "Before the start: frees the seat (its token stops working). After it: resign."
    )
    async def leave_game(self, info: Info, game_id: strawberry.ID, seat: int) -> TableResult:
        ctx = info.context
        try:
            return _updated(await ctx.backend.tables.leave_game(str(game_id), seat, ctx.token))
        except MoveError as exc:
            return Rejected.of(exc)

    @described.mutation(
        "Asks the other seats to take back this seat's last move (TAKEBACK_NOT_ALLOWED when "
        "anything random or hidden was revealed since). With nobody to ask, it is taken back."
    )
    async def request_takeback(self, info: Info, game_id: strawberry.ID, seat: int) -> TableResult:
        ctx = info.context
        try:
            return _updated(
                await ctx.backend.tables.request_takeback(str(game_id), seat, ctx.token)
            )
        except MoveError as exc:
            return Rejected.of(exc)

    @described.mutation(
        "Accepts or declines the pending takeback; the last acceptance returns the game to the "
        "version before the move (TakenBack)."
    )
    async def answer_takeback(
        self, info: Info, game_id: strawberry.ID, seat: int, accept: bool
    ) -> TableResult:
        ctx = info.context
        try:
            view = await ctx.backend.tables.answer_takeback(str(game_id), seat, ctx.token, accept)
        except MoveError as exc:
            return Rejected.of(exc)
        return _updated(view)

    @described.mutation("Admin: ends the game ABANDONED.")
    async def abort_game(self, info: Info, game_id: strawberry.ID) -> TableResult:
        ctx = info.context
        try:
            return _updated(await ctx.backend.tables.abort_game(str(game_id), ctx.token))
        except MoveError as exc:
            return Rejected.of(exc)

    @described.mutation(
        "Admin: a new token for the seat (in the result); the old one stops working at once."
    )
    async def reissue_seat_token(
        self, info: Info, game_id: strawberry.ID, seat: int
    ) -> JoinGameResult:
        ctx = info.context
        try:
            joined = await ctx.backend.tables.reissue_seat_token(str(game_id), seat, ctx.token)
        except MoveError as exc:
            return Rejected.of(exc)
        return SeatJoined(seat=joined.seat, token=joined.token, game=Game.of(joined.game))

    @described.mutation(
        "Admin: the stand-in (policy `stand-in`) plays the seat for the rest of the game."
    )
    async def replace_seat(
        self, info: Info, game_id: strawberry.ID, seat: int, policy: str = "stand-in"
    ) -> TableResult:
        ctx = info.context
        try:
            view = await ctx.backend.tables.replace_seat(str(game_id), seat, ctx.token, policy)
        except MoveError as exc:
            return Rejected.of(exc)
        return _updated(view)
