"""The ratings' view records and port, shared by both doors (issue 30, docs/players.md).

Ratings are public, as on Lichess: anyone may read a game type's leaderboard, a player's
ratings and a player's rating history (docs/security.md).
"""

from __future__ import annotations

import dataclasses
from typing import Protocol


@dataclasses.dataclass(frozen=True, slots=True)
class RatingView:
    """A player's rating in one game type."""

    game_type: str
    player_id: str
    rating: float
    """1500 + 30 (mu - 3 sigma): what the leaderboard sorts by."""
    mu: float
    sigma: float
    games: int
    rank: int | None
    """1 = best on the game type's leaderboard; None while provisional (left off it)."""
    provisional: bool = False
    """The service is still unsure of it (sigma above 5.5): shown as such, not ranked."""


@dataclasses.dataclass(frozen=True, slots=True)
class LeaderboardPage:
    """Some leaderboard places, best first."""

    game_type: str
    entries: tuple[RatingView, ...]
    total: int
    next_cursor: str | None


@dataclasses.dataclass(frozen=True, slots=True)
class RatingChange:
    """A player's rating after one rated game."""

    game_id: str
    ended_at: str
    seat: int
    place: int
    """The player's rank in the game (1 = first; equal places tie)."""
    players: int
    rating: float
    change: float
    mu: float
    sigma: float
    games: int
    provisional: bool = False
    """The rating after this game was provisional."""


@dataclasses.dataclass(frozen=True, slots=True)
class HistoryPage:
    """Some of a player's rating changes in one game type, newest first."""

    game_type: str
    player_id: str
    entries: tuple[RatingChange, ...]
    total: int
    next_cursor: str | None


class RatingsPort(Protocol):
    """Leaderboards, ratings and rating histories (public)."""

    async def leaderboard(
        self, game_type: str, first: int | None, after: str | None
    ) -> LeaderboardPage:
        """The game type's leaderboard from `after` on, players whose rating is not provisional
        only (`UNKNOWN_GAME_TYPE`, `BAD_CURSOR`)."""

    async def player_ratings(self, player_id: str) -> list[RatingView]:
        """The player's rating in each game type they played rated (`BAD_NAME`)."""

    async def history(
        self, player_id: str, game_type: str, first: int | None, after: str | None
    ) -> HistoryPage:
        """The player's rating changes in the game type, newest first."""
