"""The Arsenic module, option `arsenic: true` (rules/tinners_trail.md B §1.15; seed 002)."""

from __future__ import annotations

from typing import Any

import pytest

from boardstate.engine.core.errors import ILLEGAL_MOVE, NOT_YOUR_TURN
from boardstate.engine.tinners_trail import events as ev
from boardstate.engine.tinners_trail.components import COMPONENTS
from boardstate.engine.tinners_trail.state import Area, CalcinerOffer, Player, State
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

ARSENIC: dict[str, Any] = {"arsenic": True}
PASS = {"type": "pass"}
PROCESS_5 = {"type": "process_arsenic", "area": 5}
SELL = {"type": "sell_arsenic"}
ALONE = [player(passed=True), player(passed=True), player(passed=True)]
ALL_SEEDED = {i: area() for i in range(1, 20)}


def won_auction(options: dict[str, Any] | None = ARSENIC) -> State:
    """Seat 0 wins area 5 unopposed (the others have passed)."""
    state = table([player(), *ALONE], areas={5: area(1, 1, 1)}, options=options)
    state, _ = play_all(
        state, (0, {"type": "build_mine", "area": 5}), (0, {"type": "bid", "amount": 2})
    )
    return state


def calciner_table(
    me: Player | None = None, areas: dict[int, Area] | None = None, **kwargs: Any
) -> State:
    """Seat 0 owns a mine with a calciner in area 5 holding 2 arsenic; the others have passed."""
    board = {5: area(0, 0, 0, 2, mine=0, calciner=0), **(areas or {})}
    return table([me or player(), *ALONE], areas=board, options=ARSENIC, **kwargs)


# -- build calciner ------------------------------------------------------------------------------


@pytest.mark.rules("TT-33")
def test_without_the_module_there_is_no_calciner_and_no_arsenic_action() -> None:
    state = won_auction(options=None)
    assert state.calciner_offer is None
    assert refused(state, 0, {"type": "build_calciner"}).details == {"rule": "phase"}
    error = refused(calciner_table_without_module(), 0, PROCESS_5)
    assert error.code == ILLEGAL_MOVE
    assert error.details == {"rule": "arsenic_module"}
    assert refused(calciner_table_without_module(), 0, SELL).details == {"rule": "arsenic_module"}


def calciner_table_without_module() -> State:
    return table([player(arsenic=1), *ALONE], areas={5: area(0, 0, 0, 2, mine=0, calciner=0)})


@pytest.mark.rules("TT-34")
def test_the_winner_of_an_auction_may_build_its_calciner_at_that_moment() -> None:
    state = won_auction()
    assert state.calciner_offer == CalcinerOffer(seat=0, area=5)
    assert to_act(state) == {0}
    assert wire_legal(state, 0) == [{"type": "build_calciner"}, {"type": "skip_calciner"}]
    assert refused(state, 0, {"type": "sell_pasties"}).details == {"rule": "phase"}


@pytest.mark.rules("TT-34")
def test_the_calciner_choice_belongs_to_the_winner_not_the_opener() -> None:
    state = table([player(), player(), player(passed=True), player(passed=True)], options=ARSENIC)
    state, _ = play_all(
        state,
        (0, {"type": "build_mine", "area": 5}),
        (0, {"type": "bid", "amount": 1}),
        (1, {"type": "bid", "amount": 2}),
        (0, {"type": "pass_bid"}),
    )
    assert to_act(state) == {1}
    assert refused(state, 0, {"type": "build_calciner"}).code == NOT_YOUR_TURN


@pytest.mark.rules("TT-34")
def test_a_calciner_adds_one_arsenic_to_its_area_and_to_each_adjacent_area_for_free() -> None:
    state = won_auction()
    before = state
    state, events = play(state, 0, {"type": "build_calciner"})
    neighbours = COMPONENTS.area(5).neighbours
    expected = tuple(sorted([(5, 1), *((n, 1) for n in neighbours)]))
    assert events == [ev.CalcinerBuilt(seat=0, area=5, arsenic=expected)]
    assert [state.area(a).arsenic for a in (5, *neighbours)] == [1] * (1 + len(neighbours))
    assert state.area(5).calciner == 0
    assert state.players[0].calciner == 5
    assert state.players[0].money == before.players[0].money
    assert state.players[0].column == before.players[0].column


@pytest.mark.rules("TT-34")
def test_the_calciner_is_built_only_once_per_game() -> None:
    state = table(
        [player(), *ALONE],
        areas={5: area(1, 1, 1), 9: area(mine=0, calciner=0)},
        options=ARSENIC,
    )
    state, events = play_all(
        state, (0, {"type": "build_mine", "area": 5}), (0, {"type": "bid", "amount": 2})
    )
    assert state.calciner_offer is None
    assert "AuctionWon" in kinds(events)


@pytest.mark.rules("TT-34")
def test_a_winner_who_skipped_the_calciner_may_build_it_with_a_later_mine() -> None:
    state, _ = play(won_auction(), 0, {"type": "skip_calciner"})
    assert state.players[0].calciner is None
    state, _ = play_all(
        state, (0, {"type": "build_mine", "area": 6}), (0, {"type": "bid", "amount": 2})
    )
    assert state.calciner_offer == CalcinerOffer(seat=0, area=6)


# -- process arsenic -----------------------------------------------------------------------------


@pytest.mark.rules("TT-35")
def test_processing_and_selling_need_your_calciner() -> None:
    state = table([player(arsenic=1), *ALONE], areas={5: area(0, 0, 0, 2, mine=0)}, options=ARSENIC)
    assert refused(state, 0, PROCESS_5).details == {"rule": "calciner_needed"}
    assert refused(state, 0, SELL).details == {"rule": "calciner_needed"}


@pytest.mark.rules("TT-35")
def test_processing_takes_one_arsenic_cube_from_your_mine_and_costs_no_money_or_time() -> None:
    state, events = play(calciner_table(), 0, PROCESS_5)
    assert events == [ev.ArsenicProcessed(seat=0, area=5, limiter=10)]
    assert state.area(5).arsenic == 1
    assert state.players[0].arsenic == 1
    assert (state.players[0].money, state.players[0].column) == (15, 0)


@pytest.mark.rules("TT-35")
def test_the_first_process_puts_the_limiter_above_column_ten_so_the_final_column_is_nine() -> None:
    state, _ = play(calciner_table(), 0, PROCESS_5)
    assert state.players[0].limiter == 10
    assert state.players[0].final_column == 9


@pytest.mark.rules("TT-35")
def test_each_later_process_moves_the_limiter_one_column_left() -> None:
    state, _ = play_all(calciner_table(), (0, PROCESS_5), (0, PROCESS_5))
    assert state.players[0].limiter == 9
    assert state.players[0].final_column == 8


@pytest.mark.rules("TT-35")
def test_the_first_process_is_illegal_with_the_marker_in_column_ten() -> None:
    state = calciner_table(player(column=10))
    assert refused(state, 0, PROCESS_5).details == {"rule": "limiter"}


@pytest.mark.rules("TT-35")
def test_a_process_is_illegal_if_the_limiter_would_reach_the_markers_column() -> None:
    state = calciner_table(player(column=7, limiter=8))
    assert refused(state, 0, PROCESS_5).details == {"rule": "limiter"}
    assert not [m for m in wire_legal(state, 0) if m["type"] == "process_arsenic"]
    state = calciner_table(player(column=6, limiter=8))
    after, _ = play(state, 0, PROCESS_5)
    assert after.players[0].limiter == 7


@pytest.mark.rules("TT-35")
def test_arsenic_is_processed_only_from_your_own_mines_holding_arsenic() -> None:
    state = calciner_table(areas={6: area(0, 0, 0, 3, mine=1), 9: area(mine=0)})
    assert refused(state, 0, {"type": "process_arsenic", "area": 6}).details == {"rule": "own_mine"}
    assert refused(state, 0, {"type": "process_arsenic", "area": 9}).details == {
        "rule": "arsenic_in_mine"
    }
    processes = [m for m in wire_legal(state, 0) if m["type"] == "process_arsenic"]
    assert processes == [PROCESS_5]


@pytest.mark.rules("TT-35")
def test_simon_processes_a_second_time_has_eight_work_points_and_must_pass() -> None:
    # Rulebook example: Simon processed once before (limiter above column 10) and his marker
    # is in column 8. He processes again: the limiter moves to column 9, he has at most 8
    # work points, and since his marker did not move it is his turn again, but he must pass.
    state = calciner_table(player(column=8, limiter=10, arsenic=1))
    state, events = play(state, 0, PROCESS_5)
    assert events == [ev.ArsenicProcessed(seat=0, area=5, limiter=9)]
    assert state.players[0].final_column == 8
    assert to_act(state) == {0}
    assert wire_legal(state, 0) == [PASS]
    assert refused(state, 0, {"type": "sell_pasties"}).details == {"rule": "must_pass"}


@pytest.mark.rules("TT-35")
def test_the_limiter_holds_for_the_rest_of_the_game() -> None:
    state = table(
        [player(0, column=3, limiter=6), player(0, passed=True)],
        areas={**ALL_SEEDED, 5: area(mine=0, calciner=0)},
        options=ARSENIC,
    )
    state, _ = play(state, 0, PASS)
    assert state.round == 2
    assert state.players[0].limiter == 6
    assert state.players[0].final_column == 5


@pytest.mark.rules("TT-35")
def test_the_final_column_also_limits_who_may_bid() -> None:
    state = table(
        [player(), player(column=5, limiter=7), player(passed=True), player(passed=True)],
        areas={9: area(mine=1, calciner=1)},
        options=ARSENIC,
    )
    state, events = play_all(
        state, (0, {"type": "build_mine", "area": 5}), (0, {"type": "bid", "amount": 1})
    )
    assert "AuctionWon" in kinds(events)  # seat 1 cannot move +2 beyond column 6


# -- sell arsenic ---------------------------------------------------------------------------------


@pytest.mark.rules("TT-36")
def test_selling_arsenic_sells_every_cube_held_for_one_time_point() -> None:
    state = calciner_table(player(arsenic=3))
    state, events = play(state, 0, SELL)
    assert events[0] == ev.ArsenicSold(seat=0, spaces=(0, 1, 2), income=20 + 18 + 16)
    assert of_type(events, ev.TimeSpent) == [ev.TimeSpent(0, 1, 1, 0)]
    assert state.players[0].arsenic == 0
    assert state.players[0].money == 15 + 54


@pytest.mark.rules("TT-36")
def test_katie_sells_two_cubes_in_round_two_for_26_and_must_pass() -> None:
    # Rulebook example: round 2, so the top section is no longer available; two cubes fill the
    # two best open spaces for £26; the work point takes her marker to her final column.
    state = calciner_table(player(arsenic=2, column=8, limiter=10), round=2)
    state, events = play(state, 0, SELL)
    assert events[0] == ev.ArsenicSold(seat=0, spaces=(3, 4), income=26)
    assert state.players[0].money == 15 + 26
    assert state.players[0].column == state.players[0].final_column == 9
    assert wire_legal(state, 0) == [PASS]


@pytest.mark.rules("TT-36")
def test_each_cube_takes_the_highest_valued_empty_space() -> None:
    market = [1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    state = calciner_table(player(arsenic=2), market=market)
    _, events = play(state, 0, SELL)
    assert events[0] == ev.ArsenicSold(seat=0, spaces=(1, 3), income=18 + 14)


@pytest.mark.rules("TT-36")
def test_the_highest_open_section_closes_after_each_round() -> None:
    state = calciner_table(player(arsenic=1), round=3)
    _, events = play(state, 0, SELL)
    assert events[0] == ev.ArsenicSold(seat=0, spaces=(6,), income=10)


@pytest.mark.rules("TT-36")
def test_a_full_section_is_continued_in_the_next_one() -> None:
    state = calciner_table(player(arsenic=5))
    _, events = play(state, 0, SELL)
    assert events[0] == ev.ArsenicSold(seat=0, spaces=(0, 1, 2, 3, 4), income=20 + 18 + 16 + 26)


@pytest.mark.rules("TT-36")
def test_the_final_six_pound_space_takes_any_number_of_cubes() -> None:
    state = calciner_table(player(arsenic=4), round=4)
    state, events = play(state, 0, SELL)
    assert events[0] == ev.ArsenicSold(seat=0, spaces=(9, 10, 10, 10), income=7 + 3 * 6)
    assert state.market[-1] == 3
    again = calciner_table(player(arsenic=2), round=4, market=state.market)
    _, events = play(again, 0, SELL)
    assert events[0] == ev.ArsenicSold(seat=0, spaces=(10, 10), income=12)


@pytest.mark.rules("TT-36")
def test_selling_without_arsenic_is_illegal() -> None:
    state = calciner_table(player(arsenic=0))
    assert refused(state, 0, SELL).details == {"rule": "arsenic_to_sell"}
    assert SELL not in wire_legal(state, 0)


@pytest.mark.rules("TT-36")
def test_selling_arsenic_needs_a_time_point() -> None:
    state = calciner_table(player(arsenic=1, column=10))
    assert refused(state, 0, SELL).details == {"rule": "must_pass"}


@pytest.mark.rules("TT-36")
def test_arsenic_is_not_sold_with_the_ore_and_is_kept_for_later_rounds() -> None:
    state = table(
        [player(0, arsenic=2, tin=1, column=3), player(0, passed=True)],
        areas={**ALL_SEEDED, 5: area(mine=0, calciner=0)},
        options=ARSENIC,
    )
    state, events = play(state, 0, PASS)
    tin_price = COMPONENTS.prices["tin"][4]  # the table's tin row
    assert of_type(events, ev.OreSold) == [ev.OreSold(0, 1, 0, tin_price)]
    assert state.players[0].arsenic == 2
