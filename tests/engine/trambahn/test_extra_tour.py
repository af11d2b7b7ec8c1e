"""Extra tour (Sonderfahrt): a line reaching exactly 8 cards (rules/trambahn.md 1A.6)."""

from __future__ import annotations

import pytest

from boardstate.engine.trambahn import events as ev
from tests.engine.trambahn.fixtures import build, line, play, table

SEVEN_RED = line("red", 1, 2, 3, 4, 5, 6, 7, tram="steam")
"""VP 1+1+1+1+2+2+2 = 10."""


@pytest.mark.rules("TB-17")
def test_a_line_reaching_eight_cards_has_an_extra_tour_for_that_line() -> None:
    state = table(hands=[("red-8", "blue-5")], step="stations", lines=[[SEVEN_RED]])
    after, events = play(state, 0, build("red-8", 1))
    assert events[1:] == [ev.ExtraTourScored(seat=0, line=1, points=(10 + 3) * 3)]
    assert after.players[0].extra_tours == (39,)
    assert after.players[0].lines[0].extra_tour_done is True


@pytest.mark.rules("TB-17")
def test_conductors_count_toward_the_eight_cards_but_add_no_vp() -> None:
    red = line("red", 2, 4, 6, 8, 9, conductors=2, tram="horse")
    state = table(hands=[("conductor", "blue-5")], step="stations", lines=[[red]])
    after, events = play(state, 0, build("conductor", 1))
    assert events[1:] == [ev.ExtraTourScored(seat=0, line=1, points=(1 + 1 + 2 + 3 + 3) * 2)]
    assert after.players[0].extra_tours == (20,)


@pytest.mark.rules("TB-17")
def test_a_line_of_seven_cards_has_no_extra_tour() -> None:
    red = line("red", 1, 2, 3, 4, 5, 6, tram="steam")
    state = table(hands=[("red-8", "blue-5")], step="stations", lines=[[red]])
    after, events = play(state, 0, build("red-8", 1))
    assert [e.TYPE for e in events] == ["StationBuilt"]
    assert after.players[0].extra_tours == ()


@pytest.mark.rules("TB-17")
def test_the_extra_tour_happens_once_per_line() -> None:
    red = line("red", 1, 2, 3, 4, 5, 6, 7, 8, tram="steam", extra_tour_done=True)
    state = table(hands=[("red-9", "blue-5")], step="stations", lines=[[red]], extra_tours=[(42,)])
    after, events = play(state, 0, build("red-9", 1))
    assert [e.TYPE for e in events] == ["StationBuilt"]
    assert after.players[0].extra_tours == (42,)


@pytest.mark.rules("TB-17")
def test_each_line_has_its_own_extra_tour() -> None:
    done = line("red", 1, 2, 3, 4, 5, 6, 7, 8, tram="steam", id=1, extra_tour_done=True)
    fresh = line("blue", 1, 2, 3, 4, 5, 6, 7, tram="horse", id=2)
    state = table(
        hands=[("blue-8", "blue-5")], step="stations", lines=[[done, fresh]], extra_tours=[(42,)]
    )
    after, events = play(state, 0, build("blue-8", 2))
    assert events[1:] == [ev.ExtraTourScored(seat=0, line=2, points=13 * 2)]
    assert after.players[0].extra_tours == (42, 26)


@pytest.mark.rules("TB-17")
def test_only_the_line_reaching_eight_cards_scores_in_its_extra_tour() -> None:
    other = line("red", 8, 9, tram="electric", id=2)
    state = table(
        hands=[("red-8", "blue-5")],
        step="stations",
        lines=[[SEVEN_RED, other], [line("red", 9, 10, tram="electric")]],
    )
    after, events = play(state, 0, build("red-8", 1))
    assert events[1:] == [ev.ExtraTourScored(seat=0, line=1, points=39)]
    assert [p.extra_tours for p in after.players] == [(39,), ()]


@pytest.mark.rules("TB-17")
def test_an_extra_tour_is_not_one_of_the_ten_scorings() -> None:
    state = table(
        hands=[("red-8", "blue-5")],
        step="stations",
        lines=[[SEVEN_RED]],
        fahrten=[(5,) * 9, (0,) * 9],
    )
    after, events = play(state, 0, build("red-8", 1))
    assert after.scorings == 9
    assert after.players[0].fahrten == (5,) * 9
    assert after.finished is False
    assert [e.TYPE for e in events] == ["StationBuilt", "ExtraTourScored"]


@pytest.mark.rules("TB-17")
def test_extra_tour_points_count_in_the_total() -> None:
    state = table(
        hands=[("red-8", "blue-5")], step="stations", lines=[[SEVEN_RED]], fahrten=[(5, 6), (0, 0)]
    )
    after, _ = play(state, 0, build("red-8", 1))
    assert after.players[0].total == 5 + 6 + 39
