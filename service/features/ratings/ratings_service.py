"""`RatingsService`: the ratings feature for both doors (reads) and its consumer loop (issue 30).

Reads are public (docs/security.md): a game type's leaderboard (best first, by rating = mu -
3 sigma, equal ratings by player id; provisional ratings are left off it, as on Lichess), a
player's rating per game type with their place on its leaderboard (none while provisional), and
a player's history per game type (newest first, the last `HISTORY_CAP`). Every rating read says
whether it is provisional (`skill.PROVISIONAL_SIGMA`). Pages are positions in the list
(`offset_cursor`): a leaderboard changing between two pages may show a player twice or skip
one, as any ranked list read in pages does.
"""

from __future__ import annotations

import json

from boardstate.engine import registry
from boardstate.service.contract.cursors import offset_after, offset_cursor
from boardstate.service.contract.paging import clamp_first
from boardstate.service.contract.players.player_inbox import PlayerInbox
from boardstate.service.contract.players.rating_ports import (
    HistoryPage,
    LeaderboardPage,
    RatingChange,
    RatingView,
)
from boardstate.service.contract.work_costs import RATINGS_PAGE
from boardstate.service.features.lobby.seat_names import checked_player_ids
from boardstate.service.features.moves.loader import GameLoader
from boardstate.service.features.ratings.applier import Applier
from boardstate.service.features.ratings.consumer import RatingsConsumer
from boardstate.service.features.ratings.skill import PROVISIONAL_SIGMA
from boardstate.service.features.ratings.updates import decode_skill
from boardstate.service.runtime.store_failures import store_errors
from boardstate.service.store.players.rating_store import RedisRatings

PAGE_CAP = RATINGS_PAGE
"""Entries of one leaderboard or history page at most (and by default)."""


def _change(raw: bytes) -> RatingChange:
    e = json.loads(raw)
    return RatingChange(
        e["gameId"],
        e["endedAt"],
        e["seat"],
        e["rank"] + 1,
        e["players"],
        e["rating"],
        e["change"],
        e["mu"],
        e["sigma"],
        e["games"],
        e["sigma"] > PROVISIONAL_SIGMA,
    )


class RatingsService:
    """Leaderboards, ratings and histories; the consumer applying rated games."""

    def __init__(
        self, store: RedisRatings, loader: GameLoader, inbox: PlayerInbox | None = None
    ) -> None:
        self.store = store
        self.applier = Applier(store)
        self.consumer = RatingsConsumer(store, loader, self.applier, inbox)

    async def rating_of(self, player_id: str, game_type: str) -> float:
        """The player's rating in the game type (a new player's when never rated): what seeks'
        rating ranges compare (matchmaking)."""
        with store_errors():
            raw = (await self.store.stored(game_type, [player_id]))[0]
        return decode_skill(raw).rating

    async def leaderboard(
        self, game_type: str, first: int | None, after: str | None
    ) -> LeaderboardPage:
        """The game type's leaderboard from `after` on, best first."""
        registry.get(game_type)
        start, count = offset_after(after), clamp_first(first, PAGE_CAP)
        with store_errors():
            players, total = await self.store.board(game_type, start, count)
            stored = await self.store.stored(game_type, players) if players else []
        entries = []
        for place, (player, raw) in enumerate(zip(players, stored, strict=True), start + 1):
            skill = decode_skill(raw)
            view = RatingView(
                game_type,
                player,
                skill.rating,
                skill.mu,
                skill.sigma,
                skill.games,
                place,
                skill.provisional,
            )
            entries.append(view)
        end = start + len(entries)
        more = offset_cursor(end) if entries and end < total else None
        return LeaderboardPage(game_type, tuple(entries), total, more)

    async def player_ratings(self, player_id: str) -> list[RatingView]:
        """The player's rating in every game type they have played rated, by game type."""
        checked_player_ids([player_id], 1)
        found = []
        with store_errors():
            for game_type in sorted(registry.GAMES):
                raw = (await self.store.stored(game_type, [player_id]))[0]
                if raw is None:
                    continue
                skill = decode_skill(raw)
                rank = await self.store.rank(game_type, player_id)
                found.append(
                    RatingView(
                        game_type,
                        player_id,
                        skill.rating,
                        skill.mu,
                        skill.sigma,
                        skill.games,
                        rank,
                        skill.provisional,
                    )
                )
        return found

    async def history(
        self, player_id: str, game_type: str, first: int | None, after: str | None
    ) -> HistoryPage:
        """The player's rating changes in the game type from `after` on, newest first."""
        checked_player_ids([player_id], 1)
        registry.get(game_type)
        start, count = offset_after(after), clamp_first(first, PAGE_CAP)
        with store_errors():
            raws = await self.store.history(game_type, player_id, start, count)
            total = await self.store.history_length(game_type, player_id)
        entries = tuple(_change(raw) for raw in raws)
        end = start + len(entries)
        more = offset_cursor(end) if entries and end < total else None
        return HistoryPage(game_type, player_id, entries, total, more)
