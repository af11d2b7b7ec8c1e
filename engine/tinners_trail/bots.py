"""Tinners' Trail's bot hooks (issue 17): no hidden information (A.6), so nothing is resampled;
future dice and draws are drawn afresh when a sampled move is played.

`evaluate` (the heuristic's): the victory points of placed investment cubes, plus money (which
buys them at the round's end: about £4 a point), plus ore waiting to be sold.

`worth` (the search's evaluation, issue 42): what the seat's assets should be worth in victory
points by the end. Money only scores through the investments still to come (B §1.12): a pound
is worth what a pound buys in the cheapest space of the next investment row (6 VP for £5 in
round 1, 3 VP for £5 in round 4; nothing once the last row is past or the seat's cubes are all
placed), discounted by `MONEY_SHARE` (spaces fill up). Ore in hand is money at this round's
price (B §1.11); ore still in the seat's mines is counted at `MINE_SHARE` of that, as far as
the mine's capacity can bring it up in the action phases left. The heuristic's money / 4 makes
£1 worth a quarter of a point, where the game's investment rows pay 0.6 to 1.3 points a pound,
so it ranks many moves alike (every mine the same, a pasty the same as a port): the search
ranks its root and judges its cut-off rollouts by `worth` instead.
"""

from __future__ import annotations

from boardstate.engine.core.bot_hooks import BotHooks, SearchTuning
from boardstate.engine.core.rng import Rng
from boardstate.engine.tinners_trail.board import capacity
from boardstate.engine.tinners_trail.components import COMPONENTS
from boardstate.engine.tinners_trail.scoring import victory_points
from boardstate.engine.tinners_trail.state import Phase, State

MONEY_SHARE = 0.9
"""The share of a pound's investment value the evaluation counts (spaces fill up)."""
MINE_SHARE = 0.5
"""The share of the value of ore still in a mine (it takes time, water and a price to come)."""


def resample(state: State, seat: int, rng: Rng) -> State:
    return state


def evaluate(state: State, seat: int) -> float:
    player = state.players[seat]
    ore = player.tin + player.copper + player.arsenic
    return victory_points(state, seat) + player.money / 4 + ore / 2


def _next_row(state: State) -> int:
    """The investment row (0-based) money can still buy: this round's until its investments
    are over, then the next round's."""
    if state.phase in (Phase.OPENING, Phase.OVER) or state.finished:
        return state.round
    return max(0, state.round - 1)


def pound_value(state: State, seat: int) -> float:
    """The victory points one pound should still buy `seat`."""
    row = _next_row(state)
    if row >= COMPONENTS.rounds or state.players[seat].cubes_left <= 0:
        return 0.0
    return MONEY_SHARE * COMPONENTS.investment_vp[row][0] / COMPONENTS.investment_costs[0]


def _price(state: State, metal: str) -> float:
    table = COMPONENTS.prices[metal]
    row = state.tin_row if metal == "tin" else state.copper_row
    return float(table[row]) if row is not None else sum(table) / len(table)


def worth(state: State, seat: int) -> float:
    """The search's evaluation (see the module docstring)."""
    player = state.players[seat]
    tin, copper = _price(state, "tin"), _price(state, "copper")
    cash = player.money + player.tin * tin + (player.copper + player.arsenic) * copper
    phases = COMPONENTS.rounds - state.round + (1 if state.phase is Phase.ACTIONS else 0)
    in_mines = 0.0
    if phases > 0:
        for area in state.areas:
            if area.mine == seat:
                room = capacity(area) * phases
                tin_cubes = min(area.tin, room)
                copper_cubes = min(area.copper, room - tin_cubes)
                in_mines += tin_cubes * tin + copper_cubes * copper
    return victory_points(state, seat) + pound_value(state, seat) * (cash + MINE_SHARE * in_mines)


HOOKS = BotHooks(
    resample=resample,
    evaluate=evaluate,
    search=SearchTuning(evaluate=worth),
)
