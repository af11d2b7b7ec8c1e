"""Step 1, passengers (rules/trambahn.md 1A.4 step 1; Part A: an ordered list of 1–2 targets)."""

from __future__ import annotations

import pytest

from boardstate.engine.core.errors import ILLEGAL_MOVE
from boardstate.engine.trambahn import events as ev
from boardstate.engine.trambahn.components import Colour
from boardstate.engine.trambahn.state import Step
from tests.engine.trambahn.fixtures import board, kinds, of_type, play, refused, table


@pytest.mark.rules("TB-9")
def test_a_coloured_passenger_boards_at_the_terminal_of_its_own_colour() -> None:
    state = table(hands=[("red-3", "blue-5")])
    after, events = play(state, 0, board("red-3"))
    assert events == [ev.PassengerBoarded(seat=0, card="red-3", terminal=Colour.RED)]
    assert after.terminal(Colour.RED) == ("red-3",)
    assert after.players[0].hand == ("blue-5",)
    assert after.step is Step.STATIONS


@pytest.mark.rules("TB-9")
def test_a_coloured_passenger_cannot_board_at_another_colours_terminal() -> None:
    state = table(hands=[("red-3", "blue-5")])
    error = refused(state, 0, board(("red-3", "blue")))
    assert error.code == ILLEGAL_MOVE
    assert error.details == {"rule": "passenger_terminal"}


@pytest.mark.rules("TB-9")
@pytest.mark.parametrize("colour", ["blue", "red", "green", "yellow"])
def test_a_conductor_may_board_at_any_terminal(colour: str) -> None:
    state = table(hands=[("conductor", "blue-5")])
    after, _ = play(state, 0, board(("conductor", colour)))
    assert after.terminal(Colour(colour)) == ("conductor",)
    assert after.players[0].hand == ("blue-5",)


@pytest.mark.rules("TB-9")
def test_the_value_of_a_passenger_does_not_matter() -> None:
    state = table(hands=[("green-10", "green-1")], terminals={"green": ["green-5"]})
    after, _ = play(state, 0, board("green-10", "green-1"))
    assert after.terminal(Colour.GREEN) == ("green-5", "green-10", "green-1")


@pytest.mark.rules("TB-8")
def test_two_passengers_may_board_at_different_terminals() -> None:
    state = table(hands=[("red-3", "blue-5", "green-1")])
    after, events = play(state, 0, board("red-3", "blue-5"))
    assert kinds(events) == ["PassengerBoarded", "PassengerBoarded"]
    assert after.terminal(Colour.RED) == ("red-3",)
    assert after.terminal(Colour.BLUE) == ("blue-5",)
    assert after.players[0].hand == ("green-1",)


@pytest.mark.rules("TB-8")
def test_two_passengers_may_board_at_the_same_terminal() -> None:
    state = table(hands=[("red-3", "red-3", "green-1")])
    after, _ = play(state, 0, board("red-3", "red-3"))
    assert after.terminal(Colour.RED) == ("red-3", "red-3")
    assert after.players[0].hand == ("green-1",)


@pytest.mark.rules("TB-7")
def test_a_passenger_must_come_from_the_hand() -> None:
    state = table(hands=[("red-3", "blue-5")])
    error = refused(state, 0, board("red-4"))
    assert error.code == ILLEGAL_MOVE
    assert error.details == {"rule": "card_in_hand"}


@pytest.mark.rules("TB-7")
def test_two_identical_passengers_need_two_copies_in_the_hand() -> None:
    state = table(hands=[("red-3", "blue-5")])
    error = refused(state, 0, board("red-3", "red-3"))
    assert error.details == {"rule": "card_in_hand"}


@pytest.mark.rules("TB-8")
def test_a_wrong_second_passenger_rejects_the_whole_move() -> None:
    state = table(hands=[("red-3", "blue-5")], terminals={"red": ["red-1", "red-2", "red-5"]})
    error = refused(state, 0, board("red-3", ("blue-5", "green")))
    assert error.details == {"rule": "passenger_terminal"}
    assert state.terminal(Colour.RED) == ("red-1", "red-2", "red-5")


@pytest.mark.rules("TB-10")
def test_a_third_passenger_at_a_terminal_is_no_scoring() -> None:
    state = table(hands=[("red-3", "blue-5")], terminals={"red": ["red-1", "red-2"]})
    after, events = play(state, 0, board("red-3"))
    assert kinds(events) == ["PassengerBoarded"]
    assert after.terminal(Colour.RED) == ("red-1", "red-2", "red-3")
    assert after.scorings == 0


@pytest.mark.rules("TB-10")
def test_the_fourth_passenger_at_a_terminal_triggers_a_scoring_at_once() -> None:
    state = table(hands=[("red-3", "blue-5")], terminals={"red": ["red-1", "conductor", "red-9"]})
    after, events = play(state, 0, board("red-3"))
    assert kinds(events) == ["PassengerBoarded", "FahrtScored"]
    assert of_type(events, ev.FahrtScored)[0].colour is Colour.RED
    assert after.scorings == 1


@pytest.mark.rules("TB-10")
def test_the_four_scored_passengers_go_to_the_discard_pile() -> None:
    state = table(
        hands=[("red-3", "blue-5")],
        terminals={"red": ["red-1", "conductor", "red-9"]},
        discard=["green-2"],
    )
    after, events = play(state, 0, board("red-3"))
    assert of_type(events, ev.FahrtScored)[0].discarded == ("red-1", "conductor", "red-9", "red-3")
    assert after.terminal(Colour.RED) == ()
    assert sorted(after.discard) == ["conductor", "green-2", "red-1", "red-3", "red-9"]


@pytest.mark.rules("TB-10")
def test_a_second_passenger_at_the_same_terminal_after_a_scoring_starts_a_fresh_row() -> None:
    state = table(
        hands=[("red-3", "red-8", "blue-5")], terminals={"red": ["red-1", "red-2", "red-5"]}
    )
    after, events = play(state, 0, board("red-3", "red-8"))
    assert kinds(events) == ["PassengerBoarded", "FahrtScored", "PassengerBoarded"]
    assert of_type(events, ev.FahrtScored)[0].discarded == ("red-1", "red-2", "red-5", "red-3")
    assert after.terminal(Colour.RED) == ("red-8",)


@pytest.mark.rules("TB-8")
def test_two_passengers_are_placed_in_the_listed_order() -> None:
    state = table(
        hands=[("red-3", "blue-5", "green-1")],
        terminals={"red": ["red-1", "red-2", "red-5"], "blue": ["blue-1", "blue-2", "blue-3"]},
    )
    _, blue_first = play(state, 0, board("blue-5", "red-3"))
    _, red_first = play(state, 0, board("red-3", "blue-5"))
    assert [(f.number, f.colour) for f in of_type(blue_first, ev.FahrtScored)] == [
        (1, Colour.BLUE),
        (2, Colour.RED),
    ]
    assert [(f.number, f.colour) for f in of_type(red_first, ev.FahrtScored)] == [
        (1, Colour.RED),
        (2, Colour.BLUE),
    ]


@pytest.mark.rules("TB-10")
def test_each_scoring_of_one_move_is_its_own_event_right_after_its_passenger() -> None:
    state = table(
        hands=[("red-3", "blue-5", "green-1")],
        terminals={"red": ["red-1", "red-2", "red-5"], "blue": ["blue-1", "blue-2", "blue-3"]},
    )
    after, events = play(state, 0, board("red-3", "blue-5"))
    assert kinds(events) == [
        "PassengerBoarded",
        "FahrtScored",
        "PassengerBoarded",
        "FahrtScored",
    ]
    assert after.scorings == 2
    assert after.players[0].fahrten == (0, 0)


@pytest.mark.rules("TB-6")
def test_passengers_cannot_be_placed_twice_in_one_turn() -> None:
    state = table(hands=[("red-3", "blue-5")], step="stations")
    error = refused(state, 0, board("red-3"))
    assert error.details == {"rule": "step_order"}
