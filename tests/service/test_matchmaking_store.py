"""The matchmaking scripts (`service.store.players.matchmaking_store`) on one Redis server and on a
Redis Cluster: every key in one slot, a seek matched once however many clients race, rating
ranges both ways, cancel and expiry, challenges answered once."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

import pytest
from redis.crc import key_slot

from boardstate.service.features.matchmaking.match_spec import GameSpec
from boardstate.service.features.matchmaking.matchmaker import now_ms
from boardstate.service.features.matchmaking.seeks import new_seek, seek_id_of
from boardstate.service.store import RedisEventStore
from boardstate.service.store.players.matchmaking_store import RedisMatchmaking

SPEC = GameSpec("trambahn", 2, {"clock": {"perMoveSeconds": 30}})


def store_of(events: RedisEventStore) -> RedisMatchmaking:
    return RedisMatchmaking(events.client, events.prefix, 60_000, 10_000)


async def seek(
    mm: RedisMatchmaking, player: str, ttl: int = 60, **bounds: float
) -> tuple[str, str, str]:
    """Adds one seek of `player`; returns (its id, outcome, match id or status)."""
    now = now_ms()
    record = new_seek(seek_id_of(player, None), player, player, SPEC, 1500.0, now, ttl) | bounds
    outcome, detail = await mm.seek(now, record, SPEC.pool(), 2, 5, "m_" + secrets.token_hex(6))
    return record["seekId"], outcome, detail


@pytest.fixture(params=["server", "cluster"])
def events(request: pytest.FixtureRequest) -> RedisEventStore:
    name = "redis_store" if request.param == "server" else "cluster_store"
    store: RedisEventStore = request.getfixturevalue(name)
    return store


async def test_every_key_is_in_one_slot(events: RedisEventStore) -> None:
    assert len({key_slot(k.encode()) for k in store_of(events).keys}) == 1


async def test_two_seeks_match_once(events: RedisEventStore) -> None:
    mm = store_of(events)
    first, outcome, _ = await seek(mm, "ann")
    assert outcome == "open"
    second, outcome, match_id = await seek(mm, "bob")
    assert outcome == "matched"
    record = await mm.match(match_id)
    assert record is not None
    assert record["kind"] == "seek"
    assert len(record["seeks"]) == 2
    assert await mm.is_pending(match_id)
    for seek_id in (first, second):
        found = await mm.seek_of(seek_id)
        assert found is not None
        assert found[1] == f"matched|{match_id}"
    await mm.done(now_ms(), match_id)
    assert not await mm.is_pending(match_id)
    assert (await seek(mm, "cid"))[1] == "open"  # the pool is empty again


async def test_racing_seeks_are_matched_at_most_once(events: RedisEventStore) -> None:
    mm = store_of(events)
    results = await asyncio.gather(*(seek(mm, f"p{i}") for i in range(60)))
    matches = [detail for _, outcome, detail in results if outcome == "matched"]
    assert len(matches) == 30
    taken: list[str] = []
    for match_id in matches:
        record = await mm.match(match_id)
        assert record is not None
        taken += record["seeks"]
    assert len(taken) == len(set(taken)) == 60


async def test_rating_ranges_hold_both_ways(events: RedisEventStore) -> None:
    mm = store_of(events)
    assert (await seek(mm, "ann", max=1400.0))[1] == "open"
    assert (await seek(mm, "bob"))[1] == "open"  # ann's range excludes bob
    assert (await seek(mm, "cid", min=1600.0))[1] == "open"  # cid's range excludes both
    assert (await seek(mm, "dan"))[1] == "matched"  # with bob


async def test_cancelled_and_expired_seeks_leave_the_pool(events: RedisEventStore) -> None:
    mm = store_of(events)
    cancelled, _, _ = await seek(mm, "ann")
    assert await mm.cancel_seek(now_ms(), cancelled, "bob") == "missing"  # not bob's
    assert await mm.cancel_seek(now_ms(), cancelled, "ann") == "cancelled"
    await seek(mm, "cid", ttl=1)
    await asyncio.sleep(1.1)
    assert (await seek(mm, "dan"))[1] == "open"
    assert await mm.open_seeks_of("cid") == []
    assert await mm.open_seeks_of("ann") == []


async def test_a_player_holds_a_bounded_number_of_open_seeks(events: RedisEventStore) -> None:
    mm = store_of(events)
    now = now_ms()
    for i in range(5):
        spec = GameSpec("trambahn", 2, {"i": i})
        record = new_seek(seek_id_of("ann", str(i)), "ann", "ann", spec, 1500.0, now, 60)
        assert (await mm.seek(now, record, spec.pool(), 2, 5, f"m_{i}"))[0] == "open"
    record = new_seek(seek_id_of("ann", "x"), "ann", "ann", SPEC, 1500.0, now, 60)
    assert (await mm.seek(now, record, SPEC.pool(), 2, 5, "m_x"))[0] == "limit"


async def test_a_challenge_is_matched_once(events: RedisEventStore) -> None:
    mm = store_of(events)
    now = now_ms()
    challenge: dict[str, Any] = {
        "challengeId": "c_1",
        "from": "ann",
        "to": ["bob", "cid"],
        "spec": SPEC.wire(),
    }
    challenge |= {"createdAt": now, "expiresAt": now + 60_000, "matchId": "m_c1"}
    assert await mm.challenge(now, challenge) == "open"
    assert await mm.answer(now, "c_1", "eve", "accept", "m_c1") == ("forbidden", "")
    assert await mm.answer(now, "c_1", "bob", "accept", "m_c1") == ("open", "")
    assert await mm.challenges_of("cid") == ["c_1"]
    assert await mm.challenges_of("ann") == ["c_1"]
    assert await mm.challenges_of("eve") == []
    answers = await asyncio.gather(*(mm.answer(now, "c_1", "cid", "accept", "m_c1") for _ in "ab"))
    assert sorted(answers) == [("closed", "matched|m_c1"), ("matched", "m_c1")]
    found = await mm.challenge_of("c_1")
    assert found is not None
    assert found[1] == "matched|m_c1"


async def test_an_expired_challenge_is_forgotten_with_its_invitations(
    events: RedisEventStore,
) -> None:
    mm = RedisMatchmaking(events.client, events.prefix, 0, 10_000)  # settled: forgotten at once
    now = now_ms()
    challenge: dict[str, Any] = {"challengeId": "c_2", "from": "ann", "to": ["bob"]}
    challenge |= {"spec": SPEC.wire(), "createdAt": now, "expiresAt": now + 50, "matchId": "m_2"}
    assert await mm.challenge(now, challenge) == "open"
    await asyncio.sleep(0.1)
    await mm.sweep(now_ms())  # expired
    found = await mm.challenge_of("c_2")
    assert found is not None
    assert found[1] == "expired"
    await mm.sweep(now_ms() + 1)  # and forgotten
    assert await mm.challenge_of("c_2") is None
    assert await mm.challenges_of("bob") == await mm.challenges_of("ann") == []
