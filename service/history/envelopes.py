"""The envelope checks of an exported log: every field a live game would have checked itself.

Neither the seed nor the rules are needed (`verify_log` runs these on every log, with or
without the seed):

* `at` is a UTC timestamp exactly as the service writes it (`2026-01-01T00:00:00.000Z`),
  never earlier than the event before it, and not later than now plus `MAX_CLOCK_SKEW`. A
  fork's copied history (events 2..`forkedFrom.version`) keeps the source's times, so it is
  checked on its own, and the fork's own events follow both it and the fork's `GameCreated`;
  `GameCreated.data.createdAt` is its own `at`.
* `GameCreated` has neither seat nor moveId; a `SeatJoined` names a seat of the game and no
  moveId; `GameEnded` names no seat (its moveId, the last move's, is checked on replay).
* Every other event is a setup event (no seat, no moveId) or an event of a move (a seat of
  the game and a valid moveId, `service.log.move_ids`); a seat never uses one moveId for two
  moves, as `submitMove` would have refused the second (ids are scoped to the seat).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from boardstate.service.history.rederive import Mismatch
from boardstate.service.log.move_ids import move_id_problem
from boardstate.service.log.record_model import GAME_CREATED, GAME_ENDED, SEAT_JOINED
from boardstate.service.store import StoredEvent

AT_PATTERN = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z")
MAX_CLOCK_SKEW = timedelta(minutes=5)


def parse_at(text: str) -> datetime | None:
    """Returns the time of an `at` in the service's format, or None."""
    if not AT_PATTERN.fullmatch(text):
        return None
    try:
        return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)
    except ValueError:
        return None


def check_envelopes(
    events: Sequence[StoredEvent], created: Mapping[str, Any], now: datetime | None = None
) -> None:
    """Raises `Mismatch` at the first event whose envelope a live game would not have written
    (see the module docstring); `created` is the checked `GameCreated.data`."""
    _check_times(events, created, now or datetime.now(UTC))
    players = int(created["players"])
    used: set[tuple[int, str]] = set()
    group: tuple[int, str] | None = None
    for event in events:
        version, kind, seat, move_id = event.version, event.type, event.seat, event.move_id
        if kind in (GAME_CREATED, SEAT_JOINED, GAME_ENDED):
            group = None
            if move_id is not None and kind != GAME_ENDED:
                raise Mismatch(version, f"{kind} carries moveId {move_id!r}; it has none")
            if (seat is None) != (kind in (GAME_CREATED, GAME_ENDED)):
                raise Mismatch(version, f"{kind} has seat {seat!r}")
        elif (seat is None) != (move_id is None):
            raise Mismatch(
                version,
                f"{kind} has seat {seat!r} and moveId {move_id!r}: a setup event has neither, "
                "an event of a move both",
            )
        if seat is not None and not 0 <= seat < players:
            raise Mismatch(version, f"{kind} names seat {seat}; the game has 0..{players - 1}")
        if move_id is None:
            continue
        problem = move_id_problem(move_id)
        if problem is not None:
            raise Mismatch(version, f"{kind} has moveId {move_id!r}: {problem}")
        if seat is None:
            continue
        if event.move is not None or group != (seat, move_id):
            group = (seat, move_id)
            if group in used:
                raise Mismatch(version, f"seat {seat} used moveId {move_id!r} for a second move")
            used.add(group)


def _check_times(events: Sequence[StoredEvent], created: Mapping[str, Any], now: datetime) -> None:
    fork = created.get("forkedFrom")
    copied_to = int(fork["version"]) if isinstance(fork, Mapping) else 0
    latest = now + MAX_CLOCK_SKEW
    created_at: datetime | None = None
    previous: datetime | None = None
    for event in events:
        at = parse_at(event.at)
        if at is None:
            raise Mismatch(
                event.version,
                f"at {event.at!r} is not a UTC time like 2026-01-01T00:00:00.000Z",
            )
        if at > latest:
            raise Mismatch(event.version, f"at {event.at} lies in the future")
        if previous is not None and at < previous:
            raise Mismatch(event.version, f"at {event.at} is earlier than the event before it")
        previous = at
        if event.version == 1:
            if created.get("createdAt") != event.at:
                raise Mismatch(1, "GameCreated.data.createdAt is not the event's at")
            created_at = at
            previous = None if copied_to else at
        elif event.version == copied_to and created_at is not None:
            previous = max(at, created_at)
