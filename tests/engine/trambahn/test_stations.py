"""Step 2, stations (rules/trambahn.md 1A.4 step 2; Part A Q-T5, Q-T7)."""

from __future__ import annotations

import pytest

from boardstate.engine.core.errors import ILLEGAL_MOVE
from boardstate.engine.trambahn import events as ev
from boardstate.engine.trambahn.components import Colour
from tests.engine.trambahn.fixtures import build, line, play, play_all, refused, table


@pytest.mark.rules("TB-13")
@pytest.mark.parametrize("colour", ["blue", "red", "green", "yellow"])
def test_a_hand_card_of_any_colour_starts_a_new_line(colour: str) -> None:
    state = table(hands=[(f"{colour}-6", "blue-5")], step="stations")
    after, events = play(state, 0, build(f"{colour}-6"))
    assert events == [ev.StationBuilt(seat=0, card=f"{colour}-6", line=1, new_line=True)]
    assert after.players[0].lines == (line(colour, 6, id=1),)
    assert after.players[0].hand == ("blue-5",)


@pytest.mark.rules("TB-13")
def test_a_new_line_may_be_started_while_other_lines_exist() -> None:
    state = table(
        hands=[("green-9", "blue-5")],
        step="stations",
        lines=[[line("red", 2, tram="horse", id=1), line("blue", 3, tram="steam", id=4)]],
    )
    after, events = play(state, 0, build("green-9"))
    assert events == [ev.StationBuilt(seat=0, card="green-9", line=5, new_line=True)]
    assert [ln.id for ln in after.players[0].lines] == [1, 4, 5]


@pytest.mark.rules("TB-13")
def test_several_lines_of_one_colour_are_allowed() -> None:
    state = table(
        hands=[("red-2", "blue-5")], step="stations", lines=[[line("red", 1, 3, tram="horse")]]
    )
    after, _ = play(state, 0, build("red-2"))
    assert after.players[0].lines == (line("red", 1, 3, tram="horse"), line("red", 2, id=2))


@pytest.mark.rules("TB-14")
def test_a_card_goes_after_the_highest_card_of_its_line() -> None:
    state = table(
        hands=[("red-7", "blue-5")], step="stations", lines=[[line("red", 1, 3, tram="horse")]]
    )
    after, events = play(state, 0, build("red-7", 1))
    assert events == [ev.StationBuilt(seat=0, card="red-7", line=1, new_line=False)]
    assert after.players[0].lines == (line("red", 1, 3, 7, tram="horse"),)


@pytest.mark.rules("Q-T5")
@pytest.mark.parametrize("card", ["red-2", "red-3"])
def test_values_in_a_line_strictly_ascend(card: str) -> None:
    state = table(hands=[(card, "blue-5")], step="stations", lines=[[line("red", 1, 3)]])
    error = refused(state, 0, build(card, 1))
    assert error.code == ILLEGAL_MOVE
    assert error.details == {"rule": "ascending"}


@pytest.mark.rules("TB-14")
def test_values_may_skip_numbers() -> None:
    state = table(hands=[("red-9", "blue-5")], step="stations", lines=[[line("red", 1)]])
    after, _ = play(state, 0, build("red-9", 1))
    assert after.players[0].lines[0].values == (1, 9)


@pytest.mark.rules("TB-14")
def test_a_card_of_another_colour_cannot_join_a_line() -> None:
    state = table(hands=[("blue-7", "blue-5")], step="stations", lines=[[line("red", 1, 3)]])
    error = refused(state, 0, build("blue-7", 1))
    assert error.details == {"rule": "line_colour"}


@pytest.mark.rules("TB-15")
def test_a_line_holding_a_ten_is_closed() -> None:
    state = table(hands=[("red-9", "blue-5")], step="stations", lines=[[line("red", 4, 10)]])
    assert line("red", 4, 10).closed is True
    assert line("red", 4, 9).closed is False
    error = refused(state, 0, build("red-9", 1))
    assert error.details == {"rule": "line_closed"}


@pytest.mark.rules("TB-15")
def test_a_ten_may_close_a_line() -> None:
    state = table(hands=[("red-10", "blue-5")], step="stations", lines=[[line("red", 4)]])
    after, _ = play(state, 0, build("red-10", 1))
    assert after.players[0].lines[0].values == (4, 10)
    assert after.players[0].lines[0].closed is True


@pytest.mark.rules("TB-16")
@pytest.mark.parametrize("colour", ["blue", "red", "green", "yellow"])
def test_a_conductor_joins_a_non_closed_line_of_any_colour(colour: str) -> None:
    state = table(hands=[("conductor", "blue-5")], step="stations", lines=[[line(colour, 3, 5)]])
    after, events = play(state, 0, build("conductor", 1))
    assert events == [ev.StationBuilt(seat=0, card="conductor", line=1, new_line=False)]
    assert after.players[0].lines == (line(colour, 3, 5, conductors=1),)


@pytest.mark.rules("TB-16")
def test_a_conductor_sits_in_front_and_takes_no_part_in_the_value_order() -> None:
    state = table(
        hands=[("conductor", "conductor", "red-6")], step="stations", lines=[[line("red", 5)]]
    )
    after, _ = play_all(state, 0, build("conductor", 1), build("conductor", 1), build("red-6", 1))
    assert after.players[0].lines == (line("red", 5, 6, conductors=2),)
    assert after.players[0].lines[0].length == 4


@pytest.mark.rules("Q-T7")
def test_conductor_cannot_start_a_line() -> None:
    state = table(hands=[("conductor", "blue-5")], step="stations")
    error = refused(state, 0, build("conductor"))
    assert error.code == ILLEGAL_MOVE
    assert error.details == {"rule": "conductor_line"}


@pytest.mark.rules("TB-15")
def test_a_conductor_cannot_join_a_closed_line() -> None:
    state = table(hands=[("conductor", "blue-5")], step="stations", lines=[[line("red", 3, 10)]])
    error = refused(state, 0, build("conductor", 1))
    assert error.details == {"rule": "line_closed"}


@pytest.mark.rules("TB-13")
def test_stations_go_only_onto_your_own_lines() -> None:
    state = table(
        hands=[("red-7", "blue-5")],
        step="stations",
        lines=[[line("red", 1, id=1)], [line("red", 2, id=2)]],
    )
    error = refused(state, 0, build("red-7", 2))
    assert error.details == {"rule": "line_unknown"}


@pytest.mark.rules("TB-7")
def test_a_station_must_come_from_the_hand() -> None:
    state = table(hands=[("red-7", "blue-5")], step="stations")
    error = refused(state, 0, build("red-8"))
    assert error.details == {"rule": "card_in_hand"}


@pytest.mark.rules("TB-13")
def test_any_number_of_stations_may_be_built_in_one_turn() -> None:
    state = table(hands=[("red-1", "red-4", "blue-2", "red-9", "blue-3")], step="stations")
    after, events = play_all(
        state,
        0,
        build("red-1"),
        build("red-4", 1),
        build("blue-2"),
        build("red-9", 1),
        build("blue-3", 2),
    )
    assert len(events) == 5
    assert after.players[0].lines == (line("red", 1, 4, 9, id=1), line("blue", 2, 3, id=2))
    assert after.players[0].hand == ()


@pytest.mark.rules("TB-13")
def test_building_a_station_leaves_the_terminals_alone() -> None:
    state = table(hands=[("red-7", "blue-5")], step="stations", terminals={"red": ["red-1"]})
    after, _ = play(state, 0, build("red-7"))
    assert after.terminal(Colour.RED) == ("red-1",)
    assert after.scorings == 0
