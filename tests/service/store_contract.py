"""The contract every `EventStore` passes (service/store/base.py), as a base class.

A subclass named `Test...` provides the fixture `store`; every test here then runs on it.
"""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest

from boardstate.service.store import (
    AppendRequest,
    CorruptEntry,
    GameNotFound,
    GameSummary,
    InvalidCursor,
    InvalidGameId,
    RedisEventStore,
    StoredEvent,
)


def event(version: int, kind: str = "noted", **data: Any) -> StoredEvent:
    """Returns a small event for `version`."""
    return StoredEvent(
        version=version,
        type=kind,
        v=1,
        seat=version % 3 if version > 1 else None,
        move_id=None,
        data={"n": version, "nested": {"list": [1, "two", None]}, **data},
        at=f"2026-12-02T13:47:{version % 60:02d}.123Z",
        state_hash=f"{version:064x}",
    )


def events(first: int, count: int) -> list[StoredEvent]:
    """Returns `count` events from version `first` on."""
    return [event(version) for version in range(first, first + count)]


def new_id() -> str:
    """Returns a game id no other test uses."""
    return f"g-{uuid.uuid4().hex}"


async def created(store: RedisEventStore, appended: int = 0) -> str:
    """Creates a game with `GameCreated` plus `appended` more events; returns its id."""
    game_id = new_id()
    assert await store.create(game_id, event(1, "game_created"), {"status": "OPEN"})
    if appended:
        outcome = await store.append(game_id, AppendRequest(1, events(2, appended)))
        assert outcome.appended
    return game_id


class StoreContract:
    """The contract suite; needs a fixture `store` yielding a fresh store."""

    async def test_a_created_game_has_its_first_event_and_meta(
        self, store: RedisEventStore
    ) -> None:
        game_id = new_id()
        first = event(1, "game_created", seedCommitment="ab" * 32)
        assert await store.create(game_id, first, {"gameType": "trambahn", "status": "OPEN"})
        assert await store.version(game_id) == 1
        assert await store.read(game_id) == [first]
        assert await store.meta(game_id) == {"gameType": "trambahn", "status": "OPEN"}

    async def test_a_create_stores_every_first_event_and_seat_token_in_one_step(
        self, store: RedisEventStore
    ) -> None:
        game_id = new_id()
        first = event(1, "game_created")
        rest = [event(2, "seat_joined"), event(3, "seat_joined"), event(4, "DeckShuffled")]
        tokens = [(0, "hash-a"), (1, "hash-b")]
        assert await store.create(
            game_id, first, {"status": "ACTIVE"}, rest=rest, seat_tokens=tokens
        )
        assert await store.read(game_id) == [first, *rest]
        assert await store.seat_token_hash(game_id, 0) == "hash-a"
        assert await store.seat_token_hash(game_id, 1) == "hash-b"
        again = [(0, "hash-x")]
        assert not await store.create(game_id, first, {"status": "OPEN"}, seat_tokens=again)
        assert await store.seat_token_hash(game_id, 0) == "hash-a"
        assert await store.meta(game_id) == {"status": "ACTIVE"}

    async def test_a_second_create_with_the_same_id_is_refused(
        self, store: RedisEventStore
    ) -> None:
        game_id = await created(store)
        assert not await store.create(game_id, event(1, "other"), {"status": "ACTIVE"})
        assert [e.type for e in await store.read(game_id)] == ["game_created"]
        assert await store.meta(game_id) == {"status": "OPEN"}

    async def test_an_unknown_game_has_nothing(self, store: RedisEventStore) -> None:
        game_id = new_id()
        assert await store.version(game_id) == 0
        assert await store.meta(game_id) is None
        assert await store.read(game_id) == []
        assert await store.seat_token_hash(game_id, 0) is None
        assert await store.move_outcome(game_id, "m1") is None
        with pytest.raises(GameNotFound):
            await store.append(game_id, AppendRequest(0, [event(1)]))
        assert await store.version(game_id) == 0

    @pytest.mark.parametrize("game_id", ["", "a{b}", "}x", "x" * 201])
    async def test_an_id_that_would_break_the_hash_tag_names_no_game(
        self, store: RedisEventStore, game_id: str
    ) -> None:
        with pytest.raises(InvalidGameId):
            await store.create(game_id, event(1), {})
        assert await store.version(game_id) == 0
        assert await store.meta(game_id) is None
        assert await store.read(game_id) == []
        assert await store.wait(game_id, after=0, timeout_ms=10) == []

    async def test_an_append_at_the_current_version_lands_whole(
        self, store: RedisEventStore
    ) -> None:
        game_id = await created(store)
        request = AppendRequest(1, events(2, 3), meta={"status": "ACTIVE", "turn": "2"})
        outcome = await store.append(game_id, request)
        assert (outcome.appended, outcome.first_version, outcome.last_version) == (True, 2, 4)
        assert outcome.current_version == 4
        assert (outcome.duplicate_move, outcome.version_conflict, outcome.seat_taken) == (
            False,
            False,
            False,
        )
        assert await store.read(game_id, after=1) == events(2, 3)
        assert await store.meta(game_id) == {"status": "ACTIVE", "turn": "2"}

    async def test_a_stale_expected_version_appends_nothing(self, store: RedisEventStore) -> None:
        game_id = await created(store, appended=2)
        request = AppendRequest(1, events(2, 1), move_id="m1", meta={"status": "X"})
        outcome = await store.append(game_id, request)
        assert (outcome.appended, outcome.version_conflict, outcome.current_version) == (
            False,
            True,
            3,
        )
        assert await store.version(game_id) == 3
        assert await store.move_outcome(game_id, "m1") is None
        assert await store.meta(game_id) == {"status": "OPEN"}

    async def test_nothing_is_ever_appended_after_game_ended(self, store: RedisEventStore) -> None:
        game_id = await created(store, appended=2)
        ended = await store.append(game_id, AppendRequest(3, [event(4, "GameEnded")]))
        assert ended.appended
        for request in (
            AppendRequest(4, [event(5)]),
            AppendRequest(4, [event(5)], move_id="late", seat=0),
            AppendRequest(4, [event(5)], seat_tokens=[(0, "hash")], tokens="replace"),
            AppendRequest(4, [event(5, "GameEnded")]),
        ):
            outcome = await store.append(game_id, request)
            assert (outcome.appended, outcome.ended, outcome.current_version) == (False, True, 4)
        assert [e.type for e in await store.read(game_id)][-1] == "GameEnded"
        assert await store.version(game_id) == 4

    async def test_a_game_ended_before_the_end_mark_existed_takes_nothing_either(
        self, store: RedisEventStore
    ) -> None:
        for status in ("FINISHED", "ABANDONED"):
            game_id = await created(store, appended=1)
            request = AppendRequest(2, [event(3, "GameEnded")], meta={"status": status})
            assert (await store.append(game_id, request)).appended
            await store.client.hdel(store.keys(game_id).meta, "ended")  # as written before
            outcome = await store.append(game_id, AppendRequest(3, [event(4)]))
            assert outcome.ended
            assert not outcome.appended

    async def test_a_game_ended_event_must_close_its_append(self, store: RedisEventStore) -> None:
        game_id = await created(store)
        with pytest.raises(ValueError, match="last event"):
            await store.append(game_id, AppendRequest(1, [event(2, "GameEnded"), event(3)]))
        assert await store.version(game_id) == 1

    async def test_a_repeated_move_id_is_answered_after_the_end_too(
        self, store: RedisEventStore
    ) -> None:
        game_id = await created(store)
        last = AppendRequest(1, [event(2), event(3, "GameEnded")], move_id="final", seat=1)
        assert (await store.append(game_id, last)).appended
        retry = await store.append(game_id, last)
        assert retry.duplicate_move
        assert (retry.first_version, retry.last_version) == (2, 3)

    async def test_a_repeated_move_id_returns_the_original_and_appends_nothing(
        self, store: RedisEventStore
    ) -> None:
        game_id = await created(store)
        first = await store.append(game_id, AppendRequest(1, events(2, 2), move_id="m1"))
        assert first.appended
        again = await store.append(game_id, AppendRequest(3, events(4, 1), move_id="m1"))
        assert (again.appended, again.duplicate_move) == (False, True)
        assert (again.first_version, again.last_version, again.current_version) == (2, 3, 3)
        assert await store.version(game_id) == 3
        recorded = await store.move_outcome(game_id, "m1")
        assert recorded is not None
        assert (recorded.first_version, recorded.last_version) == (2, 3)

    async def test_move_ids_are_scoped_to_the_seat(self, store: RedisEventStore) -> None:
        game_id = await created(store)  # event(n) is seat n % 3's: 2 is seat 2's, 3 seat 0's
        mine = AppendRequest(1, events(2, 1), move_id="m1", seat=2, fingerprint="fp-a")
        assert (await store.append(game_id, mine)).appended
        theirs = AppendRequest(2, events(3, 1), move_id="m1", seat=0, fingerprint="fp-b")
        assert (await store.append(game_id, theirs)).appended
        again = await store.append(game_id, AppendRequest(3, events(4, 1), move_id="m1", seat=2))
        assert (again.duplicate_move, again.first_version, again.fingerprint) == (True, 2, "fp-a")
        assert await store.version(game_id) == 3
        recorded = await store.move_outcome(game_id, "m1", 0)
        assert recorded is not None
        assert (recorded.first_version, recorded.fingerprint) == (3, "fp-b")
        assert await store.move_outcome(game_id, "m1", 1) is None

    async def test_a_record_from_before_scoped_ids_answers_its_own_seat_only(
        self, store: RedisEventStore
    ) -> None:
        game_id = await created(store)
        # No seat: recorded under the bare id without a fingerprint, as before the scoping.
        assert (await store.append(game_id, AppendRequest(1, events(2, 1), move_id="old"))).appended
        recorded = await store.move_outcome(game_id, "old", 2)
        assert recorded is not None
        assert (recorded.first_version, recorded.fingerprint) == (2, None)
        assert await store.move_outcome(game_id, "old", 0) is None
        retry = await store.append(game_id, AppendRequest(2, events(3, 1), move_id="old", seat=2))
        assert (retry.appended, retry.duplicate_move) == (False, True)
        other = await store.append(game_id, AppendRequest(2, events(3, 1), move_id="old", seat=0))
        assert other.appended

    async def test_a_taken_seat_writes_nothing(self, store: RedisEventStore) -> None:
        game_id = await created(store)
        join = AppendRequest(1, [event(2, "seat_joined")], "j0", ((0, "hash-a"),), {"seats": "1"})
        assert (await store.append(game_id, join)).appended
        steal = AppendRequest(
            2, [event(3, "seat_joined")], "j1", ((1, "hash-c"), (0, "hash-b")), {"seats": "2"}
        )
        outcome = await store.append(game_id, steal)
        assert (outcome.appended, outcome.seat_taken, outcome.current_version) == (False, True, 2)
        assert await store.version(game_id) == 2
        assert await store.seat_token_hash(game_id, 0) == "hash-a"
        assert await store.seat_token_hash(game_id, 1) is None
        assert await store.move_outcome(game_id, "j1") is None
        assert await store.meta(game_id) == {"status": "OPEN", "seats": "1"}

    async def test_events_with_wrong_versions_are_refused_before_redis(
        self, store: RedisEventStore
    ) -> None:
        game_id = await created(store)
        with pytest.raises(ValueError, match="version"):
            await store.append(game_id, AppendRequest(1, events(3, 1)))
        with pytest.raises(ValueError, match="at least one"):
            await store.append(game_id, AppendRequest(1, []))
        assert await store.version(game_id) == 1

    async def test_read_pages_with_after_and_limit(self, store: RedisEventStore) -> None:
        game_id = await created(store, appended=9)
        assert [e.version for e in await store.read(game_id, after=3, limit=4)] == [4, 5, 6, 7]
        assert [e.version for e in await store.read(game_id, after=8)] == [9, 10]
        assert await store.read(game_id, after=10) == []
        assert await store.read(game_id, limit=0) == []
        assert await store.read(game_id) == [event(1, "game_created"), *events(2, 9)]

    async def test_wait_returns_at_once_when_events_exist(self, store: RedisEventStore) -> None:
        game_id = await created(store, appended=2)
        waited = await asyncio.wait_for(store.wait(game_id, after=1, timeout_ms=30_000), 5)
        assert [e.version for e in waited] == [2, 3]

    async def test_wait_blocks_until_another_task_appends(self, store: RedisEventStore) -> None:
        game_id = await created(store)
        waiter = asyncio.create_task(store.wait(game_id, after=1, timeout_ms=30_000))
        await asyncio.sleep(0.2)
        assert not waiter.done()
        assert (await store.append(game_id, AppendRequest(1, events(2, 2)))).appended
        assert await asyncio.wait_for(waiter, 5) == events(2, 2)

    async def test_wait_returns_nothing_on_timeout(self, store: RedisEventStore) -> None:
        game_id = await created(store)
        assert await store.wait(game_id, after=1, timeout_ms=150) == []
        assert await store.wait(game_id, after=1, timeout_ms=0) == []

    async def test_of_two_racing_appends_exactly_one_lands(self, store: RedisEventStore) -> None:
        game_id = await created(store)
        outcomes = await asyncio.gather(
            *(store.append(game_id, AppendRequest(1, [event(2, f"race{i}")])) for i in range(2))
        )
        assert sorted(o.appended for o in outcomes) == [False, True]
        assert [o.version_conflict for o in outcomes if not o.appended] == [True]
        assert await store.version(game_id) == 2

    async def test_a_corrupt_entry_raises_a_typed_error(self, store: RedisEventStore) -> None:
        game_id = await created(store)
        await store.client.xadd(store.keys(game_id).log, {"e": b"\xc1garbage"}, id="2-0")
        await store.client.xadd(store.keys(game_id).log, {"x": b"\x80"}, id="3-0")
        with pytest.raises(CorruptEntry, match="event 2"):
            await store.read(game_id)
        with pytest.raises(CorruptEntry, match="event 3"):
            await store.read(game_id, after=2)
        assert await store.read(game_id, limit=1) == [event(1, "game_created")]

    async def test_the_index_pages_newest_first_with_filters(self, store: RedisEventStore) -> None:
        rows = [
            GameSummary(f"g{i}", "trambahn" if i % 2 else "mine", status, f"2026-12-0{i}T00:00Z")
            for i, status in enumerate(["OPEN", "ACTIVE", "ACTIVE", "FINISHED", "OPEN"], start=1)
        ]
        for row in rows:
            await store.index_put(row)
        page, total = await store.index_page(None, 2, None, None)
        assert (page, total) == ([rows[4], rows[3]], 5)
        page, total = await store.index_page(page[-1].game_id, 2, None, None)
        assert (page, total) == ([rows[2], rows[1]], 5)
        assert await store.index_page("g2", 2, None, None) == ([rows[0]], 5)
        assert await store.index_page(None, 10, "trambahn", None) == (
            [rows[4], rows[2], rows[0]],
            3,
        )
        assert await store.index_page(None, 10, None, "ACTIVE") == ([rows[2], rows[1]], 2)
        assert await store.index_page("g5", 1, "trambahn", "OPEN") == ([rows[0]], 2)
        assert await store.index_page(None, 0, "mine", None) == ([], 2)

    async def test_an_index_row_moves_when_its_status_changes(self, store: RedisEventStore) -> None:
        row = GameSummary("g1", "trambahn", "OPEN", "2026-12-02T13:00:00.000Z")
        await store.index_put(row)
        finished = GameSummary("g1", "trambahn", "FINISHED", row.created_at)
        await store.index_put(finished)
        await store.index_put(finished)
        assert await store.index_page(None, 10, None, "OPEN") == ([], 0)
        assert await store.index_page(None, 10, "trambahn", "FINISHED") == ([finished], 1)
        assert await store.index_page(None, 10, None, None) == ([finished], 1)

    async def test_an_unknown_index_cursor_is_refused(self, store: RedisEventStore) -> None:
        with pytest.raises(InvalidCursor):
            await store.index_page("no-such-game", 10, None, None)

    async def test_the_store_answers_ping(self, store: RedisEventStore) -> None:
        assert await store.ping()
