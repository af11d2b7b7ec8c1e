"""What a rated game's end says for ratings: who played and in which order they finished.

A game counts when it was created rated (`features.lobby.rated`), ended FINISHED (an ABANDONED
game never counts: an abort, the event limit, a table nobody sat at, or every seat out), was
played here (not imported, not forked: their logs were not refereed by this service's rated
rules) and every seat has a player: the seat's playerId, or `bot:<policy>` for a bot seat.

Ranks (0 best; equal ranks are ties) follow the rules' result as `GameEnded` records it, with the
table's rules for those who left (`service.log.endings`): the seats still in play first, the
winners among them first, then by score (equal scores tie); the seats out (resigned, or forfeited
on time) after them, the last to leave first. So a resignation or a timeout forfeit ranks that
seat last, as the rules say, and a two-player game ended by one ranks the other seat first.
"""

from __future__ import annotations

import dataclasses

from boardstate.service.features.lobby.rated import is_rated
from boardstate.service.log.game_record import GameRecord

BOT_PREFIX = "bot:"
"""A bot seat is rated as `bot:<policy>` (one rating per policy and game type)."""


@dataclasses.dataclass(frozen=True, slots=True)
class RatedResult:
    """One rated game's result: its players (one per seat) and their ranks (0 best)."""

    game_id: str
    game_type: str
    ended_at: str
    players: tuple[str, ...]
    ranks: tuple[int, ...]


def seat_players(record: GameRecord) -> tuple[str, ...] | None:
    """The rated player of each seat, or None when a human seat has no playerId."""
    ids = record.player_ids or (None,) * record.players
    players: list[str] = []
    for seat in range(record.players):
        bot = record.setup.bot(seat)
        player = f"{BOT_PREFIX}{bot.policy}" if bot is not None else ids[seat]
        if player is None:
            return None
        players.append(player)
    return tuple(players) if len(set(players)) == len(players) else None


def ranks_of(record: GameRecord) -> tuple[int, ...]:
    """Each seat's rank (0 best, ties equal) in a finished game."""
    assert record.result is not None
    result, out = record.result, record.table.out
    winners = set(result.winners)

    def key(seat: int) -> tuple[int, int, int]:
        if seat in out:  # the last to leave ranks best among those out
            return (1, 0, -out.index(seat))
        return (0, 0 if seat in winners else 1, -result.scores[seat])

    keys = [key(s) for s in range(record.players)]
    order = sorted(set(keys))
    return tuple(order.index(k) for k in keys)


def rated_result(record: GameRecord, ended_at: str) -> RatedResult | None:
    """The game's result for ratings (`ended_at`: the time of its `GameEnded`), or None when it
    does not count."""
    if record.status != "FINISHED" or not is_rated(record) or record.imported:
        return None
    if "forkedFrom" in record.created:
        return None
    players = seat_players(record)
    if players is None:
        return None
    return RatedResult(record.game_id, record.rules.info.id, ended_at, players, ranks_of(record))
