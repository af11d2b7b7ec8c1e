"""Phase 1, ore prices, and phase 2, the developments display (rules/tinners_trail.md B §1.6,
§1.7; Part A Q7, A.4)."""

from __future__ import annotations

import pytest

from boardstate.engine.core.replay import Emitter
from boardstate.engine.tinners_trail import RULES
from boardstate.engine.tinners_trail import events as ev
from boardstate.engine.tinners_trail.components import COMPONENTS
from boardstate.engine.tinners_trail.rounds import refresh_display, set_price, start_round
from boardstate.engine.tinners_trail.state import Display, State
from tests.engine.tinners_trail.fixtures import Dice, kinds, table

TOP = COMPONENTS.top_row


def price(state: State, metal: str, *faces: int) -> ev.PriceSet:
    out = Emitter(RULES, state)
    set_price(out, Dice(*faces), metal)
    (event,) = out.events
    assert isinstance(event, ev.PriceSet)
    return event


@pytest.mark.rules("TT-7")
def test_a_price_is_the_row_of_the_total_of_all_three_dice() -> None:
    event = price(table(round=2, rows=(4, 4)), "tin", 1, 2, 1)
    assert event == ev.PriceSet("tin", (1, 2, 1), 0, 4, COMPONENTS.prices["tin"][4])


@pytest.mark.rules("TT-8")
def test_round_one_adds_one_to_the_total() -> None:
    assert price(table(round=1, rows=(None, None)), "tin", 1, 2, 1).row == 5


@pytest.mark.rules("TT-8")
def test_round_four_takes_one_from_the_total() -> None:
    assert price(table(round=4, rows=(4, 4)), "copper", 1, 2, 1).row == 3


@pytest.mark.rules("TT-8")
def test_after_a_marker_in_the_top_row_one_is_taken_from_the_total() -> None:
    assert price(table(round=2, rows=(TOP, 4)), "tin", 1, 2, 1).row == 3
    assert price(table(round=2, rows=(TOP, 4)), "copper", 1, 2, 1).row == 4


@pytest.mark.rules("TT-8")
def test_after_a_marker_in_the_bottom_row_one_is_added_to_the_total() -> None:
    assert price(table(round=3, rows=(4, 0)), "copper", 1, 2, 1).row == 5


@pytest.mark.rules("TT-8")
def test_the_adjustments_stack() -> None:
    event = price(table(round=4, rows=(TOP, 4)), "tin", 1, 2, 1)
    assert (event.adjustment, event.row) == (-2, 2)


@pytest.mark.rules("TT-8")
def test_with_round_replaces_edge_a_round_adjustment_stands_alone() -> None:
    options = {"price_adjustments": "round_replaces_edge"}
    assert price(table(round=4, rows=(TOP, 4), options=options), "tin", 1, 2, 1).row == 3
    assert price(table(round=3, rows=(TOP, 4), options=options), "tin", 1, 2, 1).row == 3


@pytest.mark.rules("TT-8")
def test_the_adjusted_total_is_clamped_to_the_table() -> None:
    assert price(table(round=1, rows=(None, None)), "tin", 3, 3, 3).row == TOP
    assert price(table(round=4, rows=(4, 4)), "tin", 0, 0, 0).row == 0


@pytest.mark.rules("TT-7")
@pytest.mark.parametrize("row", range(TOP + 1))
def test_each_row_gives_the_price_of_the_metals_table(row: int) -> None:
    state = table(rows=(row, row))
    assert state.price("tin") == COMPONENTS.prices["tin"][row]
    assert state.price("copper") == COMPONENTS.prices["copper"][row]


@pytest.mark.rules("TT-7")
def test_tin_is_priced_before_copper_then_the_display_is_refreshed() -> None:
    out = Emitter(RULES, table(round=1, rows=(4, 4)))
    start_round(out, Dice(1, 1, 1, 2, 2, 2), 2, (1, 0, 2, 3))
    assert kinds(out.events) == ["RoundStarted", "PriceSet", "PriceSet", "DisplayRefreshed"]
    tin, copper = out.events[1], out.events[2]
    assert isinstance(tin, ev.PriceSet)
    assert isinstance(copper, ev.PriceSet)
    assert (tin.metal, tin.row, copper.metal, copper.row) == ("tin", 3, "copper", 6)
    assert (out.state.tin_row, out.state.copper_row) == (3, 6)


@pytest.mark.rules("TT-9")
def test_leftover_developments_are_removed_before_the_round_schedule_is_placed() -> None:
    leftovers = Display(ports=1, miners=0, adits=1, railways=0, pumps=())
    out = Emitter(RULES, table(round=2, display=leftovers))
    refresh_display(out)
    (event,) = out.events
    assert isinstance(event, ev.DisplayRefreshed)
    assert event.removed == leftovers
    plan = COMPONENTS.schedule[1]
    assert (event.placed.ports, event.placed.miners) == (plan.ports, plan.miners)
    assert out.state.display == event.placed


@pytest.mark.rules("TT-9")
@pytest.mark.parametrize("round_number", range(1, COMPONENTS.rounds + 1))
def test_each_round_places_its_schedule_and_fills_pump_spaces_left_to_right(
    round_number: int,
) -> None:
    out = Emitter(RULES, table(round=round_number, display=Display()))
    refresh_display(out)
    plan = COMPONENTS.schedule[round_number - 1]
    stacks = COMPONENTS.pump_stacks
    expected = Display(
        plan.ports,
        plan.miners,
        plan.adits,
        plan.railways,
        tuple(stacks[i] if i < round_number else 0 for i in range(len(stacks))),
    )
    assert out.state.display == expected
    assert plan.pump_spaces == round_number
