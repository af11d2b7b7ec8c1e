"""Tinners' Trail's bot evaluations (issue 42): the search's `worth` counts money at what the
investment rows still to come pay for it, ore at this round's price and ore left in a mine."""

from __future__ import annotations

import dataclasses

from boardstate.engine.tinners_trail import RULES
from boardstate.engine.tinners_trail.bots import evaluate, pound_value, worth
from boardstate.engine.tinners_trail.components import COMPONENTS
from boardstate.engine.tinners_trail.state import Phase
from tests.engine.tinners_trail.fixtures import area, player, table


def test_the_search_plays_tinners_trail_with_worth_and_the_heuristic_with_evaluate() -> None:
    hooks = RULES.bots
    assert hooks is not None
    assert hooks.evaluate is evaluate
    assert hooks.search_evaluate is worth


def test_a_pound_is_worth_what_the_next_investment_row_pays_for_it() -> None:
    early = table(2, round=1, phase=Phase.ACTIONS)
    late = table(2, round=4, phase=Phase.ACTIONS)
    first = COMPONENTS.investment_vp[0][0] / COMPONENTS.investment_costs[0]
    last = COMPONENTS.investment_vp[3][0] / COMPONENTS.investment_costs[0]
    assert pound_value(early, 0) > pound_value(late, 0) > 0
    assert pound_value(early, 0) / pound_value(late, 0) == first / last
    assert worth(early, 0) - worth(late, 0) == (first - last) * pound_value(early, 0) / first * 15


def test_money_is_worth_nothing_once_the_last_investments_are_over_or_no_cube_is_left() -> None:
    over = table(2, round=4, phase=Phase.OPENING)
    assert pound_value(over, 0) == 0.0
    base = table([player(30), player(30)])
    out_of_cubes = dataclasses.replace(base.players[0], cubes_left=0)
    spent = dataclasses.replace(base, players=(out_of_cubes, base.players[1]))
    assert pound_value(spent, 0) == 0.0 < pound_value(spent, 1)


def test_ore_counts_at_the_price_of_the_round_and_ore_in_a_mine_at_less() -> None:
    base = table([player(10), player(10)], areas={1: area(mine=0)})
    base = dataclasses.replace(base, tin_row=5, copper_row=5)
    tin_price = COMPONENTS.prices["tin"][5]
    in_hand = dataclasses.replace(
        base, players=(dataclasses.replace(base.players[0], tin=2), base.players[1])
    )
    in_mine = dataclasses.replace(base, areas=(area(tin=2, mine=0), *base.areas[1:]))
    rate = pound_value(base, 0)
    assert worth(in_hand, 0) - worth(base, 0) == rate * 2 * tin_price
    assert 0 < worth(in_mine, 0) - worth(base, 0) < worth(in_hand, 0) - worth(base, 0)
