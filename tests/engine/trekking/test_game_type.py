"""The `trekking` game type: metadata, options and the wire form of moves (architecture §3, §5)."""

from __future__ import annotations

from typing import Any

import pytest

from boardstate.engine.core.errors import BAD_OPTIONS, MALFORMED_MOVE, MoveError
from boardstate.engine.table.options_schema import published_options_schema
from boardstate.engine.trekking import RULES
from boardstate.engine.trekking import moves as mv
from boardstate.engine.trekking.components import Colour
from boardstate.engine.trekking.options import EqualYears, Options, TieBreak


@pytest.mark.rules("TK-1")
def test_the_game_type_is_trekking_for_two_to_four_players() -> None:
    info = RULES.info
    assert (info.id, info.min_players, info.max_players) == ("trekking", 2, 4)
    assert info.max_game_length == 3 * 4 * 13


@pytest.mark.rules("TK-25")
def test_options_default_to_part_a() -> None:
    options = RULES.parse_options(None)
    assert options == Options(EqualYears.CONTINUE, TieBreak.CRYSTALS, None)
    assert RULES.options_to_wire(options) == {
        "equal_years": "continue",
        "tie_break": "crystals",
        "display_bonuses": None,
    }
    schema = published_options_schema(RULES)
    assert set(schema["properties"]) == {
        "equal_years",
        "tie_break",
        "display_bonuses",
        "clock",
        "standIn",
        "hints",
    }


@pytest.mark.rules("TK-25")
@pytest.mark.parametrize(
    "raw",
    [
        {"equal_years": "sometimes"},
        {"tie_break": 1},
        {"display_bonuses": ["red"]},
        {"display_bonuses": ["red", "blue", "yellow", "green", "green"]},
        {"colour": "red"},
    ],
)
def test_bad_options_are_rejected(raw: dict[str, Any]) -> None:
    with pytest.raises(MoveError) as info:
        RULES.parse_options(raw)
    assert info.value.code == BAD_OPTIONS


@pytest.mark.rules("TK-10")
def test_moves_have_a_stable_wire_form() -> None:
    move = mv.ChooseCard("I-07", 1, (Colour.GREEN,))
    wire = {"type": "choose_card", "card": "I-07", "crystals": 1, "world_columns": ["green"]}
    assert RULES.moves.encode(move) == wire
    assert RULES.parse_move(wire) == move
    assert RULES.parse_move({"type": "choose_card", "card": "A-01"}) == mv.ChooseCard("A-01")
    assert RULES.parse_move({"type": "choose_itinerary", "itinerary": "IT-03"}) == (
        mv.ChooseItinerary("IT-03")
    )
    schema = RULES.moves.json_schema("move")
    assert {s["properties"]["type"]["const"] for s in schema["oneOf"]} == {
        "choose_card",
        "choose_itinerary",
    }


@pytest.mark.rules("TK-10")
@pytest.mark.parametrize(
    "raw",
    [
        {"type": "choose_card"},
        {"type": "choose_card", "card": 7},
        {"type": "choose_card", "card": "I-01", "crystals": "two"},
        {"type": "choose_card", "card": "I-01", "crystals": 100},
        {"type": "choose_card", "card": "I-01", "world_columns": ["purple"]},
        {"type": "choose_card", "card": "I-01", "space": 3},
        {"type": "choose_itinerary"},
        {"type": "pass"},
        ["choose_card"],
    ],
)
def test_malformed_moves_are_rejected_before_the_rules(raw: Any) -> None:
    with pytest.raises(MoveError) as info:
        RULES.parse_move(raw)
    assert info.value.code == MALFORMED_MOVE


@pytest.mark.rules("TK-6", "TK-10", "TK-11", "TK-12", "TK-15", "Q-K5")
def test_every_illegal_move_names_a_cited_rule_and_every_cited_rule_is_enforced() -> None:
    import re
    from pathlib import Path

    from boardstate.engine.trekking.cited import RULES_CITED, illegal

    source = "".join(p.read_text() for p in Path(mv.__file__).parent.glob("*.py"))
    raised = set(re.findall(r'illegal\(\s*"([a-z_]+)"', source))
    assert raised == set(RULES_CITED)
    error = illegal("crystal_floor", "too many crystals")
    assert error.details["rule"] == "crystal_floor"
    assert RULES_CITED["crystal_floor"] in error.message
