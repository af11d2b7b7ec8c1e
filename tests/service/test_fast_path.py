"""Moves decided on the cached record and appended on condition that it is the log's head
(`service.features.moves.referee`), when the log no longer holds what the cache folded (as after a failover
that lost acknowledged events): the cache is dropped, the game refolded from the log, and the
move decided on it. Two services (`build_service`) on one store stand for two processes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from structlog.testing import capture_logs

from boardstate.engine.core.rng import Rng
from boardstate.service.composition import Service, build_service
from boardstate.service.log import event_builder
from boardstate.service.log.game_record import GameRecord
from boardstate.service.metrics import Metrics
from boardstate.service.settings import Settings
from boardstate.service.store import AppendOutcome, RedisEventStore

pytestmark = pytest.mark.redis


def recorded_appends(store: Any, monkeypatch: pytest.MonkeyPatch) -> list[AppendOutcome]:
    """Returns the list the store's append outcomes are collected in from now on."""
    outcomes: list[AppendOutcome] = []
    original = store.append

    async def append(game_id: str, request: Any) -> AppendOutcome:
        outcome: AppendOutcome = await original(game_id, request)
        outcomes.append(outcome)
        return outcome

    monkeypatch.setattr(store, "append", append)
    return outcomes


def legal(record: GameRecord, seat: int) -> list[Any]:
    """The wire forms of the seat's legal moves (none unless it is to act)."""
    if record.status != "ACTIVE" or seat not in record.to_act:
        return []
    return [record.rules.moves.encode(m) for m in record.rules.legal_moves(record.state, seat)]


def after(record: GameRecord, seat: int, move: Any) -> GameRecord:
    """The game after a move (offline)."""
    drafts, wire = event_builder.decide(record, seat, move)
    return event_builder.move_events(record, drafts, "probe", "2026-01-01T00:00:00.000Z", wire)[0]


class Table:
    """One game played through a service (`build_service`)."""

    def __init__(self, service: Service, game_id: str, tokens: list[str]) -> None:
        self.service, self.game_id, self.tokens = service, game_id, tokens

    @property
    def record(self) -> GameRecord:
        record = self.service.games.loader.cached(self.game_id)
        assert record is not None
        return record

    async def move(self, seat: int, move: Any, move_id: str | None = None) -> Any:
        token = self.tokens[seat]
        return await self.service.moves.submit_move(
            self.game_id, seat, move, token, None, move_id, False
        )

    async def lose_after(self, version: int, move_id: str) -> None:
        """Leaves the log as a replica that never got the events after `version` (nor the
        move's record) would have it after a failover."""
        store = self.service.store
        assert isinstance(store, RedisEventStore)
        keys = store.keys(self.game_id)
        kept: Any = await store.client.xrange(keys.log, "-", f"{version}-0")
        await store.client.delete(keys.log)
        for entry_id, fields in kept:
            await store.client.xadd(keys.log, fields, id=entry_id)
        await store.client.hdel(keys.moves, move_id)


@pytest.fixture
async def services(redis_store: RedisEventStore) -> AsyncIterator[list[Service]]:
    settings = Settings(key_prefix=redis_store.prefix)
    made = [build_service(redis_store, settings, Metrics()) for _ in range(2)]
    yield made
    for service in made:
        await service.close()


async def table(service: Service) -> Table:
    created = await service.lobby.create_game("trambahn", 2, None, "fast-path", ["ann", "bob"])
    tokens = [token for _, token in sorted(created.tokens)]
    return Table(service, created.game.id, tokens)


async def until(table: Table, found: Any) -> Any:
    """Plays seeded random moves until `found(record, seat)` returns something."""
    for _ in range(60):
        record = table.record
        seat = record.to_act[0]
        if (hit := found(record, seat)) is not None:
            return hit
        await table.move(seat, Rng.for_decision("pick", record.version).choice(legal(record, seat)))
    raise AssertionError("no such position")


def ahead_position(record: GameRecord, seat: int) -> tuple[Any, Any] | None:
    """A move `lost` that keeps `seat` to act, and a move legal before and after it."""
    moves = legal(record, seat)
    for lost in moves:
        later = legal(after(record, seat, lost), seat)
        for move in moves:
            if move != lost and move in later:
                return lost, move
    return None


async def test_a_cache_ahead_of_the_log_is_dropped_and_the_move_decided_on_the_log(
    services: list[Service], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await table(services[0])
    lost, move = await until(game, ahead_position)
    seat, version = game.record.to_act[0], game.record.version
    await game.move(seat, lost, "lost")
    await game.lose_after(version, "lost")
    expected = after(await services[1].games.load(game.game_id) or game.record, seat, move)
    outcomes = recorded_appends(game.service.store, monkeypatch)
    with capture_logs() as logs:
        accepted = await game.move(seat, move)
    assert "cache_diverged_from_log" in [entry["event"] for entry in logs]
    refused, landed = outcomes  # on the cache: the log is shorter; then on the log
    assert refused.version_conflict
    assert refused.current_version == version
    assert landed.appended
    assert landed.first_version == version + 1
    assert accepted.version == expected.version
    assert game.record.state_hash() == expected.state_hash()
    fresh = build_service(game.service.store, Settings(), Metrics())
    folded = await fresh.games.load(game.game_id)  # every stateHash checked
    assert folded is not None
    assert folded.state_hash() == expected.state_hash()


def twin_position(record: GameRecord, seat: int) -> tuple[Any, Any, Any] | None:
    """Two moves with as many events and different outcomes, and a move legal after both."""
    moves = legal(record, seat)
    for lost in moves:
        one = after(record, seat, lost)
        for other in moves:
            two = after(record, seat, other)
            if other == lost or one.version != two.version:
                continue
            if one.state_hash() == two.state_hash():
                continue
            common = [m for m in legal(one, seat) if m in legal(two, seat)]
            if common:
                return lost, other, common[0]
    return None


async def test_another_event_at_the_cached_version_is_caught_by_the_append(
    services: list[Service], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await table(services[0])
    lost, other, move = await until(game, twin_position)
    seat, version = game.record.to_act[0], game.record.version
    await game.move(seat, lost, "lost")
    cached = game.record
    await game.lose_after(version, "lost")
    elsewhere = Table(services[1], game.game_id, game.tokens)
    await elsewhere.move(seat, other)  # the log is as long as the cache again, but not the same
    assert elsewhere.record.version == cached.version
    outcomes = recorded_appends(game.service.store, monkeypatch)
    with capture_logs() as logs:
        accepted = await game.move(seat, move)
    assert "cache_diverged_from_log" in [entry["event"] for entry in logs]
    refused, landed = outcomes  # on the cache: same version, other head; then on the log
    assert refused.diverged
    assert refused.current_version == cached.version
    assert landed.appended
    assert landed.first_version == cached.version + 1
    expected = after(elsewhere.record, seat, move)
    assert accepted.version == expected.version
    assert game.record.state_hash() == expected.state_hash()
