"""A player's own stream and games in GraphQL (issue 30, architecture §5e): the `playerEvents`
subscription and `me { games }`, the same as `GET /v1/players/me/stream` and
`GET /v1/players/me/games` (`service.features.players.player_streams`)."""

from __future__ import annotations

from collections.abc import AsyncGenerator
from contextlib import aclosing

import strawberry
from strawberry.scalars import JSON

from boardstate.engine.core.errors import MoveError
from boardstate.schema import decorators as described
from boardstate.schema.context import Info
from boardstate.schema.events import PageInfo
from boardstate.schema.game_header import GameStatus
from boardstate.schema.types import Game, GameConnection, GameEdge
from boardstate.service.contract import cursors
from boardstate.service.contract.arguments import text_argument
from boardstate.service.contract.codes import as_api_error
from boardstate.service.contract.paging import clamp_first
from boardstate.service.contract.players.player_stream_ports import PlayerItem


@strawberry.type
class PlayerEvent:
    """One event of the player's own stream (docs/players.md lists each kind's `data`)."""

    id: str = strawberry.field(description="Its stream id: resume with `after`.")
    kind: str = strawberry.field(
        description="turn, game.started, game.ended, takeback.requested; challenge, "
        "challenge.accepted, challenge.declined, seek.matched, rematch.offered, "
        "rematch.created; rating.changed."
    )
    at: str
    data: JSON

    @classmethod
    def of(cls, item: PlayerItem) -> PlayerEvent:
        return cls(id=item.id, kind=item.kind, at=item.at, data=JSON(item.data))


async def my_games(
    info: Info,
    first: int | None,
    after: str | None,
    game_type: strawberry.ID | None,
    status: GameStatus | None,
) -> GameConnection:
    """A page of the caller's own games (`me { games }`)."""
    backend = info.context.backend
    count = clamp_first(first, backend.games.page_cap)
    try:
        page = await backend.player_feeds.streams.games(
            info.context.token,
            None if status is None else status.value,
            text_argument("gameType", None if game_type is None else str(game_type)),
            count,
            cursors.game_after(after),
        )
    except MoveError as exc:
        raise as_api_error(exc) from None
    edges = [
        GameEdge(cursor=cursors.game_cursor(key), node=Game.of(view)) for key, view in page.games
    ]
    info_ = PageInfo(
        has_next_page=page.has_next,
        has_previous_page=after is not None,
        start_cursor=edges[0].cursor if edges else None,
        end_cursor=edges[-1].cursor if edges else None,
    )
    return GameConnection(edges=edges, page_info=info_, total_count=page.total)


@strawberry.type
class PlayerEventsSubscription:
    @described.subscription(
        "The player's own events (player token of the connection): your turn, game started "
        "and ended, takeback asked, challenge, seek matched, rating changed; after the event "
        "id `after` (0: the oldest kept; from now on without it), then live ones."
    )
    async def player_events(
        self, info: Info, after: str | None = None
    ) -> AsyncGenerator[PlayerEvent, None]:
        ctx = info.context
        try:
            stream = await ctx.backend.player_feeds.streams.open_stream(
                ctx.token, text_argument("after", after), ctx.address
            )
            async with aclosing(stream):
                async for item in stream:
                    if item is not None:
                        yield PlayerEvent.of(item)
        except MoveError as exc:
            raise as_api_error(exc) from None
