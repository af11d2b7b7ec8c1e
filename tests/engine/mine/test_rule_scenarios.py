"""Scenario tests for rules of docs/rules/tf22-mine.md that no other module shows on its own."""

from __future__ import annotations

import pytest

from boardstate.engine.core.errors import BadPlayerCount
from boardstate.engine.mine import RULES
from boardstate.engine.mine.components import Colour
from boardstate.engine.mine.setup import colours_in_play


@pytest.mark.rules("MN-1")
def test_tf22_mine_is_for_two_to_four_players() -> None:
    for players in (2, 3, 4):
        RULES.check_players(players)
    for players in (1, 5):
        with pytest.raises(BadPlayerCount):
            RULES.check_players(players)


@pytest.mark.rules("MN-1", "MN-6")
def test_four_colours_are_in_play_except_white_with_three_players() -> None:
    assert colours_in_play(4) == colours_in_play(2) == tuple(Colour)
    assert Colour.WHITE not in colours_in_play(3)
    assert len(colours_in_play(3)) == 3
