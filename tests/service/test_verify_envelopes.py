"""Imports trust nothing a live game would have checked: times, seats and moveIds of every event.

Each forged log starts from a golden export; fields outside the hashed state are edited (and
hashes recomputed where a forger could); `verify_log` names the first bad event.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

import pytest

from boardstate.service.history.log_format import read_log
from boardstate.service.history.verify import verify_log
from boardstate.service.store import StoredEvent
from tests.golden.logs import LOG_CASES
from tests.service.tamper import first_index, rehashed

GAMES = [case.game for case in LOG_CASES]
CASES = {case.game: case for case in LOG_CASES}


@functools.cache
def golden(game: str) -> tuple[StoredEvent, ...]:
    return tuple(read_log(CASES[game].path.read_bytes()))


def edited(events: tuple[StoredEvent, ...], index: int, **changes: Any) -> list[StoredEvent]:
    out = list(events)
    out[index] = dataclasses.replace(out[index], **changes)
    return out


def refused_at(events: list[StoredEvent]) -> tuple[int, str]:
    report = verify_log(events)
    assert report.failure is not None, "a forged log verified"
    return report.failure.version, report.failure.message


def moves(events: tuple[StoredEvent, ...]) -> list[int]:
    """The indexes of the first event of every move."""
    return [i for i, e in enumerate(events) if e.move is not None]


@pytest.mark.parametrize("game", GAMES)
def test_every_golden_log_still_verifies(game: str) -> None:
    report = verify_log(list(golden(game)))
    assert report.failure is None
    assert report.complete


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    ("at", "why"),
    [
        ("2026-01-01 00:00:00", "not a UTC time"),
        ("2026-01-01T00:00:00Z", "not a UTC time"),
        ("2026-01-01T00:00:00.000+00:00", "not a UTC time"),
        ("2026-02-30T00:00:00.000Z", "not a UTC time"),
        ("yesterday", "not a UTC time"),
        ("2025-12-31T23:59:59.999Z", "earlier than the event before"),
        ("2999-01-01T00:00:00.000Z", "in the future"),
    ],
)
def test_an_event_time_a_live_game_would_not_write_is_refused(game: str, at: str, why: str) -> None:
    events = golden(game)
    index = moves(events)[3]
    version, message = refused_at(edited(events, index, at=at))
    assert version == events[index].version
    assert why in message


@pytest.mark.parametrize("game", GAMES)
def test_a_service_event_with_a_move_id_is_refused(game: str) -> None:
    events = golden(game)
    for index in (0, 1, first_index(events, "SeatJoined", 2)):
        version, message = refused_at(edited(events, index, move_id="evil"))
        assert version == index + 1
        assert "carries moveId" in message
    ended = len(events) - 1
    version, message = refused_at(edited(events, ended, seat=0))
    assert (version, message) == (ended + 1, "GameEnded has seat 0")


@pytest.mark.parametrize("game", GAMES)
def test_a_setup_event_with_a_move_id_or_a_seat_is_refused(game: str) -> None:
    events = golden(game)
    setup = next(i for i, e in enumerate(events) if i > 1 and e.seat is None and e.move_id is None)
    for changes in ({"move_id": "m0"}, {"seat": 0}):
        version, message = refused_at(edited(events, setup, **changes))
        assert version == setup + 1
        assert "a setup event has neither" in message


@pytest.mark.parametrize("game", GAMES)
def test_a_move_of_a_seat_outside_the_game_is_refused(game: str) -> None:
    events = golden(game)
    index = moves(events)[2]
    version, message = refused_at(edited(events, index, seat=7))
    assert version == index + 1
    assert "names seat 7" in message


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bad", ["", "x" * 129, "tab\there", "nl\n"])
def test_a_move_with_an_invalid_move_id_is_refused(game: str, bad: str) -> None:
    events = golden(game)
    start = moves(events)[2]
    end = moves(events)[3]
    out = list(events)
    for i in range(start, end):
        out[i] = dataclasses.replace(out[i], move_id=bad)
    version, message = refused_at(out)
    assert version == start + 1
    assert "moveId" in message


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_using_one_move_id_for_two_moves_is_refused(game: str) -> None:
    events = golden(game)
    starts = moves(events)
    first = starts[0]
    seat = events[first].seat
    second = next(i for i in starts[1:] if events[i].seat == seat)
    end = next((i for i in starts if i > second), len(events) - 1)
    out = list(events)
    for i in range(second, end):
        out[i] = dataclasses.replace(out[i], move_id=events[first].move_id)
    version, message = refused_at(rehashed(out))
    assert version == second + 1
    assert "for a second move" in message


@pytest.mark.parametrize("game", GAMES)
def test_another_seat_may_use_the_same_move_id(game: str) -> None:
    events = golden(game)
    starts = moves(events)
    first = starts[0]
    other = next(i for i in starts if events[i].seat != events[first].seat)
    end = next(i for i in starts if i > other)
    out = list(events)
    for i in range(other, end):
        out[i] = dataclasses.replace(out[i], move_id=events[first].move_id)
    report = verify_log(out)
    assert report.failure is None
    assert report.complete


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_schema_version_or_event_type_is_refused(game: str) -> None:
    events = golden(game)
    index = moves(events)[1]
    assert refused_at(edited(events, index, v=3))[0] == index + 1
    assert refused_at(rehashed(edited(events, index, type="Bogus")))[0] == index + 1


def test_created_at_must_be_the_time_of_game_created() -> None:
    events = golden("trambahn")
    data = {**events[0].data, "createdAt": "2025-01-01T00:00:00.000Z"}
    version, message = refused_at(edited(events, 0, data=data))
    assert version == 1
    assert "createdAt" in message
