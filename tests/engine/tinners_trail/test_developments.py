"""Developments and the other actions (rules/tinners_trail.md B §1.9 A3–A8; Part A Q9, Q10)."""

from __future__ import annotations

from typing import Any

import pytest

from boardstate.engine.core.errors import ILLEGAL_MOVE, MALFORMED_MOVE, NOT_YOUR_TURN
from boardstate.engine.tinners_trail import events as ev
from boardstate.engine.tinners_trail.board import capacity
from boardstate.engine.tinners_trail.components import COMPONENTS
from boardstate.engine.tinners_trail.state import Display, Pumping, State
from tests.engine.tinners_trail.fixtures import (
    area,
    kinds,
    of_type,
    play,
    play_all,
    player,
    refused,
    table,
    to_act,
    wire_legal,
)

ALONE = [player(passed=True), player(passed=True), player(passed=True)]
"""Three passed seats, so seat 0 keeps acting."""


def solo(**kwargs: Any) -> State:
    return table([player(), *ALONE], **kwargs)


def cost_of(events: list[ev.Event]) -> int:
    return sum(e.steps for e in of_type(events, ev.TimeSpent))


# -- ports (A3) --------------------------------------------------------------------------------


@pytest.mark.rules("TT-21")
def test_a_port_goes_into_a_coastal_area_for_two_time_points() -> None:
    state = table(areas={1: area(1, 1, 1, mine=2)})
    after, events = play(state, 0, {"type": "build_port", "area": 1})
    assert events[0] == ev.PortBuilt(seat=0, area=1)
    assert cost_of(events) == 2
    assert after.area(1).port
    assert after.display.ports == state.display.ports - 1


@pytest.mark.rules("TT-21")
def test_a_port_adds_one_to_the_capacity_of_the_area_even_of_another_players_mine() -> None:
    state = table(areas={1: area(0, 4, 0, mine=2)})
    after, _ = play(state, 0, {"type": "build_port", "area": 1})
    assert refused(state, 0, {"type": "build_port", "area": 5}).details == {"rule": "coastal"}
    assert capacity(after.area(1)) == 3


@pytest.mark.rules("TT-21")
def test_a_port_cannot_go_into_an_inland_area() -> None:
    error = refused(table(), 0, {"type": "build_port", "area": 5})
    assert error.code == ILLEGAL_MOVE
    assert error.details == {"rule": "coastal"}


@pytest.mark.rules("TT-21")
def test_an_area_has_at_most_one_port() -> None:
    state = table(areas={1: area(port=True)})
    assert refused(state, 0, {"type": "build_port", "area": 1}).details == {"rule": "one_port"}
    assert {"type": "build_port", "area": 1} not in wire_legal(state, 0)


@pytest.mark.rules("TT-21")
def test_ports_are_listed_for_every_coastal_area_without_a_port() -> None:
    ports = [m["area"] for m in wire_legal(table(), 0) if m["type"] == "build_port"]
    assert ports == [a.id for a in COMPONENTS.areas if a.coastal]


# -- miners (A4) -------------------------------------------------------------------------------


@pytest.mark.rules("TT-22")
def test_a_miner_goes_into_any_area_for_one_time_point() -> None:
    after, events = play(table(), 0, {"type": "hire_miner", "area": 14})
    assert events[0] == ev.MinerHired(seat=0, area=14)
    assert cost_of(events) == 1
    assert after.area(14).miners == 1


@pytest.mark.rules("TT-22")
def test_an_area_may_hold_several_miners() -> None:
    state = solo(areas={5: area(miners=2)})
    after, _ = play(state, 0, {"type": "hire_miner", "area": 5})
    assert after.area(5).miners == 3


# -- adits (A5) --------------------------------------------------------------------------------


@pytest.mark.rules("TT-23")
def test_an_adit_on_a_border_removes_one_water_from_each_side_for_three_time_points() -> None:
    state = table(areas={2: area(2), 5: area(3)})
    after, events = play(state, 0, {"type": "build_adit", "areas": [2, 5]})
    assert events[0] == ev.AditBuilt(0, (2, 5), ((2, 1), (5, 1)))
    assert cost_of(events) == 3
    assert (after.area(2).water, after.area(5).water) == (1, 2)
    assert after.adits == ((2, 5),)


@pytest.mark.rules("TT-23")
def test_an_adit_removes_water_only_where_there_is_some() -> None:
    state = table(areas={2: area(0), 5: area(1)})
    after, events = play(state, 0, {"type": "build_adit", "areas": [2, 5]})
    assert events[0] == ev.AditBuilt(0, (2, 5), ((5, 1),))
    assert (after.area(2).water, after.area(5).water) == (0, 0)


@pytest.mark.rules("TT-23")
def test_an_adit_sits_only_on_a_border_between_adjacent_areas() -> None:
    assert refused(table(), 0, {"type": "build_adit", "areas": [1, 19]}).details == {
        "rule": "adit_border"
    }


@pytest.mark.rules("TT-23")
def test_a_border_holds_at_most_one_adit_but_an_area_may_have_several() -> None:
    state = solo(adits=[(2, 5)], display=Display(adits=1))
    assert refused(state, 0, {"type": "build_adit", "areas": [2, 5]}).details == {
        "rule": "one_adit"
    }
    after, _ = play(state, 0, {"type": "build_adit", "areas": [3, 5]})
    assert after.adits == ((2, 5), (3, 5))


@pytest.mark.rules("TT-23")
def test_an_adit_border_is_written_with_the_lower_area_first() -> None:
    error = refused(table(), 0, {"type": "build_adit", "areas": [5, 2]})
    assert error.code == MALFORMED_MOVE


# -- railways (A6) -----------------------------------------------------------------------------


@pytest.mark.rules("TT-24")
def test_a_railway_removes_two_water_there_and_one_in_each_neighbour() -> None:
    state = table(areas={5: area(3), 2: area(1), 3: area(0), 4: area(2), 6: area(5)})
    after, events = play(state, 0, {"type": "build_railway", "area": 5})
    assert events[0] == ev.RailwayBuilt(0, 5, ((2, 1), (4, 1), (5, 2), (6, 1)))
    assert cost_of(events) == 2
    assert [after.area(a).water for a in (5, 2, 3, 4, 6)] == [1, 0, 0, 1, 4]
    assert after.area(5).railway


@pytest.mark.rules("TT-24")
def test_a_railway_adds_one_to_the_capacity_of_its_area() -> None:
    after, _ = play(
        table(areas={5: area(0, 3, 3, mine=1)}), 0, {"type": "build_railway", "area": 5}
    )
    assert capacity(after.area(5)) == 3


@pytest.mark.rules("TT-24")
def test_an_area_has_at_most_one_railway() -> None:
    state = table(areas={5: area(railway=True)})
    assert refused(state, 0, {"type": "build_railway", "area": 5}).details == {
        "rule": "one_railway"
    }


# -- developments come from the display --------------------------------------------------------


@pytest.mark.parametrize(
    "move",
    [
        {"type": "build_port", "area": 1},
        {"type": "hire_miner", "area": 1},
        {"type": "build_adit", "areas": [1, 2]},
        {"type": "build_railway", "area": 1},
    ],
)
@pytest.mark.rules("TT-20")
def test_a_development_can_only_be_taken_from_the_display(move: dict[str, object]) -> None:
    state = table(display=Display(pumps=(3,)))
    assert refused(state, 0, move).details == {"rule": "display"}
    assert {m["type"] for m in wire_legal(state, 0)} == {
        "build_mine",
        "improve_steam_pumps",
        "sell_pasties",
        "pass",
    }


# -- steam pumps (A7, Q9) ----------------------------------------------------------------------


@pytest.mark.rules("TT-25")
def test_improving_steam_pumps_takes_a_stack_for_one_time_point() -> None:
    state = solo(areas={5: area(3)})
    after, events = play(state, 0, {"type": "improve_steam_pumps", "stack": 2})
    assert events[0] == ev.SteamPumpsTaken(seat=0, space=1, tokens=2)
    assert cost_of(events) == 1
    assert after.display.pumps == (3, 0, 2, 1)
    assert after.pumping == Pumping(seat=0, tokens=2)


@pytest.mark.rules("TT-25")
def test_a_stack_is_named_by_its_size_and_must_be_on_the_display() -> None:
    state = solo(areas={5: area(3)}, display=Display(pumps=(3, 0, 0, 0)))
    assert refused(state, 0, {"type": "improve_steam_pumps", "stack": 2}).details == {
        "rule": "pump_stack"
    }
    pumps = [m for m in wire_legal(table(), 0) if m["type"] == "improve_steam_pumps"]
    assert pumps == [{"type": "improve_steam_pumps", "stack": n} for n in (1, 2, 3)]


@pytest.mark.rules("TT-25")
def test_each_pump_token_removes_one_water_cube_from_any_area_at_once() -> None:
    state = solo(areas={5: area(2), 14: area(1)})
    state, events = play_all(
        state,
        (0, {"type": "improve_steam_pumps", "stack": 3}),
        (0, {"type": "pump_water", "area": 5}),
        (0, {"type": "pump_water", "area": 14}),
        (0, {"type": "pump_water", "area": 5}),
    )
    assert of_type(events, ev.PumpingEnded) == [ev.PumpingEnded(0, ((5, 2), (14, 1)), unused=0)]
    assert (state.area(5).water, state.area(14).water) == (0, 0)
    assert state.pumping is None


@pytest.mark.rules("TT-25")
def test_while_pumping_only_the_pumping_seat_acts_and_only_on_the_pumps() -> None:
    state = table(areas={5: area(2)})
    state, _ = play(state, 0, {"type": "improve_steam_pumps", "stack": 2})
    assert to_act(state) == {0}
    assert wire_legal(state, 0) == [{"type": "pump_water", "area": 5}, {"type": "stop_pumping"}]
    assert refused(state, 0, {"type": "sell_pasties"}).details == {"rule": "phase"}
    assert refused(state, 1, {"type": "stop_pumping"}).code == NOT_YOUR_TURN


@pytest.mark.rules("TT-25")
def test_unused_pump_tokens_are_lost() -> None:
    state = solo(areas={5: area(2)})
    state, events = play_all(
        state,
        (0, {"type": "improve_steam_pumps", "stack": 3}),
        (0, {"type": "pump_water", "area": 5}),
        (0, {"type": "stop_pumping"}),
    )
    assert of_type(events, ev.PumpingEnded) == [ev.PumpingEnded(0, ((5, 1),), unused=2)]
    assert state.display.pumps == (0, 2, 2, 1)


@pytest.mark.rules("TT-25")
def test_pumping_ends_when_no_water_is_left_on_the_board() -> None:
    state = solo(areas={5: area(1)})
    state, events = play_all(
        state,
        (0, {"type": "improve_steam_pumps", "stack": 3}),
        (0, {"type": "pump_water", "area": 5}),
    )
    assert of_type(events, ev.PumpingEnded) == [ev.PumpingEnded(0, ((5, 1),), unused=2)]
    dry = solo()
    _, events = play(dry, 0, {"type": "improve_steam_pumps", "stack": 1})
    assert kinds(events) == ["SteamPumpsTaken", "TimeSpent", "PumpingEnded"]


@pytest.mark.rules("TT-25")
def test_a_pump_token_needs_water_in_the_area() -> None:
    state, _ = play(solo(areas={5: area(1)}), 0, {"type": "improve_steam_pumps", "stack": 2})
    assert refused(state, 0, {"type": "pump_water", "area": 6}).details == {"rule": "pump_water"}


# -- pasties (A8) -------------------------------------------------------------------------------


@pytest.mark.rules("TT-26")
def test_selling_pasties_earns_one_pound_for_one_time_point() -> None:
    after, events = play(table(), 0, {"type": "sell_pasties"})
    assert events == [ev.PastiesSold(seat=0, income=1), ev.TimeSpent(0, 1, 1, 0)]
    assert after.players[0].money == 16
