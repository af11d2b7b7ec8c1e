"""Set-up (rules/trambahn.md 1A.3; Part A: start player by the seeded RNG, money 12 / 15)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from boardstate.engine.core.errors import BAD_PLAYER_COUNT, GAME_NOT_STARTED, MoveError
from boardstate.engine.core.replay import start
from boardstate.engine.core.rng import Rng
from boardstate.engine.trambahn import RULES
from boardstate.engine.trambahn import events as ev
from boardstate.engine.trambahn.components import COMPONENTS, TramKind
from boardstate.engine.trambahn.options import Options
from boardstate.engine.trambahn.state import State, Step
from tests.engine.trambahn.fixtures import board

SEEDS = range(12)


def set_up(seed: int) -> tuple[State, list[Any]]:
    state, events = start(RULES, 2, Options(), Rng.for_decision(f"setup-{seed}", 0))
    assert isinstance(state, State)
    return state, events


@pytest.mark.rules("TB-4")
def test_all_112_station_cards_and_8_conductors_are_shuffled_into_the_draw_pile() -> None:
    _, events = set_up(0)
    (shuffled,) = [e for e in events if isinstance(e, ev.DeckShuffled)]
    assert Counter(shuffled.order) == Counter(COMPONENTS.deck)
    assert len(shuffled.order) == 120
    assert shuffled.order != COMPONENTS.deck


@pytest.mark.rules("TB-5")
def test_the_start_player_is_chosen_at_random() -> None:
    starts = {set_up(seed)[0].start_player for seed in SEEDS}
    assert starts == {0, 1}


@pytest.mark.rules("TB-5")
@pytest.mark.parametrize("seed", SEEDS)
def test_the_start_player_gets_12_money_cards_and_the_other_15(seed: int) -> None:
    state, events = set_up(seed)
    first = state.start_player
    dealt = [(e.seat, len(e.cards)) for e in events if isinstance(e, ev.MoneyDealt)]
    assert dealt == [(first, 12), (1 - first, 15)]
    assert len(state.players[first].money) == 12
    assert len(state.players[1 - first].money) == 15


@pytest.mark.rules("TB-5")
@pytest.mark.parametrize("seed", SEEDS[:4])
def test_each_player_draws_a_hand_of_six(seed: int) -> None:
    state, _ = set_up(seed)
    assert [len(p.hand) for p in state.players] == [6, 6]
    assert len(state.draw_pile) == 120 - 12 - 15 - 6 - 6


@pytest.mark.rules("TB-5")
def test_money_then_hands_are_dealt_from_the_top_of_the_shuffled_pile() -> None:
    state, events = set_up(5)
    order = next(e for e in events if isinstance(e, ev.DeckShuffled)).order
    first, other = state.start_player, 1 - state.start_player
    assert state.players[first].money == order[:12]
    assert state.players[other].money == order[12:27]
    assert state.players[first].hand == order[27:33]
    assert state.players[other].hand == order[33:39]
    assert state.draw_pile == order[39:]


@pytest.mark.rules("TB-4")
def test_the_display_starts_with_three_horse_trams_over_a_stack_of_the_rest() -> None:
    state, events = set_up(0)
    assert state.display == (TramKind.HORSE,) * 3
    assert state.tram_stack == (
        (TramKind.HORSE,) * 2 + (TramKind.STEAM,) * 4 + (TramKind.ELECTRIC,) * 7
    )
    assert [e.TYPE for e in events][-2:] == ["TramsLaidOut", "TurnStarted"]


@pytest.mark.rules("TB-5")
def test_the_start_player_opens_turn_1_at_the_passenger_step() -> None:
    state, events = set_up(3)
    assert events[-1] == ev.TurnStarted(seat=state.start_player, turn=1)
    assert (state.active, state.turn, state.step) == (state.start_player, 1, Step.PASSENGERS)
    assert RULES.to_act(state) == frozenset({state.start_player})


@pytest.mark.rules("TB-4")
def test_terminals_lines_scores_and_discard_pile_start_empty() -> None:
    state, _ = set_up(1)
    assert state.terminals == ((), (), (), ())
    assert state.discard == ()
    assert state.scorings == 0
    assert [(p.lines, p.fahrten, p.extra_tours) for p in state.players] == [((), (), ())] * 2


@pytest.mark.rules("TB-4")
def test_the_same_seed_gives_the_same_set_up() -> None:
    assert set_up(7) == set_up(7)
    assert set_up(7)[0] != set_up(8)[0]


@pytest.mark.rules("TB-1")
@pytest.mark.parametrize("players", [1, 3])
def test_trambahn_is_for_exactly_two_players(players: int) -> None:
    with pytest.raises(MoveError) as caught:
        RULES.initial_state(players, Options())
    assert caught.value.code == BAD_PLAYER_COUNT


@pytest.mark.rules("TB-5")
def test_no_move_is_accepted_before_set_up() -> None:
    empty = RULES.initial_state(2, Options())
    with pytest.raises(MoveError) as caught:
        RULES.decide(empty, 0, RULES.parse_move(board("red-3")), Rng.for_decision("x", 1))
    assert caught.value.code == GAME_NOT_STARTED
    assert RULES.legal_moves(empty, 0) == []
