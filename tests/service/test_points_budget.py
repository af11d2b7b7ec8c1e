"""What `PointsBudget` tells a caller from a sliding window counter (`limits`): the points left,
when the budget is whole again, and how long a refused charge must wait: never shorter than the
counter needs (a client retrying after `Retry-After` is not refused again for the same charge,
nothing else charged), and not longer than a second more."""

from __future__ import annotations

import itertools

from boardstate.service.store.points_budget import Counts

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
