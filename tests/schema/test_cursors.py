"""Cursors are opaque, stable and checked."""

from __future__ import annotations

import pytest

from boardstate.service.contract import cursors
from boardstate.service.contract.codes import ApiError


def test_event_cursors_round_trip_and_are_stable() -> None:
    assert cursors.event_after(cursors.event_cursor(42)) == 42
    assert cursors.event_cursor(42) == cursors.event_cursor(42)
    assert cursors.event_after(None) == 0


def test_game_cursors_round_trip() -> None:
    assert cursors.game_after(cursors.game_cursor("abc-_1")) == "abc-_1"
    assert cursors.game_after(None) is None


@pytest.mark.parametrize("bad", ["", "%%%", "djo", cursors.game_cursor("7"), "dj-x"])
def test_a_foreign_event_cursor_is_a_bad_cursor(bad: str) -> None:
    with pytest.raises(ApiError) as caught:
        cursors.event_after(bad)
    assert caught.value.code == "BAD_CURSOR"


def test_an_event_cursor_is_not_a_game_cursor() -> None:
    with pytest.raises(ApiError):
        cursors.game_after(cursors.event_cursor(1))
