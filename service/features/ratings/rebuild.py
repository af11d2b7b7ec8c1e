"""Ratings rebuilt from the logs: `boardstate ratings rebuild [--check]` (issue 30).

Every stored game that the index lists as FINISHED is loaded from its log (verified as any read
is) and its rated result taken (`features.ratings.outcomes`: who moved). The results are
replayed through the same update as the live path (`updates.game_update`: the ratings and the
pair bound, whose records are rebuilt too) in the order games were applied live (each applied
game's place, `applied`, held games included), and games not applied yet after them, by the
time of their end and then their id. Every rule reads only the logs (who moved, the bound each
game records, the games' end times), so the rebuild equals the live values byte for byte, and a
rebuild from nothing (the ratings' keys lost) orders games by their end.

Writing swaps each game type's whole ratings state in one script, unless a game was applied
meanwhile (then it reads and replays again). Archived games stay in the index and are read from
the archive (the store's fall-through), as every read of the service reads them. A game the
index lists that cannot be read (its object missing, the archive store not the deployment's)
is never taken for a game without a rating: `write` raises `RebuildIncomplete` and writes
nothing, and `check` names it (`unreadable_games`).
"""

from __future__ import annotations

import dataclasses
import math
from collections import defaultdict

from boardstate.service.features.moves.loader import GameLoader
from boardstate.service.features.ratings.applier import HISTORY_CAP, result_of
from boardstate.service.features.ratings.outcomes import RatedResult
from boardstate.service.features.ratings.pairs import pairs_of
from boardstate.service.features.ratings.updates import game_update
from boardstate.service.store.players.rating_scripts import RebuiltPlayer
from boardstate.service.store.players.rating_store import RedisRatings

PAGE = 200
ATTEMPTS = 5


@dataclasses.dataclass(frozen=True, slots=True)
class Rebuilt:
    """One game type's ratings as the logs give them."""

    applied: dict[str, int]
    """Each rated game's place in the order (held games too)."""
    players: dict[str, RebuiltPlayer]
    """Each player's rating, board score, history (oldest first, at most the cap) and whether
    it stands on the leaderboard."""
    pairs: dict[str, bytes] = dataclasses.field(default_factory=dict)
    """Each pair's record (`features.ratings.pairs`)."""
    held: tuple[str, ...] = ()
    """The games the pair bound held."""


class RebuildIncomplete(Exception):
    """Games the index lists FINISHED cannot be read: nothing was written."""


@dataclasses.dataclass(frozen=True, slots=True)
class Results:
    """The rated results of a game type's FINISHED games, and those that could not be read."""

    rated: list[RatedResult]
    unreadable: list[str]


@dataclasses.dataclass(frozen=True, slots=True)
class Comparison:
    """How the live ratings of one game type differ from the rebuilt ones."""

    game_type: str
    games: int
    players: int
    differing_players: tuple[str, ...]
    differing_pairs: tuple[str, ...]
    """Pairs whose record differs (`features.ratings.pairs`)."""
    missing_games: tuple[str, ...]
    """Rated games the live ratings have not applied (yet)."""
    extra_games: tuple[str, ...]
    """Games the live ratings applied that the logs do not rate."""
    unreadable_games: tuple[str, ...] = ()
    """FINISHED games of the index whose logs could not be read (nothing can be concluded)."""

    @property
    def equal(self) -> bool:
        differ = self.differing_players or self.differing_pairs or self.unreadable_games
        return not (differ or self.missing_games or self.extra_games)


async def rated_results(loader: GameLoader, game_type: str) -> Results:
    """The rated results of every FINISHED game of the type the index lists."""
    results = Results([], [])
    after: str | None = None
    while True:
        rows, _ = await loader.store.index_page(after, PAGE, game_type, "FINISHED")
        for row in rows:
            if await loader.load(row.game_id) is None:  # listed, yet no log: not "unrated"
                results.unreadable.append(row.game_id)
            elif (result := await result_of(loader, row.game_id)) is not None:
                results.rated.append(result)
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
    ranked: dict[str, bool] = {}
    history: dict[str, list[bytes]] = defaultdict(list)
    records: dict[str, bytes] = {}
    held = []
    for result in ordered:
        stored = [ratings.get(p) for p in result.players]
        update = game_update(result, stored, [records.get(f) for f in pairs_of(result)])
        if update.held:
            held.append(result.game_id)
        for pair in update.pairs:
            if pair.after is not None:
                records[pair.field] = pair.after
        for row in update.rows:
            ratings[row.player], scores[row.player] = row.after, row.score
            ranked[row.player] = row.ranked
            history[row.player].append(row.entry)
    players = {p: (ratings[p], scores[p], history[p][-cap:], ranked[p]) for p in ratings}
    places = {r.game_id: n for n, r in enumerate(ordered, 1)}
    return Rebuilt(places, players, records, tuple(held))


class Rebuild:
    """Recomputes, compares and writes the ratings of game types from their logs."""

    def __init__(self, loader: GameLoader, ratings: RedisRatings, cap: int = HISTORY_CAP) -> None:
        self.loader = loader
        self.ratings = ratings
        self.cap = cap

    async def compute(
        self, game_type: str
    ) -> tuple[Rebuilt, dict[str, bytes], dict[str, int], list[str]]:
        """The rebuilt ratings, the live ratings and applied games they were ordered by, and
        the listed games that could not be read."""
        live, applied = await self.ratings.snapshot(game_type)
        results = await rated_results(self.loader, game_type)
        return replay(results.rated, applied, self.cap), live, applied, results.unreadable

    async def check(self, game_type: str) -> Comparison:
        """Compares the live ratings (ratings and whole histories) with the rebuilt ones."""
        rebuilt, live, applied, unreadable = await self.compute(game_type)
        differing = []
        for player in sorted(set(live) | set(rebuilt.players)):
            mine = rebuilt.players.get(player)
            stored = await self.ratings.history(game_type, player, 0, self.cap)
            on_board = await self.ratings.rank(game_type, player) is not None
            same = mine is not None and (live.get(player), stored) == (mine[0], mine[2][::-1])
            if not same or mine is None or on_board != mine[3]:
                differing.append(player)
        pairs = await self.ratings.all_pairs(game_type)
        keys = set(pairs) | set(rebuilt.pairs)
        odd = sorted(k for k in keys if pairs.get(k) != rebuilt.pairs.get(k))
        return Comparison(
            game_type,
            len(rebuilt.applied),
            len(rebuilt.players),
            tuple(differing),
            tuple(odd),
            tuple(sorted(set(rebuilt.applied) - set(applied))),
            tuple(sorted(set(applied) - set(rebuilt.applied) - set(unreadable))),
            tuple(unreadable),
        )

    async def write(self, game_type: str) -> Rebuilt:
        """Replaces the game type's ratings with the rebuilt ones."""
        for _ in range(ATTEMPTS):
            rebuilt, live, applied, unreadable = await self.compute(game_type)
            if unreadable:
                raise RebuildIncomplete(
                    f"{game_type}: {len(unreadable)} finished games the index lists cannot be "
                    f"read ({', '.join(unreadable[:5])}{', ...' if len(unreadable) > 5 else ''})"
                    "; nothing was written"
                )
            if await self.ratings.replace(
                game_type, len(applied), rebuilt.applied, rebuilt.players, list(live), rebuilt.pairs
            ):
                return rebuilt
        raise RuntimeError(f"{game_type}: games kept being applied while rebuilding")
