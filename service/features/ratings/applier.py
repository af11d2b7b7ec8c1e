"""Applying one rated game's result to the stored ratings, exactly once (issue 30).

The update is computed from the players' stored ratings and the records of the game's pairs
(`updates.game_update`; the pair bound: `features.ratings.pairs`), then written by one script
that checks, atomically, that the game was not applied yet and that every player's stored
rating and every pair's record is still the one it was computed from
(`service.store.players.rating_store`). When another replica applied a game of one of these players
in between, the update is computed again from the new values: the ratings are always those of the
games in the order they were applied, the order `boardstate ratings rebuild` follows. A game
the pair bound holds takes its place in that order and moves no rating (no rows).
"""

from __future__ import annotations

import structlog

from boardstate.service.features.moves.loader import GameLoader
from boardstate.service.features.ratings import pairs
from boardstate.service.features.ratings.outcomes import RatedResult, rated_result
from boardstate.service.features.ratings.updates import Row, game_update
from boardstate.service.log.game_record import GameRecord
from boardstate.service.store.players.rating_store import RedisRatings

log = structlog.get_logger("boardstate.ratings")

ATTEMPTS = 64
"""Optimistic attempts at one game before giving up (its feed entry is tried again later)."""
HISTORY_CAP = 200
"""History entries kept per player and game type (the newest)."""


class RatingsContended(RuntimeError):
    """A game's players kept changing while its update was being written."""


async def ended_at(loader: GameLoader, record: GameRecord) -> str:
    """The time of the game's last event (`GameEnded`, for a game that ended)."""
    last = await loader.store.read(record.game_id, record.version - 1, 1)
    return last[0].at if last else ""


async def result_of(loader: GameLoader, game_id: str) -> RatedResult | None:
    """The rated result of a stored game, or None (unknown, not over, or not rated)."""
    record = await loader.load(game_id)
    if record is None or record.result is None:
        return None
    return rated_result(record, await ended_at(loader, record))


class Applier:
    """Applies rated results with the optimistic check and retries."""

    def __init__(self, ratings: RedisRatings, cap: int = HISTORY_CAP) -> None:
        self.ratings = ratings
        self.cap = cap

    async def apply(self, result: RatedResult) -> tuple[int, list[Row]]:
        """Applies `result`; returns its place in the order and the rows written (0 and no
        rows when it had been applied before; no rows when the pair bound held it). Raises
        `RatingsContended`."""
        players, fields = list(result.players), pairs.pairs_of(result)
        for _ in range(ATTEMPTS):
            stored = await self.ratings.stored(result.game_type, players)
            records = await self.ratings.pair_records(result.game_type, fields)
            update = game_update(result, stored, records)
            rows = update.rows
            written = [(r.player, r.before, r.after, r.score, r.entry, r.ranked) for r in rows]
            marks = [(p.field, p.before, p.after) for p in update.pairs]
            place = await self.ratings.apply(
                result.game_type, result.game_id, self.cap, written, marks
            )
            if place > 0:
                event = "rating_held" if update.held else "rating_applied"
                log.info(event, game_id=result.game_id, place=place)
                return place, rows
            if place == 0:
                return 0, []
        raise RatingsContended(f"game {result.game_id}: its players' ratings kept changing")
