"""The reconstructed 2008 data set (rules/tinners_trail.md Part A A.2–A.4)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from boardstate.engine.core.data import DataFileError, parse_data_set
from boardstate.engine.tinners_trail import RULES
from boardstate.engine.tinners_trail.components import COMPONENTS, load_components

RECONSTRUCTED = (
    "areas",
    "borders",
    "dice",
    "tin_prices",
    "copper_prices",
    "developments",
    "pump_stacks",
    "investment_costs",
    "investment_vp",
    "arsenic_market",
)


def _document() -> dict[str, Any]:
    text = resources.files("boardstate.engine.tinners_trail.data").joinpath(
        "reconstructed-2008.json"
    )
    doc: dict[str, Any] = json.loads(text.read_text(encoding="utf-8"))
    return doc


@pytest.mark.rules("TT-2")
def test_every_value_has_provenance_and_the_board_data_is_marked_reconstructed() -> None:
    meta = RULES.data.metadata()
    assert meta["dataSet"] == "tinners-trail-reconstructed-2008"
    for name, prov in meta["values"].items():
        assert prov["provenance"] in ("printed", "reconstructed"), name
        assert prov["source"], name
    assert all(meta["values"][name]["provenance"] == "reconstructed" for name in RECONSTRUCTED)
    assert meta["values"]["start_money"]["provenance"] == "printed"


@pytest.mark.rules("TT-2")
def test_the_map_has_19_areas_11_of_them_seeded_and_34_borders() -> None:
    assert len(COMPONENTS.areas) == 19
    assert sum(a.seeded for a in COMPONENTS.areas) == 11
    assert len(COMPONENTS.borders) == 34
    assert COMPONENTS.area(10).neighbours == (4,)
    for a, b in COMPONENTS.borders:
        assert b in COMPONENTS.area(a).neighbours
        assert a in COMPONENTS.area(b).neighbours


@pytest.mark.rules("TT-2")
def test_the_developments_schedule_uses_exactly_the_pieces_of_the_game() -> None:
    counts = COMPONENTS.piece_counts
    for kind in ("ports", "miners", "adits", "railways"):
        assert sum(getattr(s, kind) for s in COMPONENTS.schedule) == counts[kind]
    assert sum(COMPONENTS.pump_stacks) == counts["steam_pumps"]


@pytest.mark.rules("TT-2")
def test_the_price_tables_have_a_row_for_every_dice_total() -> None:
    top = sum(max(faces) for faces in COMPONENTS.dice.values())
    assert COMPONENTS.top_row == top == 9
    assert len(COMPONENTS.prices["tin"]) == len(COMPONENTS.prices["copper"]) == top + 1


@pytest.mark.rules("TT-36")
def test_the_arsenic_market_reproduces_the_katie_example() -> None:
    round_two = [v for section, v in COMPONENTS.market_spaces if section >= 1]
    assert round_two[0] + round_two[1] == 26
    assert COMPONENTS.market_spaces[-1] == (3, 6)


def _without(name: str) -> Callable[[dict[str, Any]], None]:
    return lambda v: v.pop(name)


def _set(name: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda v: v[name].__setitem__("value", value)


BROKEN = {
    "a border listed twice": _set("borders", [[1, 2], [2, 1]]),
    "a disconnected map": lambda v: v["borders"]["value"].remove([4, 10]),
    "printed cubes on an unseeded area": lambda v: v["areas"]["value"][7].__setitem__(
        "printed_tin", 1
    ),
    "a short price table": _set("tin_prices", [1, 2, 3]),
    "falling prices": _set("copper_prices", [6, 5, 5, 4, 4, 3, 3, 2, 2, 1]),
    "too many ports scheduled": lambda v: v["developments"]["value"][0].__setitem__("ports", 9),
    "a market without the unlimited space last": _set(
        "arsenic_market", {"sections": [[20], [14], [10], [7]], "unlimited_value": 6}
    ),
    "a missing value": _without("dice"),
    "a die with five faces": _set(
        "dice", {"water": [0, 1, 2, 3, 3], "copper": [0] * 6, "tin": [0] * 6}
    ),
}


@pytest.mark.rules("TT-2")
@pytest.mark.parametrize("break_it", BROKEN.values(), ids=list(BROKEN))
def test_inconsistent_data_is_refused_with_a_data_file_error(
    break_it: Callable[[dict[str, Any]], None],
) -> None:
    doc = copy.deepcopy(_document())
    break_it(doc["values"])
    with pytest.raises(DataFileError):
        load_components(parse_data_set(doc, "test"))


@pytest.mark.rules("TT-2")
def test_the_shipped_file_loads() -> None:
    assert load_components(parse_data_set(_document(), "test")).areas == COMPONENTS.areas
