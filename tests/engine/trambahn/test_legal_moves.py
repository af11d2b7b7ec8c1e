"""`legal_moves`: everything listed is accepted, and nothing legal is missing (Part A: a turn is
built step by step and legal moves can be listed at every step)."""

from __future__ import annotations

from collections import Counter

import pytest

from boardstate.engine.core.errors import MoveError
from boardstate.engine.core.replay import start
from boardstate.engine.core.rng import Rng
from boardstate.engine.trambahn import RULES
from boardstate.engine.trambahn import moves as mv
from boardstate.engine.trambahn.components import Colour, TramKind
from boardstate.engine.trambahn.options import Options
from boardstate.engine.trambahn.state import State
from tests.engine.trambahn.fixtures import line, rng, table

HAND = ("red-6", "red-6", "blue-10", "conductor", "green-1")
LINES = (
    line("red", 2, 5, tram="horse", id=1),
    line("red", 7, id=2),
    line("red", 3, 10, tram="steam", id=3),
    line("blue", 4, id=4),
)


def accepted(state: State, seat: int, move: mv.Move) -> bool:
    try:
        RULES.decide(state, seat, move, rng())
    except MoveError:
        return False
    return True


def assert_all_accepted(state: State) -> list[mv.Move]:
    moves = list(RULES.legal_moves(state, state.active))
    assert moves, "a seat on turn always has a move"
    assert len(set(moves)) == len(moves), "each move is listed once"
    refused = [m for m in moves if not accepted(state, state.active, m)]
    assert refused == []
    assert [RULES.parse_move(RULES.moves.encode(m)) for m in moves] == moves
    return moves


INTERESTING = {
    "passengers with a conductor and twins": table(hands=[HAND]),
    "passengers completing two terminals": table(
        hands=[HAND], terminals={"red": ["red-1"] * 3, "green": ["green-2"] * 3}
    ),
    "passengers that end the game": table(
        hands=[HAND], terminals={"red": ["red-1"] * 3}, fahrten=[(0,) * 9, (0,) * 9]
    ),
    "stations": table(hands=[HAND], lines=[LINES], step="stations", money=[15]),
    "stations before an extra tour": table(
        hands=[("red-8", "conductor")],
        lines=[[line("red", 1, 2, 3, 4, 5, 6, 7, tram="horse")]],
        step="stations",
    ),
    "income": table(hands=[HAND], lines=[LINES], step="income", money=[9]),
    "purchase": table(
        hands=[HAND], lines=[LINES], step="purchase", money=[30], display=["horse", "steam"]
    ),
    "end of turn with an empty draw pile": table(
        hands=[HAND], step="purchase", draw=[], money=[6, 3]
    ),
    "second seat on turn": table(hands=[HAND, HAND], active=1, step="stations", lines=[[], LINES]),
}


@pytest.mark.rules("TB-6")
@pytest.mark.parametrize("state", INTERESTING.values(), ids=INTERESTING.keys())
def test_every_listed_move_is_accepted(state: State) -> None:
    assert_all_accepted(state)


def test_every_listed_move_is_accepted_right_after_set_up() -> None:
    state, _ = start(RULES, 2, Options(), Rng.for_decision("legal", 0))
    moves = assert_all_accepted(state)
    assert {type(m) for m in moves} == {mv.BoardPassengers}


@pytest.mark.rules("TB-6")
def test_the_seat_not_on_turn_has_no_legal_moves() -> None:
    state = table(hands=[HAND, HAND], active=0)
    assert RULES.legal_moves(state, 1) == []


@pytest.mark.rules("TB-13")
def test_legal_moves_list_every_build_target_and_nothing_else() -> None:
    state = INTERESTING["stations"]
    builds = {m for m in RULES.legal_moves(state, 0) if isinstance(m, mv.BuildStation)}
    assert builds == {
        mv.BuildStation("red-6", None),
        mv.BuildStation("red-6", 1),
        mv.BuildStation("blue-10", None),
        mv.BuildStation("blue-10", 4),
        mv.BuildStation("conductor", 1),
        mv.BuildStation("conductor", 2),
        mv.BuildStation("conductor", 4),
        mv.BuildStation("green-1", None),
    }
    candidates = [mv.BuildStation(c, n) for c in {*HAND, "red-9"} for n in (None, 1, 2, 3, 4, 5)]
    assert {m for m in candidates if accepted(state, 0, m)} == builds


@pytest.mark.rules("TB-19")
def test_legal_moves_list_every_buy_target_and_nothing_else() -> None:
    state = table(
        hands=[HAND],
        lines=[LINES],
        step="stations",
        money=[10],
        display=["horse", "steam", "electric"],
    )
    buys = {m for m in RULES.legal_moves(state, 0) if isinstance(m, mv.BuyTram)}
    assert buys == {
        mv.BuyTram(TramKind.HORSE, 2),
        mv.BuyTram(TramKind.HORSE, 4),
        mv.BuyTram(TramKind.STEAM, 2),
        mv.BuyTram(TramKind.STEAM, 4),
    }
    candidates = [mv.BuyTram(k, n) for k in TramKind for n in range(1, 6)]
    assert {m for m in candidates if accepted(state, 0, m)} == buys


@pytest.mark.rules("TB-20")
def test_a_poorer_player_is_offered_only_the_trams_they_can_pay() -> None:
    state = table(lines=[LINES], step="purchase", money=[9], display=["horse", "steam"])
    buys = [m for m in RULES.legal_moves(state, 0) if isinstance(m, mv.BuyTram)]
    assert buys == [mv.BuyTram(TramKind.HORSE, 2), mv.BuyTram(TramKind.HORSE, 4)]


@pytest.mark.rules("TB-6")
def test_each_step_lists_only_its_own_and_later_moves() -> None:
    def kinds(step: str) -> Counter[str]:
        state = table(hands=[HAND], lines=[LINES], step=step, money=[5])
        return Counter(type(m).TYPE for m in RULES.legal_moves(state, 0))

    assert kinds("stations") == {"build_station": 8, "take_income": 4, "buy_tram": 2, "end_turn": 1}
    assert kinds("income") == {"take_income": 4, "buy_tram": 2, "end_turn": 1}
    assert kinds("purchase") == {"buy_tram": 2, "end_turn": 1}
    assert set(kinds("passengers")) == {"board_passengers"}


@pytest.mark.rules("TB-8")
def test_two_passengers_are_listed_in_both_orders() -> None:
    state = table(hands=[("red-3", "blue-4")])
    red = mv.Passenger("red-3", Colour.RED)
    blue = mv.Passenger("blue-4", Colour.BLUE)
    assert set(RULES.legal_moves(state, 0)) == {
        mv.BoardPassengers((red,)),
        mv.BoardPassengers((blue,)),
        mv.BoardPassengers((red, blue)),
        mv.BoardPassengers((blue, red)),
    }


@pytest.mark.rules("TB-9")
def test_a_conductor_is_listed_at_every_terminal() -> None:
    state = table(hands=[("conductor",)])
    assert RULES.legal_moves(state, 0) == [
        mv.BoardPassengers((mv.Passenger("conductor", c),)) for c in Colour
    ]


@pytest.mark.rules("TB-8")
def test_twin_cards_are_one_choice_alone_and_may_board_together() -> None:
    state = table(hands=[("red-3", "red-3")])
    one = mv.Passenger("red-3", Colour.RED)
    assert RULES.legal_moves(state, 0) == [
        mv.BoardPassengers((one,)),
        mv.BoardPassengers((one, one)),
    ]


def play_out(seed: int) -> State:
    state: State
    state, _ = start(RULES, 2, Options(), Rng.for_decision(f"play-{seed}", 0))
    chooser = Rng.for_decision(f"choose-{seed}", 0)
    for version in range(1, RULES.info.max_game_length + 1):
        if state.finished:
            return state
        moves = assert_all_accepted(state)
        # Favour the last listed move (end of turn at steps 2-4), so random games move on.
        move = moves[-1] if chooser.below(4) == 0 else chooser.choice(moves)
        for event in RULES.decide(state, state.active, move, Rng.for_decision(str(seed), version)):
            state = RULES.evolve(state, event)
    raise AssertionError("the game did not end within max_game_length")


@pytest.mark.rules("TB-6")
@pytest.mark.parametrize("seed", [1, 2])
def test_a_random_game_accepts_every_listed_move_at_every_step_until_its_end(seed: int) -> None:
    final = play_out(seed)
    assert final.finished is True
    assert final.end_reason in {"tenth_scoring", "no_cards"}
    assert [RULES.legal_moves(final, s) for s in (0, 1)] == [[], []]
