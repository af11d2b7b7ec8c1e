"""Deck helpers (engine.core.cards)."""

from __future__ import annotations

import pytest

from boardstate.engine.core.cards import contains_all, draw, remove_all, remove_one, unique


def test_draw_takes_from_the_top_and_stops_at_the_bottom() -> None:
    assert draw(("a", "b", "c"), 2) == (("a", "b"), ("c",))
    assert draw(("a",), 3) == (("a",), ())
    with pytest.raises(ValueError):
        draw(("a",), -1)


def test_removal_counts_repeats() -> None:
    assert remove_one(("a", "b", "a"), "a") == ("b", "a")
    assert remove_all(("a", "b", "a"), ("a", "a")) == ("b",)
    assert contains_all(("a", "b"), ("a",))
    assert not contains_all(("a", "b"), ("a", "a"))
    with pytest.raises(ValueError):
        remove_one(("a",), "z")
    assert unique(("b", "a", "b")) == ("b", "a")
