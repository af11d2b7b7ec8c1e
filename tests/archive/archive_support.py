"""Finished games put into Redis for the archive's tests: the golden logs (one real finished
game per game type), stored as they are with an index row, nothing stubbed."""

from __future__ import annotations

import functools
import uuid
from datetime import datetime, timedelta

from boardstate.service.history.log_format import read_log
from boardstate.service.store import GameSummary, RedisEventStore, StoredEvent
from tests.golden.logs import LOG_CASES

GAME = "trambahn"
PLAYERS = ("Ann", "Bob", "Cleo")


@functools.cache
def golden(game: str = GAME) -> tuple[StoredEvent, ...]:
    case = next(case for case in LOG_CASES if case.game == game)
    return tuple(read_log(case.path.read_bytes()))


def after_end(days: float = 1.0, game: str = GAME) -> datetime:
    """A time `days` after the golden game ended."""
    return datetime.fromisoformat(golden(game)[-1].at) + timedelta(days=days)


async def stored_game(
    store: RedisEventStore, game: str = GAME, upto: int | None = None, status: str = "FINISHED"
) -> str:
    """Stores the golden game of `game` (its first `upto` events: default all) under a new id,
    with its index row; returns the id."""
    events = golden(game)[:upto]
    game_id = f"g{uuid.uuid4().hex[:16]}"
    meta = {"gameType": game, "status": "FINISHED", "createdAt": events[0].at}
    assert await store.create(game_id, events[0], meta, rest=events[1:])
    await store.index_put(GameSummary(game_id, game, status, events[0].at, PLAYERS))
    return game_id
