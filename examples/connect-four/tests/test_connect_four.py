"""Connect Four's own tests: the shared conformance suite in one line, then its rules."""

from __future__ import annotations

import pytest
from connect_four import RULES, Drop, State

from boardstate.engine.conformance import check_game
from boardstate.engine.core.errors import IllegalMove, NotYourTurn
from boardstate.engine.core.replay import fold
from boardstate.engine.core.rng import Rng


def test_connect_four_passes_the_conformance_suite() -> None:
    check_game(RULES)


def _play(columns: list[int]) -> State:
    rng = Rng.for_decision("test", 0)
    state = RULES.initial_state(2, RULES.parse_options({}))
    for column in columns:
        (seat,) = RULES.to_act(state)
        state = fold(RULES, state, RULES.decide(state, seat, Drop(column), rng))
    return state


def test_a_disc_falls_to_the_lowest_empty_cell() -> None:
    state = _play([3, 3])
    assert state.board[5][3] == 0
    assert state.board[4][3] == 1


@pytest.mark.parametrize(
    ("columns", "winner"),
    [
        ([0, 6, 1, 6, 2, 6, 3], 0),  # a row
        ([0, 1, 0, 1, 0, 1, 0], 0),  # a column
        ([0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3], 0),  # a diagonal
        ([6, 0, 1, 0, 1, 0, 1, 0], 1),  # seat 1
    ],
)
def test_four_in_a_row_wins(columns: list[int], winner: int) -> None:
    state = _play(columns)
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert outcome.winners == (winner,)
    assert len(state.line) == 4
    assert RULES.to_act(state) == frozenset()


def test_a_full_board_without_four_is_a_draw() -> None:
    # Columns filled in pairs 0-1, 2-3, 4-5 with a shift so no four line up, then column 6.
    order = [0, 1] * 3 + [1, 0] * 3 + [2, 3] * 3 + [3, 2] * 3 + [4, 5] * 3 + [5, 4] * 3 + [6] * 6
    state = _play(order)
    outcome = RULES.outcome(state)
    assert state.full
    assert outcome is not None
    assert outcome.winners == (0, 1)


def test_a_full_column_is_refused_and_so_is_the_wrong_seat() -> None:
    state = _play([0] * 6)
    with pytest.raises(IllegalMove) as refused:
        RULES.decide(state, 0, Drop(0), Rng.for_decision("test", 0))
    assert refused.value.rule == "column-full"
    with pytest.raises(NotYourTurn):
        RULES.decide(state, 1, Drop(1), Rng.for_decision("test", 0))
    assert Drop(0) not in RULES.legal_moves(state, 0)
