"""The 12-hour clock and turn order (rules/trekking.md 1B.4, 1B.5 step 2, 1B.8)."""

from __future__ import annotations

import pytest

from boardstate.engine.core.errors import NOT_YOUR_TURN
from boardstate.engine.trekking import RULES
from boardstate.engine.trekking import events as ev
from tests.engine.trekking.fixtures import card_where, no_world, of_type, play, refused, table, take

ONE = card_where(lambda c: c.hours == 1).id
THREE = card_where(lambda c: c.hours == 3 and no_world(c)).id
FOUR = card_where(lambda c: c.hours == 4 and no_world(c)).id


def _display(*cards: str) -> list[str | None]:
    return [*cards, *[None] * (5 - len(cards))]


@pytest.mark.rules("TK-8")
def test_the_watch_furthest_behind_moves_next() -> None:
    assert RULES.to_act(table(3, hours=[5, 2, 7])) == frozenset({1})


@pytest.mark.rules("TK-8")
def test_on_a_shared_space_the_watch_on_top_of_the_stack_moves_first() -> None:
    assert RULES.to_act(table(3, hours=[3, 3, 1], stack=[2, 1, 0])) == frozenset({2})
    assert RULES.to_act(table(3, hours=[3, 3, 7], stack=[1, 0, 2])) == frozenset({1})
    assert RULES.to_act(table(3, hours=[3, 3, 7], stack=[2, 0, 1])) == frozenset({0})


@pytest.mark.rules("TK-8")
def test_a_watch_arriving_on_an_occupied_space_goes_on_top_and_moves_first() -> None:
    state = table(2, hours=[0, 3], stack=[0, 1], display=_display(THREE))
    after, events = play(state, 0, take(THREE))
    assert of_type(events, ev.WatchMoved) == [ev.WatchMoved(0, 3, 3, ev.Why.CARD)]
    assert after.hours == (3, 3)
    assert after.stack[-1] == 0
    assert RULES.to_act(after) == frozenset({0})
    assert RULES.view(after, None)["clock"]["stack"] == [0, 1]


@pytest.mark.rules("TK-8")
def test_a_player_still_furthest_behind_takes_another_turn_in_a_row() -> None:
    state = table(2, hours=[0, 5], display=_display(ONE))
    after, _ = play(state, 0, take(ONE))
    assert after.hours == (1, 5)
    assert RULES.to_act(after) == frozenset({0})


@pytest.mark.rules("TK-9")
def test_hours_beyond_twelve_are_lost_and_earn_no_punctuality_bonus() -> None:
    state = table(2, hours=[10, 11], display=_display(FOUR))
    after, events = play(state, 0, take(FOUR))
    assert of_type(events, ev.WatchMoved) == [ev.WatchMoved(0, 4, 12, ev.Why.CARD)]
    assert after.hours[0] == 12
    assert not [e for e in of_type(events, ev.PrestigeGained) if e.reason is ev.Reason.PUNCTUALITY]


@pytest.mark.rules("TK-9")
def test_landing_exactly_on_twelve_earns_the_punctuality_bonus_of_three_pp() -> None:
    state = table(2, hours=[9, 11], display=_display(THREE))
    after, events = play(state, 0, take(THREE))
    bonus = [e for e in of_type(events, ev.PrestigeGained) if e.reason is ev.Reason.PUNCTUALITY]
    assert bonus == [ev.PrestigeGained(0, 3, ev.Reason.PUNCTUALITY)]
    assert after.hours[0] == 12
    assert events.index(bonus[0]) == events.index(of_type(events, ev.WatchMoved)[0]) + 1


@pytest.mark.rules("TK-9")
def test_a_player_on_twelve_is_finished_for_the_day() -> None:
    state = table(2, hours=[12, 5])
    assert RULES.to_act(state) == frozenset({1})
    assert RULES.legal_moves(state, 0) == []
    error = refused(state, 0, take(state.display[0] or ""))
    assert error.code == NOT_YOUR_TURN
    assert error.details == {"seat": 0, "toAct": [1], "to_act": [1]}


@pytest.mark.rules("TK-8")
def test_a_seat_whose_turn_it_is_not_gets_not_your_turn() -> None:
    state = table(3, hours=[4, 2, 6])
    for seat in (0, 2, 3, -1):
        assert refused(state, seat, take(state.display[0] or "")).code == NOT_YOUR_TURN
