"""The bound on what one pair of players can do to each other's ratings in a day (issue 37).

Two accounts of one person, or two friends, can trade wins to move a rating as far as they
like: one loses on purpose, game after game. So a rated game moves ratings only if, for every
two of its rated players, fewer than `per_pair` rated games of that same pair (in its game
type) counted within `WINDOW_MS` (24 hours) of its end; otherwise it is **held**: applied (in
the order, once) but moving no rating. `per_pair` is what the game's `GameCreated` records
(`ratedGamesPerPair`, the setting `BOARDSTATE_RATED_GAMES_PER_PAIR` when it was created, 5 by
default; 0: no bound), so the rule is read from the logs.

Times are the games' end times (the `at` of their `GameEnded`), never the clock of the process
that applies them, so `boardstate ratings rebuild`, replaying the games in the same order,
holds the same games. The window looks both ways (a game applied after a later one of the same
pair sees it too), so whatever the order games are applied in, no 24 hours hold more than
`per_pair` counted games of one pair.

Each pair's record is the end times of its counted games, newest within `KEPT_MS` (48 hours of
game time) of the newest: `decide` computes the new records from the stored ones and the store
writes them only if they are still the ones read (`service.store.players.rating_store`), so two
replicas applying games of one pair at once cannot both count the last allowed one.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from datetime import datetime

from boardstate.service.features.ratings.outcomes import RatedResult

WINDOW_MS = 24 * 3600 * 1000
"""How far apart (in end times) two games of a pair may be and still count against each other."""
KEPT_MS = 2 * WINDOW_MS
"""A pair's record keeps the end times within this of its newest."""


def pair_field(a: str, b: str) -> str:
    """A pair's field in the store: the two player ids, sorted, as a JSON array."""
    return json.dumps(sorted((a, b)), separators=(",", ":"))


def pairs_of(result: RatedResult) -> list[str]:
    """The fields of every two of the game's rated players, in a fixed order."""
    return [pair_field(a, b) for a, b in itertools.combinations(result.players, 2)]


def ended_ms(at: str) -> int:
    """Milliseconds since the epoch of an event time (`...Z`, with or without a fraction)."""
    return round(datetime.fromisoformat(at.replace("Z", "+00:00")).timestamp() * 1000)


def times(raw: bytes | None) -> list[int]:
    """The end times a pair's stored record holds (none: never counted)."""
    return [int(t) for t in json.loads(raw)] if raw else []


def encode(ends: list[int]) -> bytes:
    return json.dumps(ends, separators=(",", ":")).encode()


def decide(result: RatedResult, stored: Sequence[bytes | None]) -> tuple[bool, list[bytes]]:
    """Whether the game counts, from its pairs' stored records (`pairs_of` order), and the
    records to write when it does (none when held)."""
    at = ended_ms(result.ended_at)
    records = [times(raw) for raw in stored]
    if result.per_pair > 0:
        for ends in records:
            if sum(1 for t in ends if abs(t - at) < WINDOW_MS) >= result.per_pair:
                return False, []
    written = []
    for ends in records:
        newest = max([at, *ends])
        written.append(encode(sorted(t for t in [*ends, at] if t > newest - KEPT_MS)))
    return True, written
