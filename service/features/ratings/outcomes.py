"""What a rated game's end says for ratings: who played and in which order they finished.

A game counts when it was created rated (`features.lobby.rated`), ended FINISHED (an ABANDONED
game never counts: an abort, the event limit, a table nobody sat at, or every seat out), was
played here (not imported, not forked: their logs were not refereed by this service's rated
rules) and every seat has a player: the seat's playerId, or `bot:<policy>` for a bot seat.

**Only those who played are rated** (issue 37; Lichess rates a game only once both sides have
moved, and aborts it, unrated, before). A human seat takes part in the rating only when a move
of its holder's own stands in the game (`Table.moved`, `service.log.lifecycle`: a move its holder
submitted with the seat's or its player's token, not the stand-in's after a timeout, not a move
after it resigned, forfeited or was handed to a policy, not one taken back). A bot seat of the
game's creation always takes part (it played). A seat that never moved is left out as if it had
never sat: it neither gains nor loses, and the others are rated among themselves, their places
closed up. A game that leaves fewer than two players rated rates nobody, so a two-player game
resigned, left, lost on time or aborted before both seats moved rates neither.

Ranks (0 best; equal ranks are ties) follow the rules' result as `GameEnded` records it, with the
table's rules for those who left (`service.log.endings`): the seats still in play first, the
winners among them first, then by score (equal scores tie); the seats out (resigned, or forfeited
on time) after them, the last to leave first. So a resignation or a timeout forfeit ranks that
seat last, as the rules say, and a two-player game ended by one ranks the other seat first.
"""

from __future__ import annotations

import dataclasses

from boardstate.service.features.lobby.rated import PAIR_FIELD, is_rated
from boardstate.service.log.game_record import GameRecord

BOT_PREFIX = "bot:"
"""A bot seat is rated as `bot:<policy>` (one rating per policy and game type)."""
UNRECORDED_PER_PAIR = 5
"""The bound on one pair's rated games a day of a game whose log records none (created before
issue 37): the setting's default (`features.ratings.pairs`)."""


@dataclasses.dataclass(frozen=True, slots=True)
class RatedResult:
    """One rated game's result: its rated players and their ranks (0 best)."""

    game_id: str
    game_type: str
    ended_at: str
    players: tuple[str, ...]
    ranks: tuple[int, ...]
    seats: tuple[int, ...] = ()
    """Each rated player's seat (empty: seats 0, 1, ... in order)."""
    per_pair: int = UNRECORDED_PER_PAIR
    """The game's bound on one pair's rated games a day (0: none; `features.ratings.pairs`)."""

    def seat(self, index: int) -> int:
        """The seat of the `index`-th rated player."""
        return self.seats[index] if self.seats else index


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


def took_part(record: GameRecord, seat: int) -> bool:
    """Whether the seat is rated: a bot seat of the game's creation, or a human seat with a
    move of its holder's own standing (see the module docstring)."""
    return record.setup.bot(seat) is not None or record.table.has_moved(seat)


def per_pair(record: GameRecord) -> int:
    """The game's bound on one pair's rated games a day, as its `GameCreated` records it."""
    value = record.created.get(PAIR_FIELD)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        return UNRECORDED_PER_PAIR
    return value


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
    kept = [seat for seat in range(record.players) if took_part(record, seat)]
    if len(kept) < 2:
        return None
    ranks = ranks_of(record)
    places = sorted({ranks[seat] for seat in kept})
    return RatedResult(
        record.game_id,
        record.rules.info.id,
        ended_at,
        tuple(players[seat] for seat in kept),
        tuple(places.index(ranks[seat]) for seat in kept),
        tuple(kept),
        per_pair(record),
    )
