"""Turns, ore, rounds and the end of the game (rules/mine.md Part A finite games, Part B §2.5,
§2.9), and the refusal codes of moves out of turn or out of phase."""

from __future__ import annotations

import pytest

from boardstate.engine.core.errors import GAME_FINISHED, ILLEGAL_MOVE, NOT_YOUR_TURN
from boardstate.engine.mine import RULES
from boardstate.engine.mine import events as ev
from boardstate.engine.mine import setup_events as sev
from boardstate.engine.mine.state import Respawn
from tests.engine.mine.fixtures import Move, kinds, legal, play, play_all, refused, table

ROTATE: Move = {"type": "rotate", "cell": [0, 0]}


def four_rotations(seat: int) -> list[tuple[int, Move]]:
    return [(seat, ROTATE)] * 4


@pytest.mark.rules("MN-14")
def test_the_active_player_must_spend_all_four_ore_before_the_turn_passes() -> None:
    state, _ = play_all(table(), *four_rotations(0)[:3])
    assert (state.active, state.ore) == (0, 1)
    after, events = play(state, 0, ROTATE)
    assert events[-1] == sev.TurnStarted(seat=1, round=1)
    assert (after.active, after.ore) == (1, 4)


@pytest.mark.rules("MN-15")
def test_turns_go_clockwise_and_a_round_ends_when_the_start_player_is_next() -> None:
    state = table(active=3, start_player=1)
    after, events = play_all(state, *four_rotations(3))
    assert events[-1] == sev.TurnStarted(seat=0, round=1)
    after, events = play_all(after, *four_rotations(0))
    assert events[-1] == sev.TurnStarted(seat=1, round=2)


@pytest.mark.rules("MN-17")
def test_there_is_no_pass_unless_forfeiting_ore_is_allowed() -> None:
    error = refused(table(), 0, {"type": "forfeit_ore"})
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "forfeit_ore")
    assert {"type": "forfeit_ore"} not in legal(table(), 0)


@pytest.mark.rules("MN-17")
def test_with_the_option_the_active_player_may_forfeit_the_remaining_ore() -> None:
    state = table(ore=3, options={"allow_forfeit_ore": True})
    assert {"type": "forfeit_ore"} in legal(state, 0)
    _, events = play(state, 0, {"type": "forfeit_ore"})
    assert events == [ev.OreForfeited(seat=0, ore=3), sev.TurnStarted(seat=1, round=1)]


@pytest.mark.rules("MN-44")
def test_after_the_last_round_most_victory_points_win() -> None:
    state = table(active=3, round=50, points=[1, 2, 0, 0], stock={"W": 1})
    after, events = play_all(state, *four_rotations(3))
    assert events[-1] == ev.GameOver("max_rounds", (1, 2, 0, 0), (1, 0, 0, 0), (1,))
    assert after.finished
    assert RULES.to_act(after) == frozenset()
    assert refused(after, 0, ROTATE).code == GAME_FINISHED


@pytest.mark.rules("MN-44")
def test_equal_points_after_the_last_round_go_to_most_ranium_carried() -> None:
    state = table(active=3, round=50, points=[1, 1, 0, 1], stock={"Y": 2, "R": 1}, ranium=[(1, 1)])
    after, _ = play_all(state, *four_rotations(3))
    assert after.winners == (3,)


@pytest.mark.rules("MN-44")
def test_equal_points_and_ranium_after_the_last_round_share_the_win() -> None:
    state = table(active=3, round=50, points=[1, 1, 0, 0])
    after, _ = play_all(state, *four_rotations(3))
    assert after.winners == (0, 1)
    outcome = RULES.outcome(after)
    assert outcome is not None
    assert outcome.details["reason"] == "max_rounds"


@pytest.mark.rules("MN-44")
def test_the_round_limit_is_an_option() -> None:
    short = table(active=3, round=5, options={"max_rounds": 5})
    assert kinds(play_all(short, *four_rotations(3))[1])[-1] == "GameOver"
    earlier = table(active=3, round=4, options={"max_rounds": 5})
    assert kinds(play_all(earlier, *four_rotations(3))[1])[-1] == "TurnStarted"


@pytest.mark.rules("MN-45")
def test_with_max_rounds_0_the_game_has_no_round_limit() -> None:
    state = table(active=3, round=999, options={"max_rounds": 0})
    _, events = play_all(state, *four_rotations(3))
    assert events[-1] == sev.TurnStarted(seat=0, round=1000)


@pytest.mark.rules("MN-15")
def test_only_the_active_player_may_act() -> None:
    assert refused(table(), 1, ROTATE).code == NOT_YOUR_TURN
    assert legal(table(), 1) == []


@pytest.mark.rules("MN-18")
def test_while_a_decision_is_pending_only_its_seat_acts_and_only_by_answering_it() -> None:
    state = table(respawn=Respawn(seat=3, remaining=1, card="yellow-2"))
    assert RULES.to_act(state) == {3}
    assert refused(state, 0, ROTATE).code == NOT_YOUR_TURN
    error = refused(state, 3, ROTATE)
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "pending")


@pytest.mark.parametrize(
    "move",
    [
        {"type": "swap_cards", "a": None, "b": None},
        {"type": "choose_colour", "colour": "red"},
        {"type": "free_action", "rotate": {"cell": [0, 0]}},
    ],
)
@pytest.mark.rules("MN-13")
def test_set_up_moves_and_answers_to_nothing_pending_are_out_of_phase(move: Move) -> None:
    error = refused(table(), 0, move)
    assert (error.code, error.details["rule"]) == (ILLEGAL_MOVE, "phase")


@pytest.mark.rules("MN-14")
def test_the_view_shows_whose_turn_it_is_and_the_ore_left() -> None:
    view = RULES.view(table(active=2, ore=3), None)
    assert (view["active_seat"], view["ore"], view["to_act"], view["round"]) == (2, 3, [2], 1)
