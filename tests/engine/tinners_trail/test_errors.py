"""Error codes: malformed input, wrong seat, unknown options, and every rule id is tested."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from boardstate.engine.core.errors import BAD_OPTIONS, MALFORMED_MOVE, NOT_YOUR_TURN, MoveError
from boardstate.engine.tinners_trail import RULES
from boardstate.engine.tinners_trail.cited import RULES_CITED
from tests.engine.tinners_trail.fixtures import refused, table


@pytest.mark.parametrize(
    "move",
    [
        {"type": "build_mine", "area": 0},
        {"type": "build_mine", "area": 20},
        {"type": "build_mine"},
        {"type": "bid", "amount": -1},
        {"type": "bid", "amount": "3"},
        {"type": "mine_ore", "area": 5, "tin": 1},
        {"type": "build_adit", "areas": [2]},
        {"type": "invest", "column": 5},
        {"type": "dig_tunnel"},
        {"type": "pass", "extra": 1},
        "pass",
    ],
)
@pytest.mark.rules("TT-38")
def test_malformed_moves_are_refused_with_malformed_move(move: object) -> None:
    with pytest.raises(MoveError) as info:
        RULES.parse_move(move)
    assert info.value.code == MALFORMED_MOVE


@pytest.mark.rules("TT-23")
def test_a_reversed_adit_border_is_malformed() -> None:
    assert refused(table(), 0, {"type": "build_adit", "areas": [2, 1]}).code == MALFORMED_MOVE


@pytest.mark.rules("TT-10")
def test_a_seat_that_owes_nothing_gets_not_your_turn() -> None:
    error = refused(table(), 2, {"type": "pass"})
    assert error.code == NOT_YOUR_TURN
    assert error.details == {"seat": 2, "toAct": [0], "to_act": [0]}


@pytest.mark.rules("TT-38")
def test_unknown_options_are_refused() -> None:
    with pytest.raises(MoveError) as info:
        RULES.parse_options({"arsenic": "yes"})
    assert info.value.code == BAD_OPTIONS
    with pytest.raises(MoveError):
        RULES.parse_options({"emigration": True})


@pytest.mark.rules("TT-38")
def test_every_cited_rule_has_a_scenario_test_refusing_a_move_with_it() -> None:
    sources = "".join(
        p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py")
    )
    tested = set(re.findall(r'"rule": "([a-z_]+)"', sources))
    tested |= set(re.findall(r'\), "([a-z_]+)"\),', sources))  # parametrized (player, rule) cases
    assert set(RULES_CITED) - tested == set()


@pytest.mark.rules("TT-38")
def test_every_illegal_move_names_its_rule_in_the_message() -> None:
    error = refused(table(), 0, {"type": "build_port", "area": 5})
    assert RULES_CITED["coastal"] in error.message
