"""Step 5, clean-up and draw (rules/trambahn.md 1A.4 step 5)."""

from __future__ import annotations

import pytest

from boardstate.engine.trambahn import events as ev
from boardstate.engine.trambahn.state import Step
from tests.engine.trambahn.fixtures import end, kinds, line, of_type, play, table

DRAW = ("green-1", "green-2", "green-3", "green-4", "green-5", "green-6", "green-7")


@pytest.mark.rules("TB-22")
def test_lines_without_a_tram_are_dismantled_onto_the_owners_money_pile() -> None:
    kept = line("blue", 4, tram="horse", id=1)
    bare = line("red", 2, 5, conductors=1, id=2)
    state = table(step="stations", lines=[[kept, bare]], money=[("yellow-1",)])
    after, events = play(state, 0, end())
    assert of_type(events, ev.LinesDismantled) == [
        ev.LinesDismantled(seat=0, lines=(2,), cards=("conductor", "red-2", "red-5"))
    ]
    assert after.players[0].lines == (kept,)
    assert sorted(after.players[0].money) == ["conductor", "red-2", "red-5", "yellow-1"]


@pytest.mark.rules("TB-22")
def test_several_lines_without_a_tram_are_all_dismantled() -> None:
    state = table(step="stations", lines=[[line("red", 2, id=1), line("red", 3, 4, id=2)]])
    after, events = play(state, 0, end())
    assert of_type(events, ev.LinesDismantled)[0].lines == (1, 2)
    assert after.players[0].lines == ()
    assert len(after.players[0].money) == 3


@pytest.mark.rules("TB-22")
def test_lines_with_a_tram_are_kept() -> None:
    lines = (line("red", 2, tram="horse", id=1), line("blue", 3, tram="steam", id=2))
    state = table(step="stations", lines=[lines])
    after, events = play(state, 0, end())
    assert of_type(events, ev.LinesDismantled) == []
    assert after.players[0].lines == lines


@pytest.mark.rules("TB-22")
def test_only_the_lines_of_the_player_ending_the_turn_are_dismantled() -> None:
    theirs = line("red", 2, id=1)
    state = table(step="stations", lines=[[], [theirs]])
    after, _ = play(state, 0, end())
    assert after.players[1].lines == (theirs,)


@pytest.mark.rules("TB-22")
def test_the_hand_is_drawn_back_up_to_six_from_the_top_of_the_draw_pile() -> None:
    state = table(hands=[("red-7", "blue-5")], step="stations", draw=DRAW)
    after, events = play(state, 0, end())
    assert of_type(events, ev.CardsDrawn) == [ev.CardsDrawn(seat=0, cards=DRAW[:4])]
    assert after.players[0].hand == ("red-7", "blue-5", *DRAW[:4])
    assert after.draw_pile == DRAW[4:]


@pytest.mark.rules("TB-22")
def test_dismantling_comes_before_drawing() -> None:
    state = table(hands=[("red-7",)], step="stations", lines=[[line("red", 2)]], draw=DRAW)
    _, events = play(state, 0, end())
    assert kinds(events) == ["LinesDismantled", "CardsDrawn", "TurnStarted"]
    assert len(of_type(events, ev.CardsDrawn)[0].cards) == 5


@pytest.mark.rules("TB-6")
def test_ending_the_turn_passes_it_to_the_other_player_at_the_passenger_step() -> None:
    state = table(step="purchase", turn=7)
    after, events = play(state, 0, end())
    assert events[-1] == ev.TurnStarted(seat=1, turn=8)
    assert (after.active, after.turn, after.step) == (1, 8, Step.PASSENGERS)


@pytest.mark.rules("TB-6")
def test_the_second_seat_passes_the_turn_back_to_the_first() -> None:
    state = table(step="stations", active=1, turn=2)
    after, events = play(state, 1, end())
    assert events[-1] == ev.TurnStarted(seat=0, turn=3)
    assert after.active == 0


@pytest.mark.rules("TB-6")
def test_a_turn_may_end_right_after_the_passengers() -> None:
    state = table(hands=[("red-7", "blue-5", "green-1", "green-2", "green-3")], step="stations")
    after, events = play(state, 0, end())
    assert kinds(events) == ["CardsDrawn", "TurnStarted"]
    assert len(after.players[0].hand) == 6
