"""Phases 4–7 and the end of the game (rules/tinners_trail.md B §1.11–§1.14; Part A Q8, A.5)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import pytest

from boardstate.engine.core.errors import GAME_FINISHED, ILLEGAL_MOVE
from boardstate.engine.tinners_trail import RULES, RULES_1_0_0
from boardstate.engine.tinners_trail import events as ev
from boardstate.engine.tinners_trail.components import COMPONENTS
from boardstate.engine.tinners_trail.state import Investing, Phase, Player, State
from tests.engine import scripted
from tests.engine.tinners_trail.fixtures import (
    Dice,
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

ALL_SEEDED = {i: area() for i in range(1, 20)}
PRINTED = {a.id: area() for a in COMPONENTS.areas if a.seeded}
"""The areas seeded at set-up; the others are still to be opened."""
INVEST_PASS = {"type": "pass_investment"}


def invest(column: int) -> dict[str, object]:
    return {"type": "invest", "column": column}


def investing(
    players: Sequence[Player],
    order: Sequence[int],
    round: int = 1,
    **kwargs: Any,
) -> State:
    """A table in phase 5: everyone passed in `order`, which is the new Order of Play."""
    seats = [dataclasses.replace(p, passed=True) for p in players]
    return table(
        seats,
        order=order,
        pass_order=order,
        round=round,
        phase=Phase.INVESTMENTS,
        investing=Investing(),
        **kwargs,
    )


# -- phase 4: selling ore ----------------------------------------------------------------------


@pytest.mark.rules("TT-27")
def test_all_extracted_ore_is_sold_at_this_rounds_prices_when_everyone_has_passed() -> None:
    state = table(
        [player(2, tin=2, copper=1, passed=True), player(0, tin=0, copper=3, column=4)],
        rows=(4, 6),
        areas=ALL_SEEDED,
    )
    tin, copper = COMPONENTS.prices["tin"][4], COMPONENTS.prices["copper"][6]
    after, events = play(state, 1, {"type": "pass"})
    assert of_type(events, ev.OreSold) == [
        ev.OreSold(0, 2, 1, 2 * tin + copper),
        ev.OreSold(1, 0, 3, 3 * copper),
    ]
    assert [(p.tin, p.copper) for p in after.players] == [(0, 0), (0, 0)]


@pytest.mark.rules("TT-27")
def test_nothing_carries_over_to_the_next_round() -> None:
    state = table(
        [player(0, tin=2, passed=True), player(0, column=4)], rows=(4, 6), areas=ALL_SEEDED
    )
    after, events = play(state, 1, {"type": "pass"})
    assert kinds(events).index("OreSold") < kinds(events).index("InvestmentsStarted")
    assert after.supply_out.tin == 0


# -- phase 5: external investments ---------------------------------------------------------------


@pytest.mark.rules("TT-28")
def test_players_invest_in_the_new_order_of_play_one_investment_per_turn() -> None:
    state = investing([player(), player(), player(), player()], order=(2, 0, 3, 1))
    assert to_act(state) == {2}
    seen = []
    for _ in range(4):
        (seat,) = to_act(state)
        seen.append(seat)
        state, _ = play(state, seat, invest(1 + len(seen) % 2))
    assert seen == [2, 0, 3, 1]
    assert to_act(state) == {2}


@pytest.mark.rules("TT-28")
def test_a_cube_goes_onto_this_rounds_row_and_the_cost_above_it_is_paid() -> None:
    state = investing([player(30), player()], order=(0, 1), round=3)
    after, events = play(state, 0, invest(2))
    vp = COMPONENTS.investment_vp[2][1]
    assert events[0] == ev.Invested(0, round=3, column=2, cost=10, vp=vp)
    assert after.investments[2][1] == (0,)
    assert after.players[0].money == 20
    assert after.players[0].cubes_left == 11


@pytest.mark.rules("TT-28")
def test_a_space_holds_at_most_two_cubes() -> None:
    grid = [[(1, 1), (), (), ()], [(), (), (), ()], [(), (), (), ()], [(), (), (), ()]]
    state = investing([player(), player()], order=(0, 1), investments=grid)
    error = refused(state, 0, invest(1))
    assert error.code == ILLEGAL_MOVE
    assert error.details == {"rule": "space_full"}
    assert wire_legal(state, 0) == [invest(2), invest(3), INVEST_PASS]


@pytest.mark.rules("TT-28")
def test_an_investment_must_be_paid_for() -> None:
    state = investing([player(12), player()], order=(0, 1))
    assert refused(state, 0, invest(3)).details == {"rule": "investment_money"}
    assert wire_legal(state, 0) == [invest(1), invest(2), INVEST_PASS]


@pytest.mark.rules("TT-28")
def test_a_player_without_investment_cubes_cannot_invest() -> None:
    grid = [[(0, 0), (0, 0), (0, 0), (0, 0)], [(0, 0), (0, 0), (), ()]] + [[(), (), (), ()]] * 2
    state = investing([player(), player()], order=(0, 1), round=4, investments=grid)
    assert state.players[0].cubes_left == 0
    assert refused(state, 0, invest(1)).details == {"rule": "investment_cubes"}


@pytest.mark.rules("TT-29")
def test_a_pass_is_not_final_and_the_phase_ends_after_a_full_circuit_of_passes() -> None:
    state = investing([player(), player(), player()], order=(0, 1, 2))
    state, _ = play_all(state, (0, INVEST_PASS), (1, invest(1)), (2, INVEST_PASS))
    assert to_act(state) == {0}
    state, _ = play_all(state, (0, invest(1)), (1, INVEST_PASS), (2, INVEST_PASS))
    assert state.phase is Phase.INVESTMENTS
    state, events = play(state, 0, INVEST_PASS)
    assert "InvestmentsEnded" in kinds(events)
    assert state.phase is Phase.OPENING


@pytest.mark.rules("TT-29")
def test_with_final_passes_a_player_who_passed_invests_no_more() -> None:
    state = investing(
        [player(), player(), player()], order=(0, 1, 2), options={"investment_pass": "final"}
    )
    state, _ = play_all(state, (0, INVEST_PASS), (1, invest(1)), (2, INVEST_PASS))
    assert to_act(state) == {1}
    state, events = play(state, 1, INVEST_PASS)
    assert "InvestmentsEnded" in kinds(events)


@pytest.mark.rules("TT-29")
def test_players_who_cannot_invest_pass_automatically() -> None:
    state = investing([player(), player(4), player()], order=(0, 1, 2))
    state, events = play(state, 0, invest(1))
    assert of_type(events, ev.InvestmentPassed) == [ev.InvestmentPassed(1, automatic=True)]
    assert to_act(state) == {2}


@pytest.mark.rules("TT-29")
def test_if_nobody_can_invest_the_phase_ends_at_once() -> None:
    state = table([player(4, passed=True), player(0, column=3)], pass_order=(0,), areas=ALL_SEEDED)
    state, events = play(state, 1, {"type": "pass"})
    assert kinds(events).count("InvestmentPassed") == 2
    assert "InvestmentsEnded" in kinds(events)
    assert state.round == 2


# -- phase 6: opening new areas --------------------------------------------------------------


def open_area(area_id: int, dice: tuple[int, int, int] | None = None) -> dict[str, object]:
    move: dict[str, object] = {"type": "open_area", "area": area_id}
    return move if dice is None else {**move, "dice": list(dice)}


@pytest.mark.rules("TT-30")
def test_the_first_and_second_player_each_roll_first_then_choose_a_new_area_for_the_faces() -> None:
    state = investing([player(), player(), player()], order=(2, 0, 1), areas=PRINTED)
    state, _ = play_all(state, (2, INVEST_PASS), (0, INVEST_PASS))
    state, events = play(state, 1, INVEST_PASS, Dice(1, 2, 3))
    assert of_type(events, ev.OpeningStarted) == [ev.OpeningStarted(seats=(2, 0))]
    assert events[-1] == ev.OpeningDiceRolled(seat=2, dice=(1, 2, 3))
    assert to_act(state) == {2}
    unseeded = [a.id for a in COMPONENTS.areas if not a.seeded]
    assert wire_legal(state, 2) == [open_area(a, (1, 2, 3)) for a in unseeded]
    state, events = play(state, 2, open_area(14), Dice(3, 0, 2))
    assert events == [
        ev.AreaSeeded(14, (1, 2, 3), 0, 0, ev.SeedReason.OPENED, seat=2),
        ev.OpeningDiceRolled(seat=0, dice=(3, 0, 2)),
    ]
    assert (state.area(14).water, state.area(14).copper, state.area(14).tin) == (1, 2, 3)
    assert to_act(state) == {0}
    assert refused(state, 0, open_area(14)).details == {"rule": "area_seeded"}
    state, events = play(state, 0, open_area(8, (3, 0, 2)))
    assert events[0] == ev.AreaSeeded(8, (3, 0, 2), 0, 0, ev.SeedReason.OPENED, seat=0)
    assert kinds(events)[1:3] == ["RoundEnded", "RoundStarted"]
    assert state.round == 2
    assert state.opening_dice is None


@pytest.mark.rules("TT-30")
def test_the_faces_an_opener_names_must_be_the_faces_rolled() -> None:
    state = table(
        [player(passed=True), player(passed=True)],
        phase=Phase.OPENING,
        openers=(0, 1),
        pass_order=(0, 1),
        areas=PRINTED,
        opening_dice=(2, 2, 0),
    )
    error = refused(state, 0, open_area(8, (3, 3, 3)))
    assert error.code == ILLEGAL_MOVE
    assert error.details == {"rule": "opening_dice"}
    state, events = play(state, 0, open_area(8, (2, 2, 0)))
    assert events[0] == ev.AreaSeeded(8, (2, 2, 0), 0, 0, ev.SeedReason.OPENED, seat=0)


@pytest.mark.rules("TT-30")
def test_the_roll_is_public_and_the_view_shows_the_faces_to_everyone() -> None:
    state = table(
        [player(passed=True), player(passed=True)],
        phase=Phase.OPENING,
        openers=(1, 0),
        pass_order=(1, 0),
        areas=PRINTED,
        opening_dice=(0, 3, 1),
    )
    for viewer in (None, 0, 1):
        assert RULES.view(state, viewer)["opening_dice"] == {"water": 0, "copper": 3, "tin": 1}
    rolled = ev.OpeningDiceRolled(seat=1, dice=(0, 3, 1))
    assert RULES.redact(rolled, 0) == rolled
    assert RULES.view(table(2), None)["opening_dice"] is None


@pytest.mark.rules("TT-30")
def test_under_rules_1_0_0_the_area_was_chosen_before_the_dice_were_rolled() -> None:
    state = investing([player(), player()], order=(1, 0), areas=PRINTED)
    state, events = scripted.play(
        RULES_1_0_0, state, [(1, INVEST_PASS), (0, INVEST_PASS)], scripted.seeded("t"), []
    )
    assert kinds(events)[-1] == "OpeningStarted"
    assert state.opening_dice is None
    unseeded = [a.id for a in COMPONENTS.areas if not a.seeded]
    legal = [RULES_1_0_0.moves.encode(m) for m in RULES_1_0_0.legal_moves(state, 1)]
    assert legal == [open_area(a) for a in unseeded]
    state, events = scripted.play(
        RULES_1_0_0, state, [(1, open_area(14))], lambda: Dice(1, 2, 3), []
    )
    assert events == [ev.AreaSeeded(14, (1, 2, 3), 0, 0, ev.SeedReason.OPENED, seat=1)]


@pytest.mark.rules("TT-30")
def test_an_already_seeded_area_cannot_be_opened() -> None:
    state = table(
        [player(passed=True), player(passed=True)],
        phase=Phase.OPENING,
        openers=(0, 1),
        pass_order=(0, 1),
        areas=PRINTED,
    )
    assert refused(state, 0, {"type": "open_area", "area": 1}).details == {"rule": "area_seeded"}


@pytest.mark.rules("TT-30")
def test_with_one_unseeded_area_left_only_the_first_player_opens_one() -> None:
    areas = {i: area() for i in range(1, 19)}
    state = investing([player(0), player(0)], order=(1, 0), areas=areas)
    state, events = play(state, 1, INVEST_PASS)
    assert of_type(events, ev.OpeningStarted) == [ev.OpeningStarted(seats=(1,))]
    assert wire_legal(state, 1) == [open_area(19, state.opening_dice)]
    state, events = play(state, 1, open_area(19))
    assert state.round == 2


@pytest.mark.rules("TT-30")
def test_with_no_unseeded_area_left_the_opening_is_skipped() -> None:
    state = table([player(0, passed=True), player(0, column=2)], areas=ALL_SEEDED)
    _, events = play(state, 1, {"type": "pass"})
    assert "OpeningStarted" not in kinds(events)
    assert "RoundStarted" in kinds(events)


@pytest.mark.rules("TT-25")
def test_pumps_go_back_to_the_supply_at_the_end_of_the_round() -> None:
    state = table([player(0, passed=True), player(0, column=2)], areas=ALL_SEEDED)
    after, events = play(state, 1, {"type": "pass"})
    refreshed = of_type(events, ev.DisplayRefreshed)[0]
    assert refreshed.removed.pumps == ()
    assert after.display.pumps == (3, 2, 0, 0)


# -- the end of the game -----------------------------------------------------------------------


@pytest.mark.rules("TT-31")
def test_after_round_four_the_game_ends_and_each_cube_scores_its_spaces_vp() -> None:
    grid = [[(0,), (), (), (1, 1)], [(), (2,), (), ()], [(), (), (), ()], [(0,), (), (), ()]]
    state = investing([player(), player(0), player(0)], order=(0, 1, 2), round=4, investments=grid)
    state, events = play(state, 0, INVEST_PASS)
    vp = COMPONENTS.investment_vp
    expected = (vp[0][0] + vp[3][0], 2 * vp[0][3], vp[1][1])
    assert events[-1] == ev.GameOver(expected, (0, 1, 2), winners=(1,))
    assert "OpeningStarted" not in kinds(events)
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert outcome.scores == expected
    assert outcome.winners == (1,)
    assert to_act(state) == set()


@pytest.mark.rules("TT-31")
def test_money_mines_and_ore_are_worth_nothing_at_the_end() -> None:
    grid = [[(1,), (), (), ()], [(), (), (), ()], [(), (), (), ()], [(), (), (), ()]]
    rich = Player(money=200, tin=5, passed=True)
    state = investing(
        [rich, player(0), player(0)],
        order=(0, 1, 2),
        round=4,
        investments=grid,
        areas={5: area(mine=0)},
    )
    _, events = play(state, 0, INVEST_PASS)
    assert of_type(events, ev.GameOver)[0].winners == (1,)


@pytest.mark.rules("TT-32")
def test_a_tie_goes_to_the_tied_player_earlier_in_the_order_of_play() -> None:
    grid: list[list[tuple[int, ...]]] = [[(), (), (), ()] for _ in range(4)]
    grid[0][0] = (0, 2)
    state = investing([player(0), player(0), player(0)], order=(1, 2, 0), round=4, investments=grid)
    _, events = play(state, 1, INVEST_PASS)
    game_over = of_type(events, ev.GameOver)[0]
    assert game_over.scores[0] == game_over.scores[2]
    assert game_over.winners == (2,)


@pytest.mark.rules("TT-31")
def test_no_move_is_accepted_once_the_game_is_over() -> None:
    grid = [[(), (), (), ()] for _ in range(4)]
    state = investing([player(), player(0)], order=(0, 1), round=4, investments=grid)
    state, _ = play(state, 0, INVEST_PASS)
    assert state.finished
    assert refused(state, 0, INVEST_PASS).code == GAME_FINISHED
    assert wire_legal(state, 0) == []
