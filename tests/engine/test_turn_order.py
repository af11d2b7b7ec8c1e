"""Time-track and round-robin turn order (engine.core.turn_order)."""

from __future__ import annotations

import pytest

from boardstate.engine.core.turn_order import (
    Tie,
    advance,
    round_robin_next,
    time_track_next,
    time_track_order,
)


def test_the_player_furthest_behind_on_the_time_track_acts_next() -> None:
    assert time_track_next((5, 2, 7), (), Tie.SEAT_ORDER) == 1


def test_on_a_shared_space_the_last_arrival_on_top_of_the_stack_moves_first() -> None:
    positions, arrivals = (3, 3, 3), (2, 0, 1)
    assert time_track_order(positions, arrivals, Tie.LAST_ARRIVED) == (1, 0, 2)
    assert time_track_order(positions, arrivals, Tie.FIRST_ARRIVED) == (2, 0, 1)
    assert time_track_order(positions, arrivals, Tie.SEAT_ORDER) == (0, 1, 2)


def test_advancing_moves_a_seat_and_makes_it_the_latest_arrival() -> None:
    positions, arrivals = advance((0, 0, 0), (0, 1, 2), seat=0, steps=4)
    assert positions == (4, 0, 0)
    assert arrivals == (1, 2, 0)
    positions, arrivals = advance(positions, arrivals, seat=1, steps=9, limit=6)
    assert positions == (4, 6, 0)
    assert time_track_next(positions, arrivals, Tie.LAST_ARRIVED) == 2


def test_only_eligible_seats_are_considered() -> None:
    assert time_track_next((0, 1, 2), (), Tie.SEAT_ORDER, eligible=[1, 2]) == 1
    with pytest.raises(ValueError):
        time_track_next((0, 1), (), Tie.SEAT_ORDER, eligible=[])


def test_round_robin_skips_seats_and_wraps() -> None:
    assert round_robin_next(2, 3) == 0
    assert round_robin_next(0, 4, skip=[1, 2]) == 3
    with pytest.raises(ValueError):
        round_robin_next(0, 2, skip=[0, 1])
