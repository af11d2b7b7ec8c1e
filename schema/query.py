"""The Query root (architecture §5) plus `gameType(id)`, `validateMove` and `rateLimit`."""

from __future__ import annotations

import strawberry
from strawberry.scalars import JSON

from boardstate.engine import registry
from boardstate.engine.core.errors import MoveError
from boardstate.schema import decorators as described
from boardstate.schema.context import Info
from boardstate.schema.events import PageInfo
from boardstate.schema.game_header import GameStatus
from boardstate.schema.game_types import GameType, all_game_types, game_type_of
from boardstate.schema.players import PlayerQuery
from boardstate.schema.rate_limit import RateLimitQuery
from boardstate.schema.rating_types import RatingsQuery
from boardstate.schema.results import MoveValid, ValidateMoveResult, move_failure
from boardstate.schema.seeking import MatchQuery
from boardstate.schema.types import Game, GameConnection, GameEdge
from boardstate.schema.webhooks import WebhookQuery
from boardstate.service.contract import cursors
from boardstate.service.contract.arguments import text_argument
from boardstate.service.contract.paging import clamp_first


@strawberry.type
class Query(WebhookQuery, RateLimitQuery, PlayerQuery, MatchQuery, RatingsQuery):
    @strawberry.field
    def game_types(self) -> list[GameType]:
        return all_game_types()

    @strawberry.field
    def game_type(self, id: strawberry.ID) -> GameType | None:
        return game_type_of(str(id)) if str(id) in registry.GAMES else None

    @described.field("The game at its current version; null when unknown.")
    async def game(self, info: Info, id: strawberry.ID) -> Game | None:
        view = await info.context.backend.games.game(str(id))
        return None if view is None else Game.of(view)

    @described.field(
        "Games, newest first; filtered by type, status and a seated player's name "
        "(case-insensitive)."
    )
    async def games(
        self,
        info: Info,
        first: int | None = None,
        after: str | None = None,
        game_type: strawberry.ID | None = None,
        status: GameStatus | None = None,
        player: str | None = None,
    ) -> GameConnection:
        backend = info.context.backend
        count = clamp_first(first, backend.games.page_cap)
        page = await backend.games.games(
            cursors.game_after(after),
            count,
            text_argument("gameType", None if game_type is None else str(game_type)),
            None if status is None else status.value,
            text_argument("player", player),
        )
        edges = [
            GameEdge(cursor=cursors.game_cursor(key), node=Game.of(view))
            for key, view in page.games
        ]
        info_ = PageInfo(
            has_next_page=page.has_next,
            has_previous_page=after is not None,
            start_cursor=edges[0].cursor if edges else None,
            end_cursor=edges[-1].cursor if edges else None,
        )
        return GameConnection(edges=edges, page_info=info_, total_count=page.total)

    @described.field("Runs every check of submitMove without recording anything.")
    async def validate_move(
        self,
        info: Info,
        game_id: strawberry.ID,
        seat: int,
        move: JSON,
        expected_version: int | None = None,
    ) -> ValidateMoveResult:
        ctx = info.context
        try:
            accepted = await ctx.backend.moves.submit_move(
                str(game_id), seat, move, ctx.token, expected_version, None, True
            )
        except MoveError as exc:
            return move_failure(exc)
        return MoveValid(version=accepted.version, game=Game.of(accepted.game))
