"""Rated games: what `createGame(rated: true)` records and what its seats need (issue 30).

A rated game says so in its creation event (`GameCreated.data.rated: true`), so ratings are a
projection of the logs (`service.features.ratings`). It needs:

* every human seat to carry a playerId, given at creation (`playerIds`) or when joining (a
  rating belongs to a player, not to a seat), each player in one seat only; bot seats are rated
  as `bot:<policy>` (`service.features.ratings.outcomes`);
* a server-drawn seed: whoever chose a client seed could foresee every shuffle.

Each refusal is `BAD_NAME` (a missing or repeated playerId) or `BAD_SEED`.
"""

from __future__ import annotations

from typing import Any

from boardstate.engine.table.options import TableOptions
from boardstate.service.failures import BadName, BadSeed
from boardstate.service.log.game_record import GameRecord

RATED_FIELD = "rated"
"""The field of `GameCreated.data` that marks a rated game."""


def created_fields(
    rated: bool, by_client: bool, table: TableOptions, ids: list[str | None] | None, filled: bool
) -> dict[str, Any]:
    """The fields a new game adds to `GameCreated.data` for `rated`; raises `BadSeed` for a
    client seed and `BadName` for a player id missing or given twice, or given to a bot seat.
    With `filled` (`seats` named every human seat) each needs its id in `ids`; seats still open
    get theirs when joining (`check_join`)."""
    if not rated:
        return {}
    if by_client:
        raise BadSeed("a rated game takes no client seed (its creator could foresee the game)")
    players = len(ids or [])
    given = [p for p in ids or [] if p is not None]
    if len(set(given)) != len(given):
        raise BadName("a rated game seats each playerId once")
    if any(p is not None and table.bot(s) is not None for s, p in enumerate(ids or [])):
        raise BadName("a bot seat takes no playerId (a bot is rated as its policy)")
    if filled and (ids is None or any(ids[s] is None for s in range(players) if not table.bot(s))):
        raise BadName("a rated game needs a playerId for every human seat")
    return {RATED_FIELD: True}


def is_rated(record: GameRecord) -> bool:
    """Whether the game was created rated."""
    return record.created.get(RATED_FIELD) is True


def check_join(record: GameRecord, seat: int, player_id: str | None) -> None:
    """A seat of a rated game is taken with a player id (given now or at creation), by a player
    not already seated there (`BadName`)."""
    if not is_rated(record):
        return
    ids = record.player_ids or (None,) * record.players
    player = player_id if player_id is not None else ids[seat]
    if player is None:
        raise BadName("a seat of a rated game needs a playerId")
    if any(p == player for s, p in enumerate(ids) if s != seat):
        raise BadName(f"player {player!r} already has a seat in this rated game")
