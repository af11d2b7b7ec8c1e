"""The shipped data set (rules/mine.md Part A; Part B §2.1, §2.3, §2.3.1): the reconstructed
36-card deck and the symbol cards, with provenance per value and consistency checks."""

from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources
from typing import Any

import pytest

from boardstate.engine.core.data import DataFileError, parse_data_set
from boardstate.engine.core.rng import Rng
from boardstate.engine.mine import RULES
from boardstate.engine.mine import setup_events as sev
from boardstate.engine.mine.components import COMPONENTS, DATA, Colour, Symbol, load_components
from boardstate.engine.mine.geometry import ALL_OPEN, Face


def _doc() -> dict[str, Any]:
    text = (
        resources.files("boardstate.engine.mine.data").joinpath("tf22-mine-2013.json").read_text()
    )
    doc: dict[str, Any] = json.loads(text)
    return doc


@pytest.mark.rules("MN-2")
def test_every_value_is_marked_printed_or_reconstructed_with_its_source() -> None:
    meta = DATA.metadata()
    assert meta["dataSet"] == "tf22-mine-2013-reconstructed-v1"
    assert len(meta["contentHash"]) == 64
    for name, prov in meta["values"].items():
        assert prov["provenance"] in ("printed", "reconstructed"), name
        assert prov["source"], name


@pytest.mark.rules("MN-2")
def test_the_card_manifest_and_symbol_mapping_are_reconstructed_and_the_counts_printed() -> None:
    prov = {name: p["provenance"] for name, p in DATA.provenance.items()}
    assert prov["mine_cards"] == prov["symbols_by_value"] == "reconstructed"
    assert prov["centre_cards"] == prov["loader_start_positions"] == "reconstructed"
    assert prov["mine_card_count"] == prov["symbol_card_values"] == "printed"
    assert prov["ranium_pieces"] == prov["ore_per_turn"] == "printed"


@pytest.mark.rules("MN-2")
def test_every_card_shows_two_colours_and_each_colour_lies_on_18_faces() -> None:
    assert len(COMPONENTS.cards) == 36
    faces = Counter(f.colour for pair in COMPONENTS.cards.values() for f in pair)
    assert faces == dict.fromkeys(Colour, 18)
    assert all(a.colour is not b.colour for a, b in COMPONENTS.cards.values())


@pytest.mark.rules("MN-2")
def test_each_colour_has_two_crossings_and_each_symbol_once() -> None:
    for colour in Colour:
        sides = [f for pair in COMPONENTS.cards.values() for f in pair if f.colour is colour]
        assert sum(f.openings == ALL_OPEN for f in sides) == 2
        assert sorted(f.symbol.value for f in sides if f.symbol) == sorted(s.value for s in Symbol)


@pytest.mark.rules("MN-5")
def test_the_centre_cards_show_the_crossing_of_their_colour_and_no_symbol() -> None:
    assert COMPONENTS.centre_cards == {
        Colour.WHITE: ("M07", Face.A),
        Colour.RED: ("M06", Face.B),
        Colour.BLUE: ("M12", Face.B),
        Colour.YELLOW: ("M30", Face.B),
    }
    for colour, (card, face) in COMPONENTS.centre_cards.items():
        side = COMPONENTS.face(card, face)
        assert (side.colour, side.openings, side.symbol) == (colour, ALL_OPEN, None)
    assert len(COMPONENTS.ring_cards) == 32


@pytest.mark.rules("MN-3")
def test_symbol_cards_are_five_per_colour_valued_2_to_6_from_circle_to_hexagon() -> None:
    assert COMPONENTS.symbol_cards(Colour.RED) == ("red-2", "red-3", "red-4", "red-5", "red-6")
    assert [COMPONENTS.card_symbol(f"blue-{v}") for v in range(2, 7)] == list(Symbol)
    assert len(COMPONENTS.all_symbol_cards) == 20


def _set(doc: dict[str, Any], name: str, value: Any) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    doc["values"][name]["value"] = value
    return doc


def _card(doc: dict[str, Any], card: str, side: int, value: Any) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    doc["values"]["mine_cards"]["value"][card][side] = value
    return doc


def _whole_card(doc: dict[str, Any], card: str, faces: Any) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    doc["values"]["mine_cards"]["value"][card] = faces
    return doc


def _centre(**change: list[str]) -> dict[str, list[str]]:
    value: dict[str, list[str]] = copy.deepcopy(_doc()["values"]["centre_cards"]["value"])
    return value | change


def _symbols(**change: str) -> dict[str, str]:
    value: dict[str, str] = copy.deepcopy(_doc()["values"]["symbols_by_value"]["value"])
    return value | change


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda d: _card(d, "M01", 1, ["W", "N", None]), "same colour on both faces"),
        (lambda d: _card(d, "M01", 0, ["W", "NX", None]), "unknown opening"),
        (lambda d: _card(d, "M01", 0, ["W", "", None]), "at least one opening"),
        (lambda d: _card(d, "M01", 0, ["G", "N", None]), "unknown colour"),
        (lambda d: _card(d, "M01", 0, ["W", "N", "moon"]), "unknown symbol"),
        (lambda d: _card(d, "M01", 0, ["W", "N", "circle"]), "each symbol exactly once"),
        (lambda d: _card(d, "M01", 0, "W"), "a face is [colour, openings, symbol]"),
        (lambda d: _set(d, "mine_card_count", 35), "36 mine cards"),
        (lambda d: _set(d, "centre_cards", {"white": ["M07", "B"]}), "one card per colour"),
        (lambda d: _set(d, "symbol_cards_per_colour", 4), "one symbol card per value"),
        (lambda d: _set(d, "ranium_start", [[1, 1], [1, 4], [4, 4], [2, 2]]), "inner-ring"),
        (lambda d: _set(d, "loader_start_positions", [2, 2, 9]), "distinct position"),
        (lambda d: _set(d, "loader_start_positions", [2, 9, 20]), "outer-ring indices"),
        (lambda d: _whole_card(d, "M01", [["W", "N", None]]), "exactly two faces"),
        (
            lambda d: _card(_card(d, "M07", 0, ["W", "NES", None]), "M13", 0, ["W", "NES", None]),
            "needs at least one crossing",
        ),
        (lambda d: _set(d, "centre_cards", _centre(white=["M01", "A"])), "white crossing"),
        (lambda d: _set(d, "centre_arrangement", ["white"] * 4), "every colour once"),
        (lambda d: _set(d, "symbols_by_value", _symbols(**{"3": "circle"})), "one-to-one"),
        (lambda d: _set(d, "symbol_card_values", [2, 3, 4, 5, 7]), "cover exactly"),
        (lambda d: _set(d, "ranium_pieces", 5), "one Ranium per start cell"),
        (lambda d: _set(d, "ore_costs", {"transporter_trap": 1, "secret_tunnel": 3}), "ore_costs"),
        (
            lambda d: _set(d, "colours", {"W": "white", "R": "red", "B": "blue", "Y": "green"}),
            "colours",
        ),
    ],
)
@pytest.mark.rules("MN-2")
def test_inconsistent_data_is_refused_with_the_reason(change: Any, fragment: str) -> None:
    data = parse_data_set(change(_doc()), "test")
    with pytest.raises(DataFileError) as info:
        load_components(data)
    assert fragment in str(info.value)


@pytest.mark.rules("MN-2")
def test_the_game_records_the_data_set_id_and_content_hash_when_the_mine_is_laid_out() -> None:
    state = RULES.initial_state(4, RULES.parse_options(None))
    events = RULES.setup(state, Rng.for_decision("data", 0))
    laid = events[0]
    assert isinstance(laid, sev.MineLaidOut)
    assert (laid.data_set, laid.content_hash) == (DATA.id, DATA.content_hash)
    after = RULES.evolve(state, laid)
    assert (after.data_set, after.content_hash) == (DATA.id, DATA.content_hash)
    assert RULES.data is DATA
