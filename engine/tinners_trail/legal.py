"""Tinners' Trail `legal_moves`: every move the owing seat (`turns.owing`) may submit, once each.

Branching stays small: an auction lists the bids from the minimum to the bidder's money (one
move per pound) after the area was chosen in a separate move; a pump stack is named by its
size and its tokens are spent one choice at a time; a new area is one choice among the unseeded
areas, each listed with the faces already rolled for it (B §1.13). Mining lists every (tin,
copper) split within capacity, cubes present and money.
"""

from __future__ import annotations

from boardstate.engine.tinners_trail import moves as mv
from boardstate.engine.tinners_trail.board import (
    COST,
    capacity,
    investable_columns,
    mining_cost,
    next_limiter,
)
from boardstate.engine.tinners_trail.components import COMPONENTS
from boardstate.engine.tinners_trail.state import Phase, State
from boardstate.engine.tinners_trail.turns import owing


def ore_moves(state: State, seat: int) -> list[mv.Move]:
    """A2: every split of at least one cube within capacity, the area's ore and your money."""
    money = state.players[seat].money
    moves: list[mv.Move] = []
    for area_id in COMPONENTS.area_ids:
        area = state.area(area_id)
        if area.mine != seat:
            continue
        limit = capacity(area)
        for tin in range(min(area.tin, limit) + 1):
            for copper in range(min(area.copper, limit - tin) + 1):
                cubes = tin + copper
                if cubes and mining_cost(area, cubes) <= money:
                    moves.append(mv.MineOre(area_id, tin, copper))
    return moves


def _development_moves(state: State, room: int) -> list[mv.Move]:
    moves: list[mv.Move] = []
    display, ids = state.display, COMPONENTS.area_ids
    if display.ports and COST["build_port"] <= room:
        moves += [
            mv.BuildPort(a) for a in ids if COMPONENTS.area(a).coastal and not state.area(a).port
        ]
    if display.miners and COST["hire_miner"] <= room:
        moves += [mv.HireMiner(a) for a in ids]
    if display.adits and COST["build_adit"] <= room:
        moves += [mv.BuildAdit(b) for b in COMPONENTS.borders if b not in state.adits]
    if display.railways and COST["build_railway"] <= room:
        moves += [mv.BuildRailway(a) for a in ids if not state.area(a).railway]
    if COST["improve_steam_pumps"] <= room:
        moves += [mv.ImproveSteamPumps(n) for n in sorted(set(display.pumps)) if n]
    return moves


def _arsenic_moves(state: State, seat: int, room: int) -> list[mv.Move]:
    player = state.players[seat]
    if not state.options.arsenic or player.calciner is None:
        return []
    moves: list[mv.Move] = []
    if next_limiter(state, seat) > player.column:
        moves += [
            mv.ProcessArsenic(a)
            for a in COMPONENTS.area_ids
            if state.area(a).mine == seat and state.area(a).arsenic > 0
        ]
    if player.arsenic and COST["sell_arsenic"] <= room:
        moves.append(mv.SellArsenic())
    return moves


def action_moves(state: State, seat: int) -> list[mv.Move]:
    """The action phase: everything that fits before the final column, and pass."""
    player = state.players[seat]
    room = player.final_column - player.column
    moves: list[mv.Move] = []
    if room > 0:
        if (
            COST["build_mine"] <= room
            and player.mines_left > 0
            and player.money >= COMPONENTS.minimum_bid
        ):
            moves += [mv.BuildMine(a) for a in COMPONENTS.area_ids if state.area(a).mine is None]
        if COST["mine_ore"] <= room:
            moves += ore_moves(state, seat)
        moves += _development_moves(state, room)
        if COST["sell_pasties"] <= room:
            moves.append(mv.SellPasties())
        moves += _arsenic_moves(state, seat, room)
    moves.append(mv.Pass())
    return moves


def auction_moves(state: State, seat: int) -> list[mv.Move]:
    """Bids from the minimum (opening) or the bid + 1 up to your money; pass unless opening."""
    auction = state.auction
    assert auction is not None
    money = state.players[seat].money
    if auction.leader is None:
        return [mv.Bid(a) for a in range(COMPONENTS.minimum_bid, money + 1)]
    return [*(mv.Bid(a) for a in range(auction.bid + 1, money + 1)), mv.PassBid()]


def legal_moves(state: State, seat: int) -> list[mv.Move]:
    """Returns the moves `seat` may submit now; empty when it owes no decision."""
    if owing(state) != seat:
        return []
    if state.phase is Phase.INVESTMENTS:
        columns = investable_columns(state, seat)
        return [*(mv.Invest(c) for c in columns), mv.PassInvestment()]
    if state.phase is Phase.OPENING:
        dice = state.opening_dice
        return [mv.OpenArea(a, dice) for a in COMPONENTS.area_ids if not state.area(a).seeded]
    if state.calciner_offer is not None:
        return [mv.BuildCalciner(), mv.SkipCalciner()]
    if state.auction is not None:
        return auction_moves(state, seat)
    if state.pumping is not None:
        wet = [mv.PumpWater(a) for a in COMPONENTS.area_ids if state.area(a).water > 0]
        return [*wet, mv.StopPumping()]
    return action_moves(state, seat)
