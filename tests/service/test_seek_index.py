"""The seek index (`service.store.players.seek_index`, issue 37): a seek finds exactly the seeks it may
be paired with, and the oldest of them, whatever else the pool holds.

* the cover of a range is exactly its points, in disjoint nodes; a point's path holds it;
* for any two seeks, one is in exactly one of the ranges the other reads when they are
  compatible (each rated inside the other's range), and in none otherwise;
* on Redis (one server and a cluster), a random stream of seeks with random ratings and ranges
  is paired as a brute-force model says: a new seek is matched exactly when an open seek of
  another player is compatible with it, and only with such a seek; the oldest of the ones it
  reads is preferred to a nearer newer one; and 300 seeks nobody can take hide nothing.
"""

from __future__ import annotations

import random
import secrets
from typing import Any

import pytest

from boardstate.service.features.matchmaking.match_spec import GameSpec
from boardstate.service.features.matchmaking.matchmaker import now_ms
from boardstate.service.features.matchmaking.seeks import new_seek
from boardstate.service.store import RedisEventStore
from boardstate.service.store.players import seek_index
from boardstate.service.store.players.matchmaking_store import RedisMatchmaking


def test_a_cover_is_exactly_its_range_and_a_path_holds_its_point() -> None:
    rng = random.Random(37)
    pairs: list[tuple[int, ...]] = [(0, seek_index.TOP), (0, 0), (5, 4)]
    pairs.append((seek_index.TOP, seek_index.TOP))
    pairs += [tuple(sorted(rng.sample(range(seek_index.LEAVES), 2))) for _ in range(300)]
    for first, last in pairs:
        nodes = seek_index.cover(first, last)
        points: list[int] = []
        for node in nodes:
            lo, hi = seek_index.points_of(node)
            points += range(lo, hi + 1)
        assert points == list(range(first, last + 1))  # exact, disjoint, in order
        assert len(nodes) <= 2 * seek_index.BITS
    for at in [0, 1, 1500, seek_index.TOP, *rng.sample(range(seek_index.LEAVES), 50)]:
        found = seek_index.path(at)
        assert found[0] == 1
        assert len(found) == seek_index.BITS + 1
        assert all(seek_index.points_of(n)[0] <= at <= seek_index.points_of(n)[1] for n in found)


def test_ratings_and_ranges_are_whole_points() -> None:
    assert [seek_index.point(r) for r in (1499.5, 1499.49, -3.0, 1e9)] == [1500, 1499, 0, 4095]
    assert seek_index.span(None, None) == (0, seek_index.TOP)
    assert seek_index.span(1400.2, 1600.8) == (1401, 1600)
    assert seek_index.span(1500.2, 1500.8) == (1501, 1500)  # holds no whole point


def compatible(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    """Seeks as (point, first, last): each rated inside the other's range."""
    return a[1] <= b[0] <= a[2] and b[1] <= a[0] <= b[2]


def test_a_seek_lies_in_one_list_of_each_compatible_seek_and_in_none_of_the_others() -> None:
    rng = random.Random(2037)

    def random_seek() -> tuple[int, int, int]:
        at = rng.randrange(1200, 1800)
        first = rng.choice([0, rng.randrange(1000, 2000)])
        last = rng.choice([seek_index.TOP, rng.randrange(first, 2500)])
        return at, first, last

    for _ in range(2000):
        stored, asking = random_seek(), random_seek()
        members = seek_index.entries("p", *stored, 0, "s_x")
        ranges = seek_index.lists("p", *asking)
        hits = sum(1 for m in members for r in ranges if inside(m, r))
        assert hits == (1 if compatible(stored, asking) else 0), (stored, asking)


def inside(member: str, bounds: list[str]) -> bool:
    """Whether a member is inside a lexicographic range of `lists` (`[` inclusive, `(` not)."""
    low, high = (bounds[0], bounds[1]) if bounds[2] == "up" else (bounds[1], bounds[0])
    above = member >= low[1:] if low[0] == "[" else member > low[1:]
    below = member <= high[1:] if high[0] == "[" else member < high[1:]
    return above and below


@pytest.fixture(params=["server", "cluster"])
def events(request: pytest.FixtureRequest) -> RedisEventStore:
    name = "redis_store" if request.param == "server" else "cluster_store"
    store: RedisEventStore = request.getfixturevalue(name)
    return store


SPEC = GameSpec("trambahn", 2, {"clock": {"perMoveSeconds": 4242}})


def seek_of(player: str, rating: float, at: int, bounds: dict[str, float]) -> dict[str, Any]:
    record = new_seek("s_" + secrets.token_hex(8), player, player, SPEC, rating, at, 600)
    return record | bounds


async def test_a_random_pool_is_paired_as_the_model_pairs_it(events: RedisEventStore) -> None:
    mm = RedisMatchmaking(events.client, events.prefix, 60_000, 10_000)
    rng = random.Random(4037)
    start = now_ms()
    waiting: list[dict[str, Any]] = []  # the model's open seeks, oldest first
    for i in range(400):
        player = f"p{rng.randrange(120)}"
        bounds: dict[str, float] = {}
        if rng.random() < 0.6:
            bounds["min"] = rng.uniform(1000, 1700)
        if rng.random() < 0.6:
            bounds["max"] = rng.uniform(bounds.get("min", 1000), 2100)
        seek = seek_of(player, rng.uniform(1100, 1900), start + i, bounds)
        me = (
            seek_index.point(seek["rating"]),
            *seek_index.span(seek.get("min"), seek.get("max")),
        )
        fits = [
            s
            for s in waiting
            if s["playerId"] != player
            and compatible(
                me, (seek_index.point(s["rating"]), *seek_index.span(s.get("min"), s.get("max")))
            )
        ]
        if sum(1 for s in waiting if s["playerId"] == player) >= 5:
            expected = "limit"
        else:
            expected = "matched" if fits else "open"
        outcome, match_id = await mm.seek(start + i, seek, SPEC.pool(), 2, 5, f"m_{i}")
        assert outcome == expected, (i, seek)
        if outcome == "matched":
            record = await mm.match(match_id)
            assert record is not None
            partner = next(s for s in fits if any(s["seekId"] in raw for raw in record["seeks"]))
            waiting.remove(partner)  # one compatible with it, and still open
        elif outcome == "open":
            waiting.append(seek)


async def test_the_oldest_compatible_seek_read_is_taken(events: RedisEventStore) -> None:
    mm = RedisMatchmaking(events.client, events.prefix, 60_000, 10_000)
    start = now_ms()
    older = seek_of("bob", 1516.0, start, {"max": 1499.0})  # farther, older
    newer = seek_of("cy", 1500.0, start + 1, {})  # nearer, newer
    for i, seek in enumerate((older, newer)):
        assert (await mm.seek(start + i, seek, SPEC.pool(), 2, 5, f"m_{i}"))[0] == "open"
    ann = seek_of("ann", 1484.0, start + 2, {})
    outcome, match_id = await mm.seek(start + 2, ann, SPEC.pool(), 2, 5, "m_ann")
    assert outcome == "matched"
    record = await mm.match(match_id)
    assert record is not None
    assert any(older["seekId"] in raw for raw in record["seeks"])


async def test_seeks_nobody_can_take_hide_nothing(events: RedisEventStore) -> None:
    mm = RedisMatchmaking(events.client, events.prefix, 60_000, 10_000)
    start = now_ms()
    for i in range(300):  # taking only the strong, or strong and taking only the weak
        bounds = {"min": 3000.0} if i % 2 else {"max": 1000.0}
        seek = seek_of(f"x{i}", 1500.0 if i % 2 else 3500.0, start + i, bounds)
        assert (await mm.seek(start + i, seek, SPEC.pool(), 2, 5, f"m_x{i}"))[0] == "open"
    first = seek_of("ann", 1500.0, start + 400, {"min": 1400.0, "max": 1600.0})
    assert (await mm.seek(start + 400, first, SPEC.pool(), 2, 5, "m_a"))[0] == "open"
    second = seek_of("bob", 1550.0, start + 401, {})
    assert await mm.seek(start + 401, second, SPEC.pool(), 2, 5, "m_b") == ("matched", "m_b")


async def test_a_group_is_found_past_an_older_seek_that_fits_no_one_else(
    events: RedisEventStore,
) -> None:
    mm = RedisMatchmaking(events.client, events.prefix, 60_000, 10_000)
    trio = GameSpec("trekking", 3, {"clock": {"perMoveSeconds": 4343}})
    start = now_ms()

    def seek(player: str, rating: float, at: int, **bounds: float) -> dict[str, Any]:
        record = new_seek("s_" + secrets.token_hex(8), player, player, trio, rating, at, 600)
        return record | bounds

    x = seek("x", 1400.0, start, min=1500.0, max=1500.0)  # takes only 1500: ann, no one else
    a = seek("a", 1600.0, start + 1, min=1500.0, max=1700.0)
    b = seek("b", 1650.0, start + 2, min=1500.0, max=1700.0)
    for i, s in enumerate((x, a, b)):
        assert (await mm.seek(start + i, s, trio.pool(), 3, 5, f"m_{i}"))[0] == "open"
    ann = seek("ann", 1500.0, start + 3)
    outcome, match_id = await mm.seek(start + 3, ann, trio.pool(), 3, 5, "m_ann")
    assert outcome == "matched"
    record = await mm.match(match_id)
    assert record is not None
    taken = {s["seekId"] for s in (x, a, b) if any(s["seekId"] in raw for raw in record["seeks"])}
    assert taken == {a["seekId"], b["seekId"]}
