"""Mine ore (rules/tinners_trail.md B §1.9 A2 and capacity; Part A A.5)."""

from __future__ import annotations

import pytest

from boardstate.engine.core.errors import ILLEGAL_MOVE
from boardstate.engine.tinners_trail import events as ev
from boardstate.engine.tinners_trail.board import capacity
from boardstate.engine.tinners_trail.state import Area
from tests.engine.tinners_trail.fixtures import (
    area,
    of_type,
    play,
    player,
    refused,
    table,
    wire_legal,
)


def mine(area_id: int, tin: int, copper: int) -> dict[str, object]:
    return {"type": "mine_ore", "area": area_id, "tin": tin, "copper": copper}


@pytest.mark.rules("TT-18")
def test_a_mine_takes_two_cubes_without_improvements() -> None:
    assert capacity(area()) == 2


@pytest.mark.parametrize(
    ("improved", "expected"),
    [
        (area(railway=True), 3),
        (area(port=True), 3),
        (area(miners=1), 3),
        (area(miners=3), 5),
        (area(railway=True, port=True, miners=2), 6),
    ],
)
@pytest.mark.rules("TT-18")
def test_capacity_grows_by_one_for_a_railway_a_port_and_each_miner(
    improved: Area, expected: int
) -> None:
    assert capacity(improved) == expected


@pytest.mark.rules("TT-18")
def test_a_mine_may_take_tin_and_copper_in_any_mix_up_to_its_capacity() -> None:
    state = table(areas={5: area(0, 4, 4, mine=0, miners=1)})
    after, events = play(state, 0, mine(5, 2, 1))
    assert of_type(events, ev.OreMined) == [ev.OreMined(0, 5, 2, 1, cost=0, water_added=1)]
    assert (after.players[0].tin, after.players[0].copper) == (2, 1)
    assert (after.area(5).tin, after.area(5).copper) == (2, 3)


@pytest.mark.rules("TT-18")
def test_mining_more_than_the_capacity_is_illegal() -> None:
    state = table(areas={5: area(0, 4, 4, mine=0, port=True)})
    error = refused(state, 0, mine(5, 2, 2))
    assert error.code == ILLEGAL_MOVE
    assert error.details == {"rule": "capacity"}


@pytest.mark.rules("TT-19")
def test_each_cube_costs_the_water_in_the_area_before_water_is_added() -> None:
    state = table(areas={5: area(2, 3, 3, mine=0)})
    after, events = play(state, 0, mine(5, 1, 1))
    assert of_type(events, ev.OreMined)[0].cost == 4
    assert after.players[0].money == 11


@pytest.mark.rules("TT-19")
def test_one_water_cube_is_added_after_mining_however_many_cubes_were_taken() -> None:
    state = table(areas={5: area(2, 3, 3, mine=0)})
    after, _ = play(state, 0, mine(5, 1, 1))
    assert after.area(5).water == 3
    after, _ = play(table(areas={5: area(2, 3, 3, mine=0)}), 0, mine(5, 1, 0))
    assert after.area(5).water == 3


@pytest.mark.rules("TT-19")
def test_without_water_mining_is_free() -> None:
    state = table([player(0), player(), player(), player()], areas={5: area(0, 2, 0, mine=0)})
    after, events = play(state, 0, mine(5, 2, 0))
    assert of_type(events, ev.OreMined)[0].cost == 0
    assert after.players[0].money == 0
    assert after.area(5).water == 1


@pytest.mark.rules("TT-18")
def test_mining_takes_at_least_one_cube() -> None:
    state = table(areas={5: area(0, 2, 2, mine=0)})
    assert refused(state, 0, mine(5, 0, 0)).details == {"rule": "at_least_one_cube"}


@pytest.mark.rules("TT-18")
def test_ore_is_taken_only_from_your_own_mine() -> None:
    state = table(areas={5: area(0, 2, 2, mine=1), 6: area(0, 2, 2)})
    assert refused(state, 0, mine(5, 1, 0)).details == {"rule": "own_mine"}
    assert refused(state, 0, mine(6, 1, 0)).details == {"rule": "own_mine"}


@pytest.mark.rules("TT-18")
def test_only_the_ore_in_the_area_can_be_taken() -> None:
    state = table(areas={5: area(0, 1, 0, mine=0, miners=2)})
    assert refused(state, 0, mine(5, 2, 0)).details == {"rule": "ore_in_area"}
    assert refused(state, 0, mine(5, 0, 1)).details == {"rule": "ore_in_area"}


@pytest.mark.rules("TT-19")
def test_mining_you_cannot_pay_for_is_illegal() -> None:
    state = table([player(5), player(), player(), player()], areas={5: area(3, 2, 2, mine=0)})
    assert refused(state, 0, mine(5, 1, 1)).details == {"rule": "mining_money"}
    after, _ = play(state, 0, mine(5, 1, 0))
    assert after.players[0].money == 2


@pytest.mark.rules("TT-19")
def test_mining_costs_one_time_point() -> None:
    state = table(areas={5: area(0, 2, 2, mine=0)})
    _, events = play(state, 0, mine(5, 1, 0))
    assert of_type(events, ev.TimeSpent) == [ev.TimeSpent(0, 1, 1, 0)]


@pytest.mark.rules("TT-18")
def test_legal_moves_list_every_affordable_split_of_every_own_mine() -> None:
    state = table(
        [player(4), player(), player(), player()],
        areas={5: area(2, 2, 1, mine=0), 6: area(0, 1, 0, mine=0), 7: area(0, 3, 3, mine=1)},
    )
    mining = [m for m in wire_legal(state, 0) if m["type"] == "mine_ore"]
    assert mining == [mine(5, 0, 1), mine(5, 1, 0), mine(5, 1, 1), mine(5, 2, 0), mine(6, 1, 0)]


@pytest.mark.rules("TT-18")
def test_mined_ore_is_kept_until_the_end_of_the_round() -> None:
    others = [player(passed=True), player(passed=True), player(passed=True)]
    state = table([player(), *others], areas={5: area(0, 4, 4, mine=0)})
    after, _ = play(state, 0, mine(5, 2, 0))
    after, _ = play(after, 0, mine(5, 0, 2))
    assert (after.players[0].tin, after.players[0].copper) == (2, 2)
    assert after.area(5).water == 2
