"""Build mine by auction (rules/tinners_trail.md B §1.10, Part A Q5, Q6)."""

from __future__ import annotations

import pytest

from boardstate.engine.core.errors import ILLEGAL_MOVE, NOT_YOUR_TURN
from boardstate.engine.tinners_trail import events as ev
from boardstate.engine.tinners_trail.state import Auction, Player
from tests.engine.tinners_trail.fixtures import (
    Dice,
    area,
    kinds,
    mines,
    of_type,
    play,
    play_all,
    player,
    refused,
    table,
    to_act,
    wire_legal,
)

BUILD = {"type": "build_mine", "area": 5}
PASS_BID = {"type": "pass_bid"}


def bid(amount: int) -> dict[str, object]:
    return {"type": "bid", "amount": amount}


@pytest.mark.rules("TT-14")
def test_build_mine_opens_an_auction_in_which_the_opener_states_the_opening_bid() -> None:
    state, events = play(table(areas={5: area(1, 2, 2)}), 0, BUILD)
    assert events == [ev.AuctionOpened(seat=0, area=5)]
    assert state.auction == Auction(area=5, opener=0)
    assert to_act(state) == {0}
    assert wire_legal(state, 0) == [bid(a) for a in range(1, 16)]


@pytest.mark.rules("TT-14")
def test_a_mine_is_built_only_in_an_area_without_a_mine() -> None:
    state = table(areas={5: area(1, 2, 2, mine=3)})
    error = refused(state, 0, BUILD)
    assert error.code == ILLEGAL_MOVE
    assert error.details == {"rule": "area_has_mine"}
    assert {"type": "build_mine", "area": 5} not in wire_legal(state, 0)


@pytest.mark.rules("TT-14")
def test_the_opening_bid_is_at_least_one_pound() -> None:
    state, _ = play(table(), 0, BUILD)
    assert refused(state, 0, bid(0)).details == {"rule": "minimum_bid"}


@pytest.mark.rules("TT-14")
def test_the_opener_cannot_pass_on_its_own_opening_bid() -> None:
    state, _ = play(table(), 0, BUILD)
    assert refused(state, 0, PASS_BID).details == {"rule": "opener_bids"}


@pytest.mark.rules("TT-15")
def test_bidding_goes_clockwise_starting_with_the_next_player() -> None:
    state, _ = play_all(table(), (0, BUILD), (0, bid(1)))
    assert to_act(state) == {1}
    state, _ = play(state, 1, bid(2))
    assert to_act(state) == {2}
    state, _ = play(state, 2, PASS_BID)
    assert to_act(state) == {3}
    state, _ = play(state, 3, PASS_BID)
    assert to_act(state) == {0}


@pytest.mark.rules("TT-15")
def test_bidding_wraps_around_from_the_last_seat() -> None:
    state = table(order=(3, 0, 1, 2))
    state, _ = play_all(state, (3, BUILD), (3, bid(1)))
    assert to_act(state) == {0}


@pytest.mark.rules("TT-15")
def test_a_raise_is_strictly_higher_than_the_current_bid() -> None:
    state, _ = play_all(table(), (0, BUILD), (0, bid(4)))
    assert refused(state, 1, bid(4)).details == {"rule": "raise"}
    assert refused(state, 1, bid(3)).details == {"rule": "raise"}


@pytest.mark.rules("TT-15")
def test_nobody_bids_more_money_than_they_have() -> None:
    state, _ = play_all(table([player(15), player(9), player(), player()]), (0, BUILD), (0, bid(4)))
    assert refused(state, 1, bid(10)).details == {"rule": "bid_money"}
    assert wire_legal(state, 1) == [*(bid(a) for a in range(5, 10)), PASS_BID]


@pytest.mark.rules("TT-14")
def test_the_opening_bid_cannot_exceed_the_openers_money() -> None:
    state, _ = play(table([player(3), player(), player(), player()]), 0, BUILD)
    assert refused(state, 0, bid(4)).details == {"rule": "bid_money"}


@pytest.mark.rules("TT-15")
def test_a_player_who_passed_is_out_of_the_auction_for_good() -> None:
    state, _ = play_all(
        table(), (0, BUILD), (0, bid(1)), (1, PASS_BID), (2, bid(2)), (3, PASS_BID), (0, bid(3))
    )
    assert to_act(state) == {2}  # seat 1 is skipped: it passed
    assert state.auction is not None
    assert state.auction.out == (1, 3)


@pytest.mark.rules("TT-17")
def test_the_last_bidder_left_pays_the_bid_places_a_mine_and_moves_two() -> None:
    state = table(areas={5: area(1, 2, 2)})
    state, events = play_all(
        state, (0, BUILD), (0, bid(1)), (1, bid(6)), (2, PASS_BID), (3, PASS_BID), (0, PASS_BID)
    )
    assert of_type(events, ev.AuctionWon) == [ev.AuctionWon(seat=1, area=5, price=6)]
    assert of_type(events, ev.TimeSpent) == [ev.TimeSpent(seat=1, steps=2, column=2, row=0)]
    assert state.auction is None
    assert state.area(5).mine == 1
    assert state.players[1].money == 9
    assert state.players[1].mines_left == 5


@pytest.mark.rules("TT-17")
def test_the_opener_wins_at_the_opening_bid_if_everyone_passes() -> None:
    state, events = play_all(
        table(areas={5: area(1, 2, 2)}),
        (0, BUILD),
        (0, bid(3)),
        (1, PASS_BID),
        (2, PASS_BID),
        (3, PASS_BID),
    )
    assert of_type(events, ev.AuctionWon) == [ev.AuctionWon(seat=0, area=5, price=3)]
    assert state.players[0].money == 12
    assert state.players[0].column == 2


@pytest.mark.rules("TT-17")
def test_only_the_winner_spends_time_and_money() -> None:
    state, _ = play_all(
        table(), (0, BUILD), (0, bid(1)), (1, bid(2)), (2, PASS_BID), (3, PASS_BID), (0, PASS_BID)
    )
    assert state.players[0].column == 0
    assert state.players[0].money == 15
    assert [p.money for p in state.players] == [15, 13, 15, 15]


@pytest.mark.rules("TT-17")
def test_an_opener_who_lost_acts_again_and_may_start_another_auction_at_once() -> None:
    state, _ = play_all(
        table(), (0, BUILD), (0, bid(1)), (1, bid(2)), (2, PASS_BID), (3, PASS_BID), (0, PASS_BID)
    )
    assert to_act(state) == {0}
    state, events = play(state, 0, {"type": "build_mine", "area": 6})
    assert events == [ev.AuctionOpened(seat=0, area=6)]


@pytest.mark.rules("TT-16")
def test_players_who_have_passed_this_round_do_not_bid() -> None:
    state = table([player(), player(passed=True), player(), player()], pass_order=(1,))
    state, _ = play_all(state, (0, BUILD), (0, bid(1)))
    assert to_act(state) == {2}
    assert wire_legal(state, 1) == []
    assert refused(state, 1, bid(5)).code == NOT_YOUR_TURN


@pytest.mark.rules("TT-16")
def test_players_who_cannot_pay_more_than_the_bid_do_not_bid() -> None:
    state = table([player(15), player(4), player(9), player(15)])
    state, _ = play_all(state, (0, BUILD), (0, bid(4)))
    assert to_act(state) == {2}  # seat 1 has only £4 and cannot raise
    state, _ = play(state, 2, bid(9))
    assert to_act(state) == {3}
    state, _ = play(state, 3, PASS_BID)
    assert to_act(state) == {0}


@pytest.mark.rules("TT-16")
def test_players_who_cannot_move_two_on_the_time_track_do_not_bid() -> None:
    state = table([player(), player(column=9), player(column=8), player()])
    state, _ = play_all(state, (0, BUILD), (0, bid(1)))
    assert to_act(state) == {2}


@pytest.mark.rules("TT-16")
def test_players_without_a_mine_left_do_not_bid() -> None:
    state = table(
        [player(), player(mines_left=0), player(), player()],
        areas=mines(1, 11, 12, 13, 14, 15, 16),
    )
    state, _ = play_all(state, (0, BUILD), (0, bid(1)))
    assert to_act(state) == {2}


@pytest.mark.rules("TT-16")
def test_if_nobody_can_raise_the_opener_wins_at_once() -> None:
    state = table(
        [player(15), player(1), player(passed=True), player(mines_left=0)],
        areas=mines(3, 11, 12, 13, 14, 15, 16),
    )
    state, events = play_all(state, (0, BUILD), (0, bid(1)))
    assert kinds(events)[:4] == ["AuctionOpened", "BidMade", "AuctionWon", "TimeSpent"]
    assert state.area(5).mine == 0


@pytest.mark.rules("TT-16")
def test_a_player_whose_bid_was_overtaken_and_cannot_raise_drops_out() -> None:
    state = table([player(15), player(15), player(5), player(5)])
    state, _ = play_all(state, (0, BUILD), (0, bid(1)), (1, bid(5)))
    assert to_act(state) == {0}  # seats 2 and 3 cannot pay £6
    state, events = play(state, 0, PASS_BID)
    assert of_type(events, ev.AuctionWon) == [ev.AuctionWon(seat=1, area=5, price=5)]


@pytest.mark.parametrize(
    ("opener", "rule"),
    [
        (player(column=9), "time"),
        (player(mines_left=0), "no_mines_left"),
        (player(0), "opener_money"),
    ],
)
@pytest.mark.rules("TT-14")
def test_the_opener_must_be_able_to_win_the_auction(opener: Player, rule: str) -> None:
    others = [player(passed=True), player(passed=True), player(passed=True)]
    board = mines(0, 11, 12, 13, 14, 15, 16) if opener.mines_left == 0 else {}
    state = table([opener, *others], areas=board)
    assert refused(state, 0, BUILD).details == {"rule": rule}
    assert not [m for m in wire_legal(state, 0) if m["type"] == "build_mine"]


@pytest.mark.rules("TT-17")
def test_an_empty_area_is_rolled_for_after_the_mine_is_placed() -> None:
    state = table([player(), player(passed=True), player(passed=True), player(passed=True)])
    state, _ = play(state, 0, {"type": "build_mine", "area": 8})
    state, events = play(state, 0, bid(2), Dice(2, 1, 3))
    assert kinds(events) == ["BidMade", "AuctionWon", "TimeSpent", "AreaSeeded"]
    seeded = of_type(events, ev.AreaSeeded)[0]
    assert seeded == ev.AreaSeeded(8, (2, 1, 3), 0, 0, ev.SeedReason.AUCTION, seat=0)
    assert (state.area(8).water, state.area(8).copper, state.area(8).tin) == (2, 1, 3)
    assert state.area(8).seeded


@pytest.mark.rules("TT-17")
def test_a_seeded_area_is_not_rolled_for_again() -> None:
    state = table(
        [player(), player(passed=True), player(passed=True), player(passed=True)],
        areas={8: area(0, 0, 0)},
    )
    state, events = play_all(state, (0, {"type": "build_mine", "area": 8}), (0, bid(2)))
    assert not of_type(events, ev.AreaSeeded)
    assert state.area(8).cubes() == area(0, 0, 0).cubes()


@pytest.mark.rules("TT-15")
def test_during_an_auction_to_act_and_legal_moves_follow_the_bidding_seat() -> None:
    state, _ = play_all(table(), (0, BUILD), (0, bid(3)))
    assert to_act(state) == {1}
    assert wire_legal(state, 0) == []
    assert wire_legal(state, 1) == [*(bid(a) for a in range(4, 16)), PASS_BID]
    assert refused(state, 0, {"type": "sell_pasties"}).code == NOT_YOUR_TURN
    assert refused(state, 2, bid(5)).code == NOT_YOUR_TURN


@pytest.mark.rules("TT-6")
def test_actions_are_not_possible_while_an_auction_is_open() -> None:
    state, _ = play(table(), 0, BUILD)
    error = refused(state, 0, {"type": "sell_pasties"})
    assert error.details == {"rule": "phase"}


@pytest.mark.rules("TT-6")
def test_auction_moves_are_not_possible_outside_an_auction() -> None:
    assert refused(table(), 0, bid(3)).details == {"rule": "phase"}
    assert refused(table(), 0, PASS_BID).details == {"rule": "phase"}


@pytest.mark.rules("TT-15")
def test_the_auction_is_bounded_because_bids_strictly_rise_and_are_capped_by_money() -> None:
    state, _ = play_all(
        table([player(3), player(3), player(3), player(3)]), (0, BUILD), (0, bid(1))
    )
    steps = 0
    while state.auction is not None:
        (seat,) = to_act(state)
        state, _ = play(state, seat, wire_legal(state, seat)[0])  # always the lowest raise
        steps += 1
    assert steps <= 3 + 4
    assert state.area(5).mine is not None
