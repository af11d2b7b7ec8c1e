"""The time track and turn order (rules/tinners_trail.md B §1.8, Part A Q3)."""

from __future__ import annotations

import pytest

from boardstate.engine.core.errors import NOT_YOUR_TURN
from boardstate.engine.tinners_trail import events as ev
from boardstate.engine.tinners_trail.state import Phase
from tests.engine.tinners_trail.fixtures import (
    area,
    of_type,
    play,
    play_all,
    player,
    refused,
    table,
    to_act,
    wire_legal,
)

PASTIES = {"type": "sell_pasties"}
PASS = {"type": "pass"}
ALL_SEEDED = {i: area() for i in range(1, 20)}


@pytest.mark.rules("TT-10")
def test_players_still_on_the_order_of_play_act_first_the_highest_first() -> None:
    assert to_act(table(order=(2, 0, 3, 1))) == {2}
    state = table([player(), player(), player(column=1), player()], order=(2, 0, 3, 1))
    assert to_act(state) == {0}


@pytest.mark.rules("TT-10")
def test_a_token_on_the_order_of_play_acts_before_tokens_on_the_track() -> None:
    state = table([player(column=1), player(column=1, row=1), player(column=3), player()])
    assert to_act(state) == {3}


@pytest.mark.rules("TT-10")
def test_otherwise_the_token_in_the_leftmost_column_acts() -> None:
    state = table([player(column=3), player(column=1), player(column=5), player(column=2)])
    assert to_act(state) == {1}


@pytest.mark.rules("TT-10")
def test_in_a_shared_column_the_token_in_the_higher_row_acts_first() -> None:
    state = table(
        [
            player(column=2, row=1),
            player(column=2, row=0),
            player(column=4),
            player(column=4, row=1),
        ]
    )
    assert to_act(state) == {1}


@pytest.mark.rules("TT-11")
def test_a_token_entering_a_column_takes_the_topmost_free_row() -> None:
    state = table([player(column=1), player(column=2), player(passed=True), player(passed=True)])
    state, events = play(state, 0, PASTIES)
    assert of_type(events, ev.TimeSpent) == [ev.TimeSpent(seat=0, steps=1, column=2, row=1)]
    assert to_act(state) == {1}  # it got to column 2 first


@pytest.mark.rules("TT-11")
def test_a_row_left_free_by_an_auction_winner_is_taken_by_the_next_arrival() -> None:
    state = table(
        [player(column=1), player(column=3, row=0), player(column=3, row=1), player(passed=True)],
        areas={5: area(1, 1, 1)},
    )
    state, _ = play_all(
        state,
        (0, {"type": "build_mine", "area": 5}),
        (0, {"type": "bid", "amount": 1}),
        (1, {"type": "bid", "amount": 2}),
        (2, {"type": "pass_bid"}),
        (0, {"type": "pass_bid"}),
    )
    assert state.players[1].column == 5
    state, events = play(state, 0, {"type": "build_port", "area": 1})
    assert of_type(events, ev.TimeSpent) == [ev.TimeSpent(seat=0, steps=2, column=3, row=0)]
    assert to_act(state) == {0}  # row 0 is above seat 2's row 1


@pytest.mark.rules("TT-11")
def test_with_last_arrival_first_a_newcomer_goes_on_top_of_the_column() -> None:
    seats = [player(column=1), player(column=2), player(passed=True), player(passed=True)]
    state = table(seats, options={"track_ties": "last_arrival_first"})
    state, events = play(state, 0, PASTIES)
    assert of_type(events, ev.TimeSpent)[0].row < state.players[1].row
    assert to_act(state) == {0}


@pytest.mark.rules("TT-10")
def test_one_player_may_take_several_turns_in_a_row() -> None:
    state = table([player(column=1), player(column=5), player(column=5, row=1), player(column=6)])
    state, _ = play(state, 0, PASTIES)
    assert to_act(state) == {0}
    state, _ = play(state, 0, PASTIES)
    assert to_act(state) == {0}
    state, _ = play(state, 0, {"type": "hire_miner", "area": 3})
    assert to_act(state) == {0}
    state, _ = play(state, 0, PASTIES)
    assert to_act(state) == {1}


@pytest.mark.rules("TT-12")
def test_an_action_moves_the_token_by_its_cost_in_time_points() -> None:
    state = table([player(column=2), player(column=5), player(column=5, row=1), player(column=6)])
    state, _ = play(state, 0, {"type": "build_adit", "areas": [1, 2]})
    assert state.players[0].column == 5
    assert state.players[0].row == 2


@pytest.mark.rules("TT-13")
def test_pass_costs_no_time_and_takes_the_next_free_place_of_the_order_of_play() -> None:
    state = table([player(column=4), player(passed=True), player(column=6), player(column=7)])
    state, events = play(state, 0, PASS)
    assert events == [ev.Passed(seat=0, place=2)]
    assert state.players[0].column == 4
    assert state.pass_order == (1, 0)


@pytest.mark.rules("TT-13")
def test_passed_players_never_act_again_this_round() -> None:
    state = table([player(passed=True), player(column=3), player(column=6), player(column=7)])
    assert to_act(state) == {1}
    assert wire_legal(state, 0) == []
    assert refused(state, 0, PASTIES).code == NOT_YOUR_TURN


@pytest.mark.rules("TT-13")
def test_a_player_may_pass_while_others_are_still_on_the_order_of_play() -> None:
    state, _ = play(table(order=(2, 3, 0, 1)), 2, PASS)
    assert state.pass_order == (2,)
    assert state.order == (2, 3, 0, 1)  # the round's start order is kept apart
    assert to_act(state) == {3}


@pytest.mark.rules("TT-12")
def test_a_token_in_the_final_column_must_pass() -> None:
    state = table(
        [player(column=10), player(passed=True), player(passed=True), player(passed=True)]
    )
    assert wire_legal(state, 0) == [PASS]
    assert refused(state, 0, PASTIES).details == {"rule": "must_pass"}
    assert refused(state, 0, {"type": "build_mine", "area": 3}).details == {"rule": "must_pass"}


@pytest.mark.rules("TT-12")
def test_no_action_may_move_a_token_beyond_the_final_column() -> None:
    state = table([player(column=9), player(passed=True), player(passed=True), player(passed=True)])
    assert refused(state, 0, {"type": "build_port", "area": 1}).details == {"rule": "time"}
    assert refused(state, 0, {"type": "build_adit", "areas": [1, 2]}).details == {"rule": "time"}
    legal_types = {m["type"] for m in wire_legal(state, 0)}
    assert legal_types == {"hire_miner", "improve_steam_pumps", "sell_pasties", "pass"}
    state, _ = play(state, 0, PASTIES)
    assert state.players[0].column == 10


@pytest.mark.rules("TT-13")
def test_the_action_phase_ends_when_everyone_has_passed() -> None:
    state = table(
        [
            player(0, passed=True),
            player(0, column=3),
            player(0, passed=True),
            player(0, passed=True),
        ],
        pass_order=(2, 0, 3),
        areas=ALL_SEEDED,
    )
    state, events = play(state, 1, PASS)
    assert of_type(events, ev.ActionPhaseEnded) == [ev.ActionPhaseEnded(order=(2, 0, 3, 1))]


@pytest.mark.rules("TT-13")
def test_the_pass_order_is_the_next_rounds_order_of_play() -> None:
    state = table(
        [
            player(0, passed=True),
            player(0, column=3),
            player(0, passed=True),
            player(0, passed=True),
        ],
        pass_order=(2, 0, 3),
        areas=ALL_SEEDED,
    )
    state, events = play(state, 1, PASS)
    assert of_type(events, ev.RoundStarted) == [ev.RoundStarted(round=2, order=(2, 0, 3, 1))]
    assert state.phase is Phase.ACTIONS
    assert all(p.column == 0 and not p.passed for p in state.players)
    assert to_act(state) == {2}
