"""Rejections and their codes (Part A: illegal order is rejected with a clear code; architecture §3)."""

from __future__ import annotations

from typing import Any

import pytest

from boardstate.engine.core.errors import (
    GAME_FINISHED,
    ILLEGAL_MOVE,
    MALFORMED_MOVE,
    NOT_YOUR_TURN,
    MoveError,
)
from boardstate.engine.trambahn import RULES
from boardstate.engine.trambahn import moves as mv
from boardstate.engine.trambahn.cited import RULES_CITED
from boardstate.engine.trambahn.components import Colour
from boardstate.engine.trambahn.state import State
from tests.engine.trambahn.fixtures import board, build, buy, end, income, line, refused, rng, table

HAND = ("red-3", "blue-5", "conductor", "green-9", "red-8")
LINES = [line("red", 1, 4, tram="horse", id=1), line("blue", 2, 10, id=2), line("green", 3, id=3)]


def at(step: str, money: int = 20, display: tuple[str, ...] = ("horse", "horse", "horse")) -> State:
    return table(hands=[HAND], lines=[LINES], step=step, money=[money], display=display)


ILLEGAL: list[tuple[str, State, dict[str, Any]]] = [
    ("step_order", at("passengers"), build("red-8")),
    ("step_order", at("passengers"), income("red-8")),
    ("step_order", at("passengers"), buy("horse", 3)),
    ("step_order", at("passengers"), end()),
    ("step_order", at("stations"), board("red-3")),
    ("step_order", at("income"), build("red-8", 1)),
    ("step_order", at("purchase"), build("red-8", 1)),
    ("step_order", at("purchase"), income("red-8")),
    ("card_in_hand", at("passengers"), board("yellow-3")),
    ("card_in_hand", at("stations"), build("red-9")),
    ("card_in_hand", at("stations"), income("red-9")),
    ("passenger_terminal", at("passengers"), board(("red-3", "green"))),
    ("line_unknown", at("stations"), build("red-8", 4)),
    ("line_unknown", at("stations"), buy("horse", 4)),
    ("line_colour", at("stations"), build("red-8", 3)),
    ("line_closed", at("stations"), build("conductor", 2)),
    ("ascending", at("stations"), build("red-3", 1)),
    ("conductor_line", at("stations"), build("conductor")),
    ("tram_display", at("stations"), buy("electric", 3)),
    ("tram_line", at("stations"), buy("horse", 1)),
    ("tram_price", at("stations", money=4), buy("horse", 3)),
]


@pytest.mark.rules(
    "TB-6", "TB-7", "TB-9", "TB-13", "TB-14", "TB-15", "TB-19", "TB-20", "Q-T5", "Q-T7"
)
@pytest.mark.parametrize(("rule", "state", "move"), ILLEGAL)
def test_an_illegal_move_is_rejected_naming_its_rule(
    rule: str, state: State, move: dict[str, Any]
) -> None:
    error = refused(state, 0, move)
    assert error.code == ILLEGAL_MOVE
    assert error.details["rule"] == rule
    assert RULES_CITED[rule] in error.message


def test_every_cited_rule_has_an_illegal_move_above() -> None:
    assert {rule for rule, _, _ in ILLEGAL} == set(RULES_CITED)


def test_an_illegal_move_is_reported_as_a_dict_with_code_message_and_details() -> None:
    error = refused(at("passengers"), 0, build("red-8"))
    assert error.to_dict() == {
        "code": ILLEGAL_MOVE,
        "message": f"place 1 or 2 passengers before you build stations ({RULES_CITED['step_order']})",
        "details": {"rule": "step_order"},
    }


CARD_MOVES: list[tuple[str, Any]] = [
    ("passengers", lambda card: board((card, "red"))),
    ("stations", build),
    ("stations", income),
]


@pytest.mark.parametrize("card", ["purple-3", "red-11", "red-0", "red-07", "Conductor", "red", ""])
@pytest.mark.parametrize(("step", "make"), CARD_MOVES, ids=["board", "build", "income"])
def test_an_unknown_card_code_is_a_malformed_move(card: str, step: str, make: Any) -> None:
    error = refused(at(step), 0, make(card))
    assert error.code == MALFORMED_MOVE
    assert error.details == {"card": card}


MALFORMED: list[Any] = [
    "end_turn",
    None,
    {},
    {"type": "pass"},
    {"type": "END_TURN"},
    {"type": "board_passengers"},
    {"type": "board_passengers", "passengers": []},
    {"type": "board_passengers", "passengers": [{"card": "red-3", "terminal": "red"}] * 3},
    {"type": "board_passengers", "passengers": "red-3"},
    {"type": "board_passengers", "passengers": [{"card": "red-3"}]},
    {"type": "board_passengers", "passengers": [{"card": "red-3", "terminal": "purple"}]},
    {"type": "board_passengers", "passengers": [{"card": 3, "terminal": "red"}]},
    {"type": "build_station", "card": "red-8", "line": 0},
    {"type": "build_station", "card": "red-8", "line": 10_001},
    {"type": "build_station", "card": "red-8", "line": "1"},
    {"type": "build_station", "card": "red-8", "line": True},
    {"type": "build_station", "card": "red-8", "row": 1},
    {"type": "take_income"},
    {"type": "take_income", "card": ["red-8"]},
    {"type": "buy_tram", "tram": "monorail", "line": 1},
    {"type": "buy_tram", "tram": "horse"},
    {"type": "buy_tram", "tram": "horse", "line": -1},
    {"type": "end_turn", "now": True},
]


@pytest.mark.parametrize("raw", MALFORMED)
def test_a_move_of_the_wrong_shape_is_a_malformed_move(raw: Any) -> None:
    with pytest.raises(MoveError) as caught:
        RULES.parse_move(raw)
    assert caught.value.code == MALFORMED_MOVE
    assert caught.value.message.startswith("malformed move: ")


def test_a_well_formed_move_parses_to_its_dataclass() -> None:
    raw = board("red-3", ("conductor", "blue"))
    assert RULES.parse_move(raw) == mv.BoardPassengers(
        (mv.Passenger("red-3", Colour.RED), mv.Passenger("conductor", Colour.BLUE))
    )
    assert RULES.moves.encode(RULES.parse_move(raw)) == raw


@pytest.mark.rules("TB-6")
@pytest.mark.parametrize("move", [board("red-3"), build("red-8"), end()])
def test_the_seat_not_on_turn_gets_not_your_turn(move: dict[str, Any]) -> None:
    error = refused(table(hands=[HAND, HAND], active=0), 1, move)
    assert error.code == NOT_YOUR_TURN
    assert error.details == {"seat": 1, "toAct": [0], "to_act": [0]}


@pytest.mark.rules("TB-6")
def test_a_seat_outside_the_table_gets_not_your_turn() -> None:
    assert refused(table(), 2, end()).code == NOT_YOUR_TURN


@pytest.mark.rules("Q-T3")
def test_no_move_is_accepted_after_the_end() -> None:
    state = table(
        hands=[("red-3", "blue-5")],
        terminals={"red": ["red-1", "red-2", "red-4"]},
        fahrten=[(0,) * 9, (0,) * 9],
    )
    finished = RULES.evolve(
        state, RULES.decide(state, 0, RULES.parse_move(board("red-3")), rng())[-1]
    )
    assert finished.finished is True
    for seat in (0, 1):
        error = refused(finished, seat, end())
        assert error.code == GAME_FINISHED
