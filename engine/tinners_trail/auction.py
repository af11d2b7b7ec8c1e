"""Build mine by auction (rules/tinners_trail.md B §1.10, Part A Q5, Q6) and the calciner (B §1.15).

The active seat names an area without a mine (`build_mine`) and must then open with a bid of at
least £1; it must be able to win (pay £1, move +2, have a mine left). Bidding goes clockwise from
the last seat to act: each bidder raises strictly (at most its money) or passes for good. Per
Q5, seats that passed in the action phase, cannot pay a raise, cannot move +2 or have no mine
left are skipped. When nobody else can or will raise, the leader wins: it pays the bid, places a
mine and moves +2; the others spend nothing. An unseeded area is rolled for after the mine is
placed. Bids are capped by money and strictly rise, so an auction ends after at most (highest
money) raises and one pass per seat. With Arsenic, a winner without a calciner then decides
whether to build it there (after the roll, so the winner sees the area's cubes).
"""

from __future__ import annotations

from boardstate.engine.core.replay import Emitter
from boardstate.engine.core.rng import Rng
from boardstate.engine.tinners_trail import events as ev
from boardstate.engine.tinners_trail import moves as mv
from boardstate.engine.tinners_trail.board import COST, check_time, next_bidder
from boardstate.engine.tinners_trail.cited import illegal
from boardstate.engine.tinners_trail.components import COMPONENTS
from boardstate.engine.tinners_trail.rounds import roll
from boardstate.engine.tinners_trail.state import State
from boardstate.engine.tinners_trail.turns import spend


def open_auction(out: Emitter, seat: int, move: mv.BuildMine) -> None:
    """A1: the active seat starts an auction; it must be able to win it."""
    state: State = out.state
    player = state.players[seat]
    check_time(state, seat, move.TYPE)
    if state.area(move.area).mine is not None:
        raise illegal("area_has_mine", f"area {move.area} already has a mine")
    if player.mines_left <= 0:
        raise illegal("no_mines_left", "all your mines are on the board")
    if player.money < COMPONENTS.minimum_bid:
        raise illegal("opener_money", f"you cannot pay the £{COMPONENTS.minimum_bid} opening bid")
    out.emit(ev.AuctionOpened(seat, move.area))


def bid(out: Emitter, seat: int, move: mv.Bid, rng: Rng) -> None:
    """The opening bid (≥ £1) or a strictly higher raise; never more than the bidder's money."""
    state: State = out.state
    auction = state.auction
    assert auction is not None
    if auction.leader is None and move.amount < COMPONENTS.minimum_bid:
        raise illegal("minimum_bid", f"open with at least £{COMPONENTS.minimum_bid}")
    if auction.leader is not None and move.amount <= auction.bid:
        raise illegal("raise", f"bid more than £{auction.bid}")
    if move.amount > state.players[seat].money:
        raise illegal("bid_money", f"you have £{state.players[seat].money}")
    out.emit(ev.BidMade(seat, move.amount))
    settle(out, rng)


def pass_bid(out: Emitter, seat: int, rng: Rng) -> None:
    """A bidder drops out for good; the opener cannot pass before opening."""
    auction = out.state.auction
    assert auction is not None
    if auction.leader is None:
        raise illegal("opener_bids", "state your opening bid")
    out.emit(ev.BidPassed(seat))
    settle(out, rng)


def settle(out: Emitter, rng: Rng) -> None:
    """Ends the auction when no one but the leader can still raise."""
    state: State = out.state
    auction = state.auction
    assert auction is not None
    assert auction.leader is not None
    if next_bidder(state) is not None:
        return
    winner = auction.leader
    out.emit(ev.AuctionWon(winner, auction.area, auction.bid))
    spend(out, winner, COST["build_mine"])
    if not out.state.area(auction.area).seeded:
        out.emit(ev.AreaSeeded(auction.area, roll(rng), 0, 0, ev.SeedReason.AUCTION, winner))


def decide(out: Emitter, seat: int, move: mv.BuildMine | mv.Bid | mv.PassBid, rng: Rng) -> None:
    """Dispatches the auction moves."""
    match move:
        case mv.BuildMine():
            open_auction(out, seat, move)
        case mv.Bid():
            bid(out, seat, move, rng)
        case mv.PassBid():
            pass_bid(out, seat, rng)


def calciner(out: Emitter, seat: int, move: mv.BuildCalciner | mv.SkipCalciner) -> None:
    """Arsenic: 1 arsenic into the new mine's area and 1 into each neighbour, or nothing."""
    offer = out.state.calciner_offer
    assert offer is not None
    if isinstance(move, mv.SkipCalciner):
        out.emit(ev.CalcinerSkipped(seat))
        return
    neighbours = COMPONENTS.area(offer.area).neighbours
    arsenic = (
        (offer.area, COMPONENTS.calciner_area),
        *((n, COMPONENTS.calciner_neighbours) for n in neighbours),
    )
    out.emit(ev.CalcinerBuilt(seat, offer.area, tuple(sorted(arsenic))))
