"""Game end and winner (rules/trambahn.md 1A.9; Part A Q-T3, Q-T4; the `no_cards` end)."""

from __future__ import annotations

import pytest

from boardstate.engine.core.errors import GAME_FINISHED
from boardstate.engine.trambahn import RULES
from boardstate.engine.trambahn import events as ev
from boardstate.engine.trambahn.components import Colour
from tests.engine.trambahn.fixtures import (
    board,
    build,
    end,
    kinds,
    line,
    of_type,
    play,
    refused,
    table,
)

RED_WAITING = {"red": ["red-1", "red-2", "conductor"]}
NINE = [(1, 2, 3, 4, 5, 6, 7, 8, 9), (9, 8, 7, 6, 5, 4, 3, 2, 1)]
"""Nine scorings so far: 45 points each."""


@pytest.mark.rules("Q-T3")
def test_the_game_ends_immediately_after_the_tenth_scoring() -> None:
    state = table(hands=[("red-3", "blue-5")], terminals=RED_WAITING, fahrten=NINE)
    after, events = play(state, 0, board("red-3"))
    assert kinds(events) == ["PassengerBoarded", "FahrtScored", "GameOver"]
    assert of_type(events, ev.FahrtScored)[0].number == 10
    assert of_type(events, ev.GameOver)[0].reason == "tenth_scoring"
    assert (after.finished, after.end_reason, after.scorings) == (True, "tenth_scoring", 10)


@pytest.mark.rules("Q-T3")
def test_the_rest_of_the_move_is_not_played_after_the_tenth_scoring() -> None:
    state = table(
        hands=[("red-3", "blue-5", "green-1")],
        terminals={**RED_WAITING, "blue": ["blue-1", "blue-2", "blue-3"]},
        fahrten=NINE,
    )
    after, events = play(state, 0, board("red-3", "blue-5"))
    assert kinds(events) == ["PassengerBoarded", "FahrtScored", "GameOver"]
    assert after.terminal(Colour.BLUE) == ("blue-1", "blue-2", "blue-3")
    assert after.players[0].hand == ("blue-5", "green-1")


@pytest.mark.rules("Q-T3")
def test_the_rest_of_the_turn_is_not_played_after_the_tenth_scoring() -> None:
    state = table(hands=[("red-3", "blue-5")], terminals=RED_WAITING, fahrten=NINE)
    after, _ = play(state, 0, board("red-3"))
    assert refused(after, 0, build("blue-5")).code == GAME_FINISHED
    assert refused(after, 0, end()).code == GAME_FINISHED
    assert RULES.legal_moves(after, 0) == []
    assert RULES.to_act(after) == frozenset()


@pytest.mark.rules("Q-T3")
def test_the_ninth_scoring_does_not_end_the_game() -> None:
    state = table(
        hands=[("red-3", "blue-5")], terminals=RED_WAITING, fahrten=[NINE[0][:8], NINE[1][:8]]
    )
    after, events = play(state, 0, board("red-3"))
    assert kinds(events) == ["PassengerBoarded", "FahrtScored"]
    assert (after.finished, after.scorings) == (False, 9)


@pytest.mark.rules("TB-24")
def test_a_total_is_the_ten_fahrten_plus_all_extra_tours() -> None:
    state = table(
        hands=[("red-3", "blue-5")],
        terminals=RED_WAITING,
        fahrten=NINE,
        extra_tours=[(20, 6), (30,)],
        lines=[[line("red", 5, tram="horse")]],
    )
    after, events = play(state, 0, board("red-3"))
    assert of_type(events, ev.GameOver)[0].totals == (45 + 4 + 26, 45 + 0 + 30)
    outcome = RULES.outcome(after)
    assert outcome is not None
    assert outcome.scores == (75, 75)


@pytest.mark.rules("TB-24")
def test_the_highest_total_wins() -> None:
    state = table(
        hands=[("red-3", "blue-5")],
        terminals=RED_WAITING,
        fahrten=NINE,
        lines=[[], [line("red", 1, tram="horse")]],
    )
    after, events = play(state, 0, board("red-3"))
    assert of_type(events, ev.GameOver)[0].winners == (1,)
    outcome = RULES.outcome(after)
    assert outcome is not None
    assert (outcome.scores, outcome.winners) == ((45, 47), (1,))


@pytest.mark.rules("Q-T4")
def test_equal_totals_share_the_win() -> None:
    state = table(
        hands=[("red-3", "blue-5")],
        terminals=RED_WAITING,
        fahrten=NINE,
        extra_tours=[(6,), (10,)],
        lines=[[line("red", 5, tram="horse")]],
    )
    after, events = play(state, 0, board("red-3"))
    assert of_type(events, ev.GameOver)[0].totals == (55, 55)
    assert of_type(events, ev.GameOver)[0].winners == (0, 1)
    outcome = RULES.outcome(after)
    assert outcome is not None
    assert outcome.winners == (0, 1)


@pytest.mark.rules("TB-24")
def test_the_outcome_lists_the_reason_and_both_score_sheets() -> None:
    state = table(
        hands=[("red-3", "blue-5")], terminals=RED_WAITING, fahrten=NINE, extra_tours=[(7,)]
    )
    after, _ = play(state, 0, board("red-3"))
    outcome = RULES.outcome(after)
    assert outcome is not None
    assert outcome.details == {
        "reason": "tenth_scoring",
        "fahrten": [[*NINE[0], 0], [*NINE[1], 0]],
        "extra_tours": [[7], []],
    }


@pytest.mark.rules("TB-24")
def test_there_is_no_outcome_while_the_game_runs() -> None:
    state = table(fahrten=NINE)
    assert RULES.outcome(state) is None
    assert RULES.to_act(state) == frozenset({0})


@pytest.mark.rules("TB-25")
def test_the_game_ends_when_the_next_player_has_no_card_at_all() -> None:
    # Not in the rules: a player without a card cannot take the mandatory passenger step.
    state = table(hands=[("red-3",), ()], step="stations", draw=[], fahrten=[(4,), (2,)])
    after, events = play(state, 0, end())
    assert kinds(events) == ["GameOver"]
    assert events[0] == ev.GameOver(reason="no_cards", totals=(4, 2), winners=(0,))
    assert (after.finished, after.end_reason) == (True, "no_cards")


@pytest.mark.rules("TB-25")
def test_a_next_player_with_one_card_plays_on() -> None:
    state = table(hands=[("red-3",), ("blue-4",)], step="stations", draw=[])
    after, events = play(state, 0, end())
    assert kinds(events) == ["TurnStarted"]
    assert (after.finished, after.active) == (False, 1)
