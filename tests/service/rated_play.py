"""Playing rated games through the service object, for the ratings tests: a game counts only
once each of its human seats has moved (`service.features.ratings.outcomes`)."""

from __future__ import annotations

from boardstate.service.composition import Service


async def move_once(service: Service, game_id: str, tokens: dict[int, str], seat: int) -> None:
    """Plays the seat's first legal move (the seat must be to act)."""
    view = await service.games.game(game_id)
    assert view is not None
    move = (await service.games.legal_moves(view, seat, tokens[seat]))[0]
    await service.moves.submit_move(game_id, seat, move, tokens[seat], None, None, False)


async def each_moves(service: Service, game_id: str, tokens: dict[int, str]) -> None:
    """Plays moves (the first legal one of whoever is to act) until every seat in `tokens`
    has moved at least once."""
    moved: set[int] = set()
    for _ in range(200):
        record = await service.games.loader.load(game_id)
        assert record is not None
        assert record.status == "ACTIVE", record
        if moved >= set(tokens):
            return
        seat = record.to_act[0]
        await move_once(service, game_id, tokens, seat)
        moved.add(seat)
    raise AssertionError(f"game {game_id}: not every seat got to move")
