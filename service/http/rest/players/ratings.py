"""The ratings' REST bodies and handlers (issue 30; declared in
`service.http.rest.players.rating_routes`): a game type's leaderboard, a player's ratings and a
player's rating history, public, from the same `RatingsService` reads as GraphQL's `leaderboard` and
`playerRatings`."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from boardstate.service.contract.arguments import text_argument
from boardstate.service.contract.players.rating_ports import RatingChange, RatingView
from boardstate.service.http.rest.base import Out, out_of
from boardstate.service.http.rest.common import endpoint, json_response, query_int, service_of


class RatingOut(Out):
    """A player's rating in one game type: `rating` = 1500 + 30 (mu - 3 sigma), what
    leaderboards sort by; `rank` = the place on the game type's leaderboard (1 = best; null
    while `provisional`: the service is still unsure of the rating, sigma above 5.5, and
    leaves it off the leaderboard)."""

    game_type: str
    player_id: str
    rating: float
    mu: float
    sigma: float
    games: int
    rank: int | None
    provisional: bool
    display_name: str | None
    """The name the player chose (null: none; a bot, `bot:<policy>`, has none)."""


class LeaderboardOut(Out):
    """Some places of a game type's leaderboard, best first (players whose rating is not
    provisional); `nextCursor` is the next page's."""

    game_type: str
    entries: list[RatingOut]
    total: int
    next_cursor: str | None


class RatingChangeOut(Out):
    """A player's rating after one rated game: `place` among the game's rated `players` (1 =
    first, ties equal), the new `rating`, its `change`, and whether it was still
    `provisional`."""

    game_id: str
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


class RatingHistoryOut(Out):
    """A player's rating changes in one game type, newest first."""

    game_type: str
    player_id: str
    entries: list[RatingChangeOut]
    total: int
    next_cursor: str | None


class PlayerRatingsOut(Out):
    """A player's rating in each game type they have played rated."""

    player_id: str
    ratings: list[RatingOut]


RATING_MODELS = (RatingOut, LeaderboardOut, RatingChangeOut, RatingHistoryOut, PlayerRatingsOut)


def _rating(view: RatingView, names: dict[str, str]) -> RatingOut:
    return out_of(view, RatingOut, display_name=names.get(view.player_id))


def _change(view: RatingChange) -> RatingChangeOut:
    return out_of(view, RatingChangeOut)


def _cursor(request: Request) -> str | None:
    return text_argument("cursor", request.query_params.get("cursor") or None)


@endpoint
async def leaderboard(request: Request) -> Response:
    ratings = service_of(request).ratings
    game_type = request.path_params["gameType"]
    page = await ratings.leaderboard(game_type, query_int(request, "limit", 0), _cursor(request))
    names = await service_of(request).players.display_names([e.player_id for e in page.entries])
    entries = [_rating(e, names) for e in page.entries]
    return json_response(LeaderboardOut(game_type, entries, page.total, page.next_cursor))


@endpoint
async def player_ratings(request: Request) -> Response:
    player = request.path_params["playerId"]
    found = await service_of(request).ratings.player_ratings(player)
    names = await service_of(request).players.display_names([player])
    return json_response(PlayerRatingsOut(player, [_rating(r, names) for r in found]))


@endpoint
async def rating_history(request: Request) -> Response:
    ratings = service_of(request).ratings
    player, game_type = request.path_params["playerId"], request.path_params["gameType"]
    limit = query_int(request, "limit", 0)
    page = await ratings.history(player, game_type, limit, _cursor(request))
    entries = [_change(e) for e in page.entries]
    body = RatingHistoryOut(game_type, player, entries, page.total, page.next_cursor)
    return json_response(body)
