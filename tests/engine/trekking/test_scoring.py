"""Final scoring and the winner (rules/trekking.md 1B.9; Part A Q-K9, Q-K10)."""

from __future__ import annotations

import dataclasses

import pytest

from boardstate.engine.trekking import RULES
from boardstate.engine.trekking import events as ev
from boardstate.engine.trekking.components import COMPONENTS
from boardstate.engine.trekking.state import Phase, State
from tests.engine.trekking.fixtures import (
    card_where,
    day_cards,
    no_world,
    of_type,
    on_top,
    play,
    table,
    take,
)

IDS = [c.id for c in day_cards(2)]


def _over(state: State) -> State:
    return dataclasses.replace(state, phase=Phase.OVER)


def _trek(length: int) -> list[str]:
    return IDS[:length]


@pytest.mark.rules("Q-K9")
@pytest.mark.parametrize(
    ("length", "points"),
    [(1, -3), (2, 1), (3, 3), (4, 6), (5, 9), (6, 13), (7, 17), (8, 21), (9, 25), (10, 30)],
)
def test_a_trek_scores_by_its_number_of_cards_from_the_table(length: int, points: int) -> None:
    state = _over(table(2, crystals=[0, 0], open_treks=[_trek(length)]))
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert outcome.details["trek_points"][0] == points
    assert outcome.scores[0] == points


@pytest.mark.rules("Q-K9")
def test_a_trek_of_more_than_ten_cards_scores_as_ten() -> None:
    state = _over(table(2, crystals=[0, 0], open_treks=[_trek(14)]))
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert outcome.scores[0] == 30


@pytest.mark.rules("Q-K9")
def test_ancestors_count_as_cards_of_a_trek() -> None:
    state = _over(table(2, crystals=[0, 0], open_treks=[["A-01", IDS[0], "A-07"]]))
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert outcome.details["trek_points"][0] == 3


@pytest.mark.rules("TK-23")
def test_every_trek_scores_open_and_closed() -> None:
    state = _over(
        table(2, crystals=[0, 0], open_treks=[_trek(2)], closed_treks=[[IDS[2:5], IDS[5:6]]])
    )
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert outcome.details["treks"][0] == [3, 1, 2]
    assert outcome.scores[0] == 3 - 3 + 1


@pytest.mark.rules("TK-23")
def test_each_crystal_left_scores_one_pp_on_top_of_the_pp_track() -> None:
    state = _over(table(2, crystals=[4, 0], pp=[20, 0]))
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert outcome.details["crystal_points"] == [4, 0]
    assert outcome.scores == (24, 0)


@pytest.mark.rules("TK-23")
def test_the_highest_total_wins() -> None:
    outcome = RULES.outcome(_over(table(3, crystals=[0, 0, 0], pp=[10, 12, 11])))
    assert outcome is not None
    assert outcome.winners == (1,)


@pytest.mark.rules("Q-K10")
def test_on_equal_totals_the_player_with_most_crystals_left_wins() -> None:
    outcome = RULES.outcome(_over(table(3, crystals=[3, 1, 0], pp=[10, 12, 2])))
    assert outcome is not None
    assert outcome.scores == (13, 13, 2)
    assert outcome.winners == (0,)


@pytest.mark.rules("Q-K10")
def test_equal_totals_and_equal_crystals_share_the_win() -> None:
    outcome = RULES.outcome(_over(table(3, crystals=[2, 2, 0], pp=[10, 10, 2])))
    assert outcome is not None
    assert outcome.winners == (0, 1)


@pytest.mark.rules("TK-25")
def test_the_shared_tie_break_option_shares_every_tie_on_totals() -> None:
    state = table(2, crystals=[3, 1], pp=[10, 12], options={"tie_break": "shared"})
    outcome = RULES.outcome(_over(state))
    assert outcome is not None
    assert outcome.winners == (0, 1)


@pytest.mark.rules("TK-23")
def test_the_game_over_event_carries_every_part_of_the_score() -> None:
    card = card_where(lambda c: c.hours == 2 and no_world(c) and not c.crystals, day=3).id
    state = table(
        2, hours=[12, 10], crystals=[2, 0], pp=[5, 1], open_treks=[IDS[:3]], **on_top(card)
    )
    after, events = play(state, 1, take(card))
    over = of_type(events, ev.GameOver)[0]
    p1 = after.players[1]
    assert over.prestige == (5, p1.pp)
    assert over.trek_points == (3, COMPONENTS.trek_points(len(p1.open_trek)))
    assert over.crystal_points == (2, p1.crystals)
    assert over.totals == tuple(
        a + b + c
        for a, b, c in zip(over.prestige, over.trek_points, over.crystal_points, strict=True)
    )
    outcome = RULES.outcome(after)
    assert outcome is not None
    assert outcome.scores == over.totals
    assert outcome.winners == over.winners
