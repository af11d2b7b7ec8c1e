"""Ratings in GraphQL (issue 30): `leaderboard`, `playerRatings`, `ratingHistory`, public,
from the same `RatingsService` reads as the REST routes (`service.http.rest.players.ratings`). An
unknown game type is the error `UNKNOWN_GAME_TYPE`, a bad player id `BAD_NAME`, a bad cursor
`BAD_CURSOR` (top-level errors with `extensions.code`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import strawberry

from boardstate.engine.core.errors import MoveError
from boardstate.schema import decorators as described
from boardstate.schema.context import Info
from boardstate.service.contract.arguments import text_argument
from boardstate.service.contract.codes import as_api_error
from boardstate.service.contract.players.rating_ports import RatingChange as ChangeView
from boardstate.service.contract.players.rating_ports import RatingView


@contextmanager
def _api_errors() -> Iterator[None]:
    """Rejections (an unknown game type, a bad player id) as top-level errors with a code."""
    try:
        yield
    except MoveError as exc:
        raise as_api_error(exc) from None


@strawberry.type
class Rating:
    """A player's rating in one game type: `rating` = 1500 + 30 (mu - 3 sigma), what
    leaderboards sort by; `rank` = the place on the game type's leaderboard (1 = best; null
    while `provisional`: the service is still unsure of the rating, sigma above 5.5, and
    leaves it off the leaderboard)."""

    game_type: strawberry.ID
    player_id: str
    rating: float
    mu: float
    sigma: float
    games: int
    rank: int | None
    provisional: bool
    display_name: str | None = strawberry.field(
        description="The name the player chose (null: none; a bot has none)."
    )

    @classmethod
    def of(cls, v: RatingView, names: dict[str, str]) -> Rating:
        return cls(
            game_type=strawberry.ID(v.game_type),
            player_id=v.player_id,
            rating=v.rating,
            mu=v.mu,
            sigma=v.sigma,
            games=v.games,
            rank=v.rank,
            provisional=v.provisional,
            display_name=names.get(v.player_id),
        )


@strawberry.type
class Leaderboard:
    """Some places of a game type's leaderboard, best first (players whose rating is not
    provisional)."""

    game_type: strawberry.ID
    entries: list[Rating]
    total_count: int
    next_cursor: str | None


@strawberry.type
class RatingChange:
    """A player's rating after one rated game (`place` among the game's rated `players`: 1 =
    first, ties equal; `provisional`: the rating after it still was)."""

    game_id: strawberry.ID
    ended_at: str
    seat: int
    place: int
    players: int
    rating: float
    change: float
    mu: float
    sigma: float
    games: int
    provisional: bool

    @classmethod
    def of(cls, v: ChangeView) -> RatingChange:
        return cls(
            game_id=strawberry.ID(v.game_id),
            ended_at=v.ended_at,
            seat=v.seat,
            place=v.place,
            players=v.players,
            rating=v.rating,
            change=v.change,
            mu=v.mu,
            sigma=v.sigma,
            games=v.games,
            provisional=v.provisional,
        )


@strawberry.type
class RatingHistory:
    """A player's rating changes in one game type, newest first."""

    game_type: strawberry.ID
    player_id: str
    entries: list[RatingChange]
    total_count: int
    next_cursor: str | None


@strawberry.type
class RatingsQuery:
    @described.field(
        "A game type's leaderboard, best rating (1500 + 30 (mu - 3 sigma)) first, provisional "
        "ratings left off; public."
    )
    async def leaderboard(
        self,
        info: Info,
        game_type: strawberry.ID,
        first: int | None = None,
        after: str | None = None,
    ) -> Leaderboard:
        ratings = info.context.backend.ratings
        with _api_errors():
            page = await ratings.leaderboard(str(game_type), first, text_argument("after", after))
            ids = [e.player_id for e in page.entries]
            names = await info.context.backend.players.display_names(ids)
        entries = [Rating.of(e, names) for e in page.entries]
        return Leaderboard(
            game_type=game_type,
            entries=entries,
            total_count=page.total,
            next_cursor=page.next_cursor,
        )

    @described.field("A player's rating in each game type they have played rated; public.")
    async def player_ratings(self, info: Info, player_id: str) -> list[Rating]:
        with _api_errors():
            found = await info.context.backend.ratings.player_ratings(player_id)
            names = await info.context.backend.players.display_names([player_id])
        return [Rating.of(r, names) for r in found]

    @described.field("A player's rating after each rated game of a type, newest first; public.")
    async def rating_history(
        self,
        info: Info,
        player_id: str,
        game_type: strawberry.ID,
        first: int | None = None,
        after: str | None = None,
    ) -> RatingHistory:
        ratings = info.context.backend.ratings
        with _api_errors():
            page = await ratings.history(
                player_id, str(game_type), first, text_argument("after", after)
            )
        return RatingHistory(
            game_type=game_type,
            player_id=player_id,
            entries=[RatingChange.of(e) for e in page.entries],
            total_count=page.total,
            next_cursor=page.next_cursor,
        )
