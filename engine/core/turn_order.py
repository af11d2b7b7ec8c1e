"""Turn order strategies (style rule 14): round robin and the time track.

On a time track each seat has a position (time spent); the seat furthest behind acts next.
Several seats on the same space are ordered by a `Tie` rule. Arrival order is kept as a tuple
of seats, oldest arrival first, and updated by `advance`. Games that stack a later arrival on top
and move the top first (Trekking's watches) use `Tie.LAST_ARRIVED`; Tinners' Trail fills the
topmost free row of a column, so the earlier arrival moves first (`Tie.FIRST_ARRIVED`, Part A Q3).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence


class Tie(enum.Enum):
    """How seats on the same time-track space are ordered."""

    LAST_ARRIVED = "last_arrived"
    FIRST_ARRIVED = "first_arrived"
    SEAT_ORDER = "seat_order"


def round_robin_next(current: int, players: int, skip: Sequence[int] = ()) -> int:
    """Returns the next seat clockwise after `current` that is not in `skip`."""
    for step in range(1, players + 1):
        seat = (current + step) % players
        if seat not in skip:
            return seat
    raise ValueError("every seat is skipped")


def time_track_order(
    positions: Sequence[int],
    arrivals: Sequence[int],
    tie: Tie,
    eligible: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """Returns the eligible seats in acting order: furthest behind first, ties by `tie`."""
    seats = range(len(positions)) if eligible is None else eligible

    def key(seat: int) -> tuple[int, int]:
        if tie is Tie.SEAT_ORDER:
            rank = seat
        else:
            arrived = arrivals.index(seat) if seat in arrivals else -1
            rank = -arrived if tie is Tie.LAST_ARRIVED else arrived
        return positions[seat], rank

    return tuple(sorted(seats, key=key))


def time_track_next(
    positions: Sequence[int],
    arrivals: Sequence[int],
    tie: Tie,
    eligible: Sequence[int] | None = None,
) -> int:
    """Returns the seat that acts next on the time track."""
    order = time_track_order(positions, arrivals, tie, eligible)
    if not order:
        raise ValueError("no eligible seat on the time track")
    return order[0]


def advance(
    positions: Sequence[int],
    arrivals: Sequence[int],
    seat: int,
    steps: int,
    limit: int | None = None,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Moves `seat` forward `steps` (clamped to `limit`); it becomes the latest arrival."""
    target = positions[seat] + steps
    if limit is not None:
        target = min(target, limit)
    new_positions = tuple(target if s == seat else p for s, p in enumerate(positions))
    new_arrivals = (*(s for s in arrivals if s != seat), seat)
    return new_positions, new_arrivals
