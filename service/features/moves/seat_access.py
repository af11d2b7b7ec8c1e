"""Who may act for a seat, and whose view a token sees (architecture §5, §5e).

A seat is acted for by its seat token (`runtime.seat_tokens`: stored as a hash, compared in constant
time) or by a player token (`runtime.player_tokens`) naming the `playerId` the seat holds as a
member (`GameRecord.member_ids`: attached at creation or at a join by that player's own token or the
admin token, or by matchmaking; a playerId anyone else wrote is a name that acts for nothing). Every
door and every feature checks seats here: moves, legal moves, hidden views, resign, leave,
takebacks, hints, feeds and streams. A player token that does not verify is refused
(`PLAYER_TOKEN_INVALID`) wherever it is presented, even where a spectator could read.

The stored hash of each seat's token is cached per token generation (`SeatTokens`: an admin's
reissue or a seat left bumps it in the log, `Table.token_generation`); the game loader holds the
cache (`GameLoader.seat_tokens`) and the player tokens' verifier, and the checks take the loader.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Protocol

from boardstate.engine.core.errors import GameFinished
from boardstate.service.failures import BadSeat, Unauthorized
from boardstate.service.log.game_record import GameRecord
from boardstate.service.runtime.player_failures import BadPlayerToken
from boardstate.service.runtime.player_tokens import PlayerTokens, is_player_token
from boardstate.service.runtime.seat_tokens import token_matches
from boardstate.service.store import EventStore


class SeatTokens:
    """The stored token hash of each seat, cached per token generation for the `limit` games
    used last (0: no cache)."""

    def __init__(self, store: EventStore, limit: int) -> None:
        self.store = store
        self.limit = limit
        self._games: OrderedDict[str, dict[int, tuple[int, str]]] = OrderedDict()

    async def stored(self, record: GameRecord, seat: int) -> str | None:
        """Returns the stored token hash of `seat` (None: it has none)."""
        generation = record.table.generation(seat)
        known = self._games.get(record.game_id)
        if known is not None and known.get(seat, (None, None))[0] == generation:
            self._games.move_to_end(record.game_id)
            return known[seat][1]
        stored = await self.store.seat_token_hash(record.game_id, seat)
        if stored is not None:
            self.remember(record.game_id, seat, stored, generation)
        return stored

    def remember(self, game_id: str, seat: int, stored_hash: str, generation: int = 0) -> None:
        """Caches a seat's token hash (of that token generation)."""
        if self.limit <= 0:
            return
        self._games.setdefault(game_id, {})[seat] = (generation, stored_hash)
        self._games.move_to_end(game_id)
        while len(self._games) > self.limit:
            self._games.popitem(last=False)


class Seated(Protocol):
    """What the checks need of the game loader (`GameLoader`)."""

    @property
    def seat_tokens(self) -> SeatTokens: ...

    @property
    def identity(self) -> PlayerTokens | None: ...


async def player_of(loader: Seated, token: str) -> str:
    """Returns the playerId of a player token; raises `BadPlayerToken`."""
    if loader.identity is None:
        raise BadPlayerToken("this service verifies no player tokens", {"reason": "unknown_key"})
    return await loader.identity.player_of(token)


def seats_of(record: GameRecord, player_id: str) -> list[int]:
    """Returns the seats of `record` that `player_id` holds as a member, lowest first (a
    playerId someone else wrote is a name: it gives its player no seat)."""
    return [seat for seat, held in enumerate(record.member_ids) if held == player_id]


async def authorize(loader: Seated, record: GameRecord, seat: int, token: str | None) -> None:
    """Raises `BadSeat`, `BadPlayerToken` or `Unauthorized` unless `token` acts for `seat`;
    `GameFinished` for a seat of an ended game that has no token (a game archived before its
    entry kept the token hashes lost them: what it refuses is what a finished game refuses)."""
    if not 0 <= seat < record.players:
        raise BadSeat(f"seat must be 0..{record.players - 1}, not {seat}")
    if token is not None and is_player_token(token):
        player = await player_of(loader, token)
        if seat in seats_of(record, player):
            return
        raise Unauthorized(
            f"player {player} holds no seat {seat} in game {record.game_id}", {"seat": seat}
        )
    stored = await loader.seat_tokens.stored(record, seat)
    if stored is None and record.result is not None:  # ended with no token (archived long ago)
        raise GameFinished(f"game {record.game_id} has ended")
    if not token_matches(token, stored):
        raise Unauthorized(
            f"seat {seat} of game {record.game_id} needs its token (Authorization: Bearer <token>)",
            {"seat": seat},
        )


async def authorize_reading(
    loader: Seated, record: GameRecord, seat: int, token: str | None
) -> None:
    """`authorize` for what a seat may read of its own (its legal moves, a hint): the seats of
    an ended game without tokens (archived before token hashes were kept) pass."""
    try:
        await authorize(loader, record, seat, token)
    except GameFinished:
        return


async def viewer_of(loader: Seated, record: GameRecord, token: str | None) -> int | None:
    """Returns the seat whose view `token` sees (a player holding several seats: the lowest),
    or None (a spectator)."""
    if token is None:
        return None
    if is_player_token(token):
        seats = seats_of(record, await player_of(loader, token))
        return seats[0] if seats else None
    for seat in range(record.players):
        if token_matches(token, await loader.seat_tokens.stored(record, seat)):
            return seat
    return None
