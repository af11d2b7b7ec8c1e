"""Ratings rebuilt from the logs: `boardstate ratings rebuild [--check]` (issue 30).

Every stored game that the index lists as FINISHED is loaded from its log (verified as any read
is) and its rated result taken (`features.ratings.outcomes`). The results are replayed through
the same update as the live path (`updates.game_rows`) in the order games were applied live
(each applied game's place, `applied`), and games not applied yet after them, by the time of
their end and then their id. So the rebuild equals the live values byte for byte, and a rebuild
from nothing (the ratings' keys lost) orders games by their end.

Writing swaps each game type's whole ratings state in one script, unless a game was applied
meanwhile (then it reads and replays again). Games in the archive are in the index and still in
Redis (`boardstate archive run` keeps their keys), so they are read the same way.
"""

from __future__ import annotations

import dataclasses
import math
from collections import defaultdict

from boardstate.service.features.moves.loader import GameLoader
from boardstate.service.features.ratings.applier import HISTORY_CAP, result_of
from boardstate.service.features.ratings.outcomes import RatedResult
from boardstate.service.features.ratings.updates import game_rows
from boardstate.service.store.rating_store import RedisRatings

PAGE = 200
ATTEMPTS = 5


@dataclasses.dataclass(frozen=True, slots=True)
class Rebuilt:
    """One game type's ratings as the logs give them."""

    applied: dict[str, int]
    """Each rated game's place in the order."""
    players: dict[str, tuple[bytes, float, list[bytes]]]
    """Each player's rating, board score and history (oldest first, at most the cap)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Comparison:
    """How the live ratings of one game type differ from the rebuilt ones."""

    game_type: str
    games: int
    players: int
    differing_players: tuple[str, ...]
    missing_games: tuple[str, ...]
    """Rated games the live ratings have not applied (yet)."""
    extra_games: tuple[str, ...]
    """Games the live ratings applied that the logs do not rate."""

    @property
    def equal(self) -> bool:
        return not (self.differing_players or self.missing_games or self.extra_games)


async def rated_results(loader: GameLoader, game_type: str) -> list[RatedResult]:
    """The rated results of every FINISHED game of the type the index lists."""
    results: list[RatedResult] = []
    after: str | None = None
    while True:
        rows, _ = await loader.store.index_page(after, PAGE, game_type, "FINISHED")
        for row in rows:
            if (result := await result_of(loader, row.game_id)) is not None:
                results.append(result)
        if len(rows) < PAGE:
            return results
        after = rows[-1].game_id


def replay(results: list[RatedResult], applied: dict[str, int], cap: int) -> Rebuilt:
    """The ratings after `results` in the live order (`applied`), the others after them."""
    ordered = sorted(
        results, key=lambda r: (applied.get(r.game_id, math.inf), r.ended_at, r.game_id)
    )
    ratings: dict[str, bytes] = {}
    scores: dict[str, float] = {}
    history: dict[str, list[bytes]] = defaultdict(list)
    for result in ordered:
        for row in game_rows(result, [ratings.get(p) for p in result.players]):
            ratings[row.player], scores[row.player] = row.after, row.score
            history[row.player].append(row.entry)
    players = {p: (ratings[p], scores[p], history[p][-cap:]) for p in ratings}
    return Rebuilt({r.game_id: n for n, r in enumerate(ordered, 1)}, players)


class Rebuild:
    """Recomputes, compares and writes the ratings of game types from their logs."""

    def __init__(self, loader: GameLoader, ratings: RedisRatings, cap: int = HISTORY_CAP) -> None:
        self.loader = loader
        self.ratings = ratings
        self.cap = cap

    async def compute(self, game_type: str) -> tuple[Rebuilt, dict[str, bytes], dict[str, int]]:
        """The rebuilt ratings, and the live ratings and applied games they were ordered by."""
        live, applied = await self.ratings.snapshot(game_type)
        results = await rated_results(self.loader, game_type)
        return replay(results, applied, self.cap), live, applied

    async def check(self, game_type: str) -> Comparison:
        """Compares the live ratings (ratings and whole histories) with the rebuilt ones."""
        rebuilt, live, applied = await self.compute(game_type)
        differing = []
        for player in sorted(set(live) | set(rebuilt.players)):
            mine = rebuilt.players.get(player)
            stored = await self.ratings.history(game_type, player, 0, self.cap)
            if mine is None or live.get(player) != mine[0] or stored != mine[2][::-1]:
                differing.append(player)
        return Comparison(
            game_type,
            len(rebuilt.applied),
            len(rebuilt.players),
            tuple(differing),
            tuple(sorted(set(rebuilt.applied) - set(applied))),
            tuple(sorted(set(applied) - set(rebuilt.applied))),
        )

    async def write(self, game_type: str) -> Rebuilt:
        """Replaces the game type's ratings with the rebuilt ones."""
        for _ in range(ATTEMPTS):
            rebuilt, live, applied = await self.compute(game_type)
            if await self.ratings.replace(
                game_type, len(applied), rebuilt.applied, rebuilt.players, list(live)
            ):
                return rebuilt
        raise RuntimeError(f"{game_type}: games kept being applied while rebuilding")
