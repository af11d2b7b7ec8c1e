"""Who may act for a seat, and whose view a token sees (DESIGN §5, §5e).

A seat is acted for by its seat token (`runtime.seat_tokens`: stored as a hash, compared in
constant time) or by a player token (`runtime.player_tokens`) naming the `playerId` the seat
holds (`GameRecord.player_ids`: attached at creation, by a join, by matchmaking). Every door
and every feature checks seats here: moves, legal moves, hidden views, resign, leave,
takebacks, hints, feeds and streams. A player token that does not verify is refused
(`PLAYER_TOKEN_INVALID`) wherever it is presented, even where a spectator could read.
"""

from __future__ import annotations

from boardstate.engine.core.errors import GameFinished
from boardstate.service.failures import BadSeat, Unauthorized
from boardstate.service.features.moves.loader import GameLoader
from boardstate.service.log.game_record import GameRecord
from boardstate.service.player_failures import BadPlayerToken
from boardstate.service.runtime.player_tokens import is_player_token
from boardstate.service.runtime.seat_tokens import token_matches


async def player_of(loader: GameLoader, token: str) -> str:
    """Returns the playerId of a player token; raises `BadPlayerToken`."""
    if loader.identity is None:
        raise BadPlayerToken("this service verifies no player tokens", {"reason": "unknown_key"})
    return await loader.identity.player_of(token)


def seats_of(record: GameRecord, player_id: str) -> list[int]:
    """Returns the seats of `record` that `player_id` holds, lowest first."""
    return [seat for seat, held in enumerate(record.player_ids or ()) if held == player_id]


async def authorize(loader: GameLoader, record: GameRecord, seat: int, token: str | None) -> None:
    """Raises `BadSeat`, `BadPlayerToken` or `Unauthorized` unless `token` acts for `seat`;
    `GameFinished` for a seat of an ended game that has no token (an archived game's seat
    tokens are not archived: what it refuses is what a finished game refuses)."""
    if not 0 <= seat < record.players:
        raise BadSeat(f"seat must be 0..{record.players - 1}, not {seat}")
    if token is not None and is_player_token(token):
        player = await player_of(loader, token)
        if seat in seats_of(record, player):
            return
        raise Unauthorized(
            f"player {player} holds no seat {seat} in game {record.game_id}", {"seat": seat}
        )
    stored = await loader.token_hash(record, seat)
    if stored is None and record.result is not None:  # archived: its seat tokens are gone
        raise GameFinished(f"game {record.game_id} has ended")
    if not token_matches(token, stored):
        raise Unauthorized(
            f"seat {seat} of game {record.game_id} needs its token (Authorization: Bearer <token>)",
            {"seat": seat},
        )


async def authorize_reading(
    loader: GameLoader, record: GameRecord, seat: int, token: str | None
) -> None:
    """`authorize` for what a seat may read of its own (its legal moves, a hint): the seats of
    an archived game, whose tokens are gone, pass as those of an ended game do (it has none)."""
    try:
        await authorize(loader, record, seat, token)
    except GameFinished:
        return


async def viewer_of(loader: GameLoader, record: GameRecord, token: str | None) -> int | None:
    """Returns the seat whose view `token` sees (a player holding several seats: the lowest),
    or None (a spectator)."""
    if token is None:
        return None
    if is_player_token(token):
        seats = seats_of(record, await player_of(loader, token))
        return seats[0] if seats else None
    for seat in range(record.players):
        if token_matches(token, await loader.token_hash(record, seat)):
            return seat
    return None
