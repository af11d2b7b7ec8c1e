"""The `gameEvents` subscription shares the stream core's preparation (issue 38, "one stream
core"; `schema.shared_results`), on real Redis through strawberry's own `subscribe`: the
subscribers of one view with one document get each event's selection executed once, each seat
still sees only its own hand, every subscriber gets every event in order, a selection that
uses a variable is kept apart by its value, and nothing under `Event` reads the caller."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncGenerator
from typing import Any

import pytest
from strawberry.types import ExecutionResult

from boardstate.schema.context import Context
from boardstate.schema.events import Event
from boardstate.schema.root import schema
from boardstate.schema.shared_results import RESULTS_PER_EVENT, SHARED_EVENTS
from boardstate.service.composition import Service, build_service
from boardstate.service.metrics import Metrics
from boardstate.service.settings import Settings
from boardstate.service.store import RedisEventStore
from tests.api.test_hidden_info import assert_redacted_for
from tests.service.test_stream_core import _play

pytestmark = pytest.mark.redis

WAIT_S = 30.0
FOLLOW = """subscription Follow($game: ID!, $after: Int, $words: Boolean!) {
  gameEvents(gameId: $game, afterVersion: $after) {
    version type seat data describe @include(if: $words) header { version toAct }
  }
}"""


def _service(store: RedisEventStore) -> Service:
    settings = dataclasses.replace(
        Settings(), redis_url="redis://unused", key_prefix=store.prefix, max_streams_per_address=0
    )
    return build_service(store, settings, Metrics())


async def _open(
    service: Service, token: str | None, document: str, variables: dict[str, Any] | None
) -> AsyncGenerator[ExecutionResult, None]:
    backend: Any = service  # as the app hands it on (its scope's state)
    context = Context(backend=backend, request_id="test", header_token=token, address="10.0.0.1")
    results = await schema.subscribe(document, variables, context_value=context)
    assert not isinstance(results, ExecutionResult), results.errors
    return results


async def _subscribe(
    service: Service, game_id: str, token: str | None, after: int, words: bool = True
) -> AsyncGenerator[ExecutionResult, None]:
    variables = {"game": game_id, "after": after, "words": words}
    return await _open(service, token, FOLLOW, variables)


async def _take(
    results: AsyncGenerator[ExecutionResult, None], until: int, field: str = "gameEvents"
) -> list[Any]:
    taken: list[dict[str, Any]] = []
    while not taken or taken[-1]["version"] < until:
        result = await asyncio.wait_for(anext(results), WAIT_S)
        assert not result.errors, result.errors
        assert result.data is not None
        taken.append(result.data[field])
    return taken


async def test_one_selection_per_view_and_document_each_seat_its_own_hand(
    redis_store: RedisEventStore,
) -> None:
    service = _service(redis_store)
    created = await service.lobby.create_game("trambahn", 2, None, None, ["ann", "bob"])
    game_id, tokens = created.game.id, dict(created.tokens)
    viewers: list[str | None] = [None, None, None, tokens[0], tokens[0], tokens[1]]
    subscriptions = [await _subscribe(service, game_id, t, 0) for t in viewers]
    start = created.game.version
    try:
        got = await asyncio.gather(*(_take(s, start) for s in subscriptions))  # the catch-up
        executed = SHARED_EVENTS.executed
        last = await _play(service, game_id, tokens, 6)
        more = await asyncio.gather(*(_take(s, last) for s in subscriptions))
    finally:
        for results in subscriptions:
            await results.aclose()
    live = last - start
    events = [before + after for before, after in zip(got, more, strict=True)]
    for taken in events:
        assert [e["version"] for e in taken] == list(range(1, last + 1))  # all, in order
        assert all(e["header"]["version"] == e["version"] for e in taken)
    spectators, seat0, seat1 = events[:3], events[3:5], events[5]
    assert spectators[0] == spectators[1] == spectators[2]
    assert seat0[0] == seat0[1]
    assert_redacted_for(spectators[0], None)
    assert_redacted_for(seat0[0], 0)
    assert_redacted_for(seat1, 1)
    assert SHARED_EVENTS.executed - executed == 3 * live  # the spectators', seat 0's, seat 1's


async def test_a_variable_the_selection_uses_keeps_its_results_apart(
    redis_store: RedisEventStore,
) -> None:
    service = _service(redis_store)
    created = await service.lobby.create_game("trambahn", 2, None, None, ["ann", "bob"])
    game_id, tokens = created.game.id, dict(created.tokens)
    plain = await _subscribe(service, game_id, None, 0, words=False)
    worded = await _subscribe(service, game_id, None, 0, words=True)
    try:
        last = await _play(service, game_id, tokens, 2)
        without, with_words = await asyncio.gather(_take(plain, last), _take(worded, last))
    finally:
        await plain.aclose()
        await worded.aclose()
    assert [e["version"] for e in without] == [e["version"] for e in with_words]
    assert without == [{k: v for k, v in e.items() if k != "describe"} for e in with_words]
    assert all(isinstance(e["describe"], str) for e in with_words)


async def test_an_event_keeps_a_bounded_number_of_results_however_many_documents(
    redis_store: RedisEventStore,
) -> None:
    # Each subscriber sends a document of its own (another alias): each is executed, every
    # subscriber gets every event, and no shared event keeps more than RESULTS_PER_EVENT.
    service = _service(redis_store)
    created = await service.lobby.create_game("trambahn", 2, None, None, ["ann", "bob"])
    game_id, tokens = created.game.id, dict(created.tokens)
    count = RESULTS_PER_EVENT + 4
    streams = []
    for n in range(count):
        document = f'subscription {{ e{n}: gameEvents(gameId: "{game_id}") {{ version }} }}'
        streams.append((f"e{n}", await _open(service, None, document, None)))
    executed, before = SHARED_EVENTS.executed, set(SHARED_EVENTS._items)
    try:
        last = await _play(service, game_id, tokens, 2)
        for alias, results in streams:
            versions = [e["version"] for e in await _take(results, last, alias)]
            assert versions == list(range(versions[0], last + 1))  # every event, in order
    finally:
        for _, results in streams:
            await results.aclose()
    assert SHARED_EVENTS.executed - executed >= count  # each document ran for itself
    kept = [len(e.results) for k, (_, e) in SHARED_EVENTS._items.items() if k not in before]
    assert kept
    assert max(kept) == RESULTS_PER_EVENT


def test_every_field_under_event_is_read_off_the_event() -> None:
    """What makes a selection's result the same for every subscriber of a view: no field under
    `Event` has a resolver of its own (which could read the caller off `info.context`)."""
    seen: set[type] = set()
    todo: list[Any] = [Event]
    while todo:
        kind = todo.pop()
        if kind in seen:
            continue
        seen.add(kind)
        for field in kind.__strawberry_definition__.fields:
            assert field.base_resolver is None, (kind.__name__, field.name)
            inner = field.type
            while hasattr(inner, "of_type"):
                inner = inner.of_type
            if hasattr(inner, "__strawberry_definition__"):
                todo.append(inner)
    assert len(seen) >= 4  # Event, GameHeader, SeatClock, GameResult
