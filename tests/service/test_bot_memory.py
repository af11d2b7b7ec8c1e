"""A bot seat's redacted log is kept from move to move (issue 27), on real Redis: a later move
reads only the events that are new, and what it gets is exactly the whole log redacted for the
seat (as `observe` builds it from a full read)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from boardstate.service.composition import Service, build_service
from boardstate.service.features.bots.bot_memory import SeatLogs
from boardstate.service.log.game_record import GameRecord
from boardstate.service.log.record_model import SERVICE_EVENTS, decode_engine_event
from boardstate.service.metrics import Metrics
from boardstate.service.settings import Settings
from boardstate.service.store import RedisEventStore

pytestmark = pytest.mark.redis


def _service(store: RedisEventStore) -> Service:
    settings = dataclasses.replace(Settings(), redis_url="redis://unused", key_prefix=store.prefix)
    return build_service(store, settings, Metrics())


async def _whole_log(store: RedisEventStore, record: GameRecord, seat: int) -> tuple[Any, ...]:
    rules = record.rules
    stored = await store.read(record.game_id, limit=record.version)
    return tuple(
        rules.redact(decode_engine_event(rules, e), seat)
        for e in stored
        if e.type not in SERVICE_EVENTS
    )


async def _play(service: Service, game_id: str, tokens: dict[int, str], moves: int) -> None:
    for _ in range(moves):
        record = await service.games.loader.load(game_id)
        assert record is not None
        assert record.status == "ACTIVE"
        seat = record.to_act[0]
        view = await service.games.game(game_id)
        assert view is not None
        move = (await service.games.legal_moves(view, seat, tokens[seat]))[-1]
        await service.moves.submit_move(game_id, seat, move, tokens[seat], None, None, False)


@pytest.mark.parametrize("game_type", ["trambahn", "tf22-mine"])
async def test_a_later_move_reads_only_what_is_new(
    redis_store: RedisEventStore, game_type: str
) -> None:
    service = _service(redis_store)
    options = {"max_rounds": 5} if game_type == "tf22-mine" else None
    created = await service.lobby.create_game(game_type, 2, options, None, ["ann", "bob"])
    game_id, tokens = created.game.id, dict(created.tokens)
    memory = SeatLogs(redis_store)
    await _play(service, game_id, tokens, 4)
    record = await service.games.loader.load(game_id)
    assert record is not None
    for seat in (0, 1):
        assert await memory.events(record, seat) == await _whole_log(redis_store, record, seat)
    first_reads = memory.read_events
    assert first_reads == 2 * record.version
    await _play(service, game_id, tokens, 3)
    later = await service.games.loader.load(game_id)
    assert later is not None
    for seat in (0, 1):
        assert await memory.events(later, seat) == await _whole_log(redis_store, later, seat)
    assert memory.read_events - first_reads == 2 * (later.version - record.version)
    again = memory.read_events
    assert await memory.events(later, 0) == await _whole_log(redis_store, later, 0)
    assert memory.read_events == again  # nothing new: nothing read but the kept head


async def test_a_log_that_no_longer_holds_the_kept_head_is_read_again(
    redis_store: RedisEventStore,
) -> None:
    service = _service(redis_store)
    created = await service.lobby.create_game("trambahn", 2, None, None, ["ann", "bob"])
    game_id, tokens = created.game.id, dict(created.tokens)
    memory = SeatLogs(redis_store)
    record = await service.games.loader.load(game_id)
    assert record is not None
    await memory.events(record, 0)
    # As if a failover had lost the event kept as the head: its stateHash is not the log's.
    key = (game_id, 0)
    memory._kept[key] = dataclasses.replace(memory._kept[key], state_hash="0" * 64)
    await _play(service, game_id, tokens, 2)
    later = await service.games.loader.load(game_id)
    assert later is not None
    before = memory.read_events
    assert await memory.events(later, 0) == await _whole_log(redis_store, later, 0)
    assert memory.read_events - before == later.version  # read again from the start
