"""Simultaneous secret choices: commit one by one, reveal together."""

from __future__ import annotations

import pytest

from boardstate.engine.core.secret import SecretChoices


def test_choices_are_revealed_in_seat_order_only_when_every_seat_has_chosen() -> None:
    open_ = SecretChoices(seats=(0, 2, 3))
    assert open_.waiting == frozenset({0, 2, 3})
    after = open_.commit(3, "c").commit(0, "a")
    assert after.waiting == frozenset({2})
    with pytest.raises(ValueError):
        after.revealed()
    done = after.commit(2, "b")
    assert done.complete
    assert done.revealed() == ("a", "b", "c")


def test_a_seat_cannot_choose_twice_or_without_an_open_choice() -> None:
    choices = SecretChoices(seats=(0, 1)).commit(0, 1)
    with pytest.raises(ValueError):
        choices.commit(0, 2)
    with pytest.raises(ValueError):
        choices.commit(5, 2)
