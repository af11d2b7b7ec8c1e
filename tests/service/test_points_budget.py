"""`PointsBudget` on a real Redis and a real Redis Cluster: a charge counts in every window of the
caller's address and token, a refused one counts nothing, each window's two keys share a slot.
What it tells a caller from a sliding window counter (the `limits` algorithm): the points left,
when the budget is whole again, and how long a refused charge must wait: never shorter than the
counter needs (a client retrying after `Retry-After` is not refused again for the same charge,
nothing else charged), and not a second longer (the counter itself rounds the previous window's
weight down, so it may admit the charge a little sooner still)."""

from __future__ import annotations

import itertools

import pytest

from boardstate.service.store import RedisEventStore
from boardstate.service.store.keys import points_keys
from boardstate.service.store.limits.points_budget import Counts, PointsBudget

EXPIRY = 60.0
LIMIT = 1000


def weighted_after(counts: Counts, seconds: float) -> float:
    """The counter's count `seconds` later, nothing charged meanwhile (`limits`' algorithm:
    the current window turns previous when its key has a window's length left)."""
    previous, previous_left = counts.previous, counts.previous_left - seconds
    current, current_left = counts.current, counts.current_left - seconds
    if counts.current and current_left < EXPIRY:
        previous, previous_left, current = current, current_left, 0
    return previous * max(0.0, previous_left) / EXPIRY + current


def fits(counts: Counts, cost: int, seconds: float) -> bool:
    return weighted_after(counts, seconds) + cost <= LIMIT


def shapes() -> list[Counts]:
    found = []
    for previous, current in itertools.product((0, 300, 999, 1000), (0, 1, 400, 1000)):
        for elapsed in (0.0, 0.5, 17.0, 59.9):  # into the current window
            current_left = 2 * EXPIRY - elapsed
            previous_left = max(0.0, EXPIRY - elapsed) if previous else 0.0
            found.append(
                Counts(
                    LIMIT,
                    EXPIRY,
                    previous,
                    previous_left,
                    current,
                    current_left if current else 0.0,
                )
            )
    return found


def test_the_wait_told_is_enough_and_at_most_a_second_too_long() -> None:
    for counts, cost in itertools.product(shapes(), (1, 16, 400, 1000)):
        wait = counts.fits_in(cost)
        assert fits(counts, cost, wait + 1e-6), (counts, cost, wait)
        if wait > 1:
            assert not fits(counts, cost, wait - 1), (counts, cost, wait)


def test_a_charge_larger_than_the_window_waits_a_whole_window() -> None:
    counts = Counts(LIMIT, EXPIRY, 0, 0.0, 0, 0.0)
    assert counts.fits_in(LIMIT + 1) == EXPIRY


def test_remaining_and_full_again() -> None:
    fresh = Counts(LIMIT, EXPIRY, 0, 0.0, 0, 0.0)
    assert (fresh.remaining(), fresh.full_in()) == (LIMIT, 0.0)
    spent = Counts(LIMIT, EXPIRY, 500, 30.0, 400, 90.0)
    assert spent.remaining() == LIMIT - (250 + 400)
    assert spent.full_in() == 90.0  # the current count drains as the previous window
    draining = Counts(LIMIT, EXPIRY, 500, 30.0, 0, 0.0)
    assert (draining.remaining(), draining.full_in()) == (LIMIT - 250, 30.0)


@pytest.mark.redis
async def test_charges_count_until_a_window_is_out_of_points(redis_store: RedisEventStore) -> None:
    await charges(redis_store)


@pytest.mark.redis
async def test_the_budget_works_on_a_cluster(cluster_store: RedisEventStore) -> None:
    await charges(cluster_store)  # each window's two keys in one slot


async def charges(store: RedisEventStore) -> None:
    budget = PointsBudget(store.client, store.prefix, "100/day;1000/day", "30/day")
    address = ["a:192.0.2.1"]
    told = [await budget.charge(address, 40) for _ in range(3)]
    assert [(b.remaining, b.retry_after is None) for b in told if b] == [
        (60, True),
        (20, True),
        (20, False),  # refused: nothing counted
    ]
    assert told[2] is not None
    assert told[2].retry_after is not None
    assert 86_400 <= told[2].retry_after <= 2 * 86_400  # until 40 fit in a day's window
    cheap = await budget.charge(address, 20)
    assert cheap is not None
    assert (cheap.remaining, cheap.limit, cheap.used) == (0, 100, 100)
    other = await budget.charge(["a:192.0.2.2", "t:feed"], 25)  # told the token's window
    assert other is not None
    assert (other.limit, other.remaining) == (30, 5)
    refused = await budget.charge(["a:192.0.2.3", "t:feed"], 6)
    assert refused is not None
    assert (refused.limit, refused.remaining, refused.cost) == (30, 5, 6)
    assert refused.retry_after is not None  # the same token, from any address


@pytest.mark.redis
async def test_when_redis_cannot_count_the_charge_is_let_through(
    redis_store: RedisEventStore,
) -> None:
    budget = PointsBudget(redis_store.client, redis_store.prefix, "1/day", "1/day")
    _, current = points_keys("a:192.0.2.9", 1, 86_400, redis_store.prefix)
    await redis_store.client.set(current, "not a number", px=10_000)
    assert await budget.charge(["a:192.0.2.9"], 1) is None
