"""Rated games: what `createGame(rated: true)` records and what its seats need (issue 30).

A rated game says so in its creation event (`GameCreated.data.rated: true`), so ratings are a
projection of the logs (`service.features.ratings`). It needs:

* every human seat to carry a playerId, given at creation (`playerIds`) or when joining (a
  rating belongs to a player, not to a seat), each player in one seat only; bot seats are rated
  as `bot:<policy>` (`service.features.ratings.outcomes`);
* a server-drawn seed: whoever chose a client seed could foresee every shuffle.

Each refusal is `BAD_NAME` (a missing or repeated playerId) or `BAD_SEED`.

A rated game also records the bound on rated games between the same two players that applies to
it (`GameCreated.data.ratedGamesPerPair`: the setting `BOARDSTATE_RATED_GAMES_PER_PAIR` when it
was created; `features.ratings.pairs`), so the rule is read from the log, whatever a replica's
or the rebuild's setting is later.

A rating is worth something only if nobody can play under another player's id, so a playerId
enters a rated game's seat only on that player's word or the integrator's (`vouch`, with the
caller's `Word`: `features.lobby.memberships`): the caller's verified player token names it,
or the caller holds the admin token (the integrator's backend), or the service makes the game
(matchmaking, the CLI). Anyone else (anonymous, a seat token, a player token naming someone
else) gets `UNAUTHORIZED`: a creator holding every seat token could otherwise farm ratings with
other people's ids. Where an unrated game takes such an id as a name, a rated one refuses it, so
every playerId of a rated game is a membership. A seat reserved for a playerId at creation is
joined by that player only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardstate.engine.table.options import TableOptions
from boardstate.service.failures import BadName, BadSeed, Unauthorized
from boardstate.service.features.lobby.memberships import Word
from boardstate.service.log.game_record import GameRecord

RATED_FIELD = "rated"
"""The field of `GameCreated.data` that marks a rated game."""
PAIR_FIELD = "ratedGamesPerPair"
"""The field of `GameCreated.data` with the game's bound on one pair's rated games a day."""


def created_fields(
    rated: bool,
    by_client: bool,
    table: TableOptions,
    ids: list[str | None] | None,
    filled: bool,
    per_pair: int,
) -> dict[str, Any]:
    """The fields a new game adds to `GameCreated.data` for `rated` (`per_pair`: the bound on
    one pair's rated games a day it records); raises `BadSeed` for a client seed and `BadName`
    for a player id missing or given twice, or given to a bot seat. With `filled` (`seats`
    named every human seat) each needs its id in `ids`; seats still open get theirs when
    joining (`check_join`)."""
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
    return {RATED_FIELD: True, PAIR_FIELD: per_pair}


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
    if ids[seat] is not None and player != ids[seat]:
        raise BadName(f"seat {seat} of this rated game is kept for player {ids[seat]!r}")
    if any(p == player for s, p in enumerate(ids) if s != seat):
        raise BadName(f"player {player!r} already has a seat in this rated game")


def vouch(ids: Sequence[str | None], word: Word) -> None:
    """Raises `Unauthorized` unless `word` (the caller's: `features.lobby.memberships`) vouches
    for each playerId a rated game seats."""
    strangers = sorted({p for p in ids if p is not None and not word.vouches(p)})
    if strangers:
        raise Unauthorized(
            "a rated game seats a playerId only with that player's own token (or the "
            "admin token, for an integrator's backend)",
            {"playerIds": strangers},
        )


def vouch_join(record: GameRecord | None, seat: int | None, given: str | None, word: Word) -> None:
    """`vouch` for the player a join seats in a rated game (the seat's reserved id when `given`
    is None); nothing for another game (the join reports a missing game)."""
    if record is None or not is_rated(record):
        return
    free = [s for s, name in enumerate(record.seats) if name is None]
    target = seat if seat is not None else (free[0] if free else None)
    ids = record.player_ids or (None,) * record.players
    reserved = ids[target] if target is not None and 0 <= target < record.players else None
    vouch([given if given is not None else reserved], word)
