"""Component data (rules/trambahn.md 1A.2, Part A: a validated data file with provenance)."""

from __future__ import annotations

import copy
import hashlib
import json
from collections import Counter
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from boardstate.engine.core.canonical import canonical_bytes
from boardstate.engine.core.data import DataFileError, parse_data_set
from boardstate.engine.trambahn import RULES
from boardstate.engine.trambahn.components import (
    COMPONENTS,
    CONDUCTOR,
    DATA,
    Colour,
    TramKind,
    card_colour,
    card_value,
    load_components,
)


def document() -> dict[str, Any]:
    text = resources.files("boardstate.engine.trambahn.data").joinpath("trambahn-lookout-2015.json")
    doc: dict[str, Any] = json.loads(text.read_text(encoding="utf-8"))
    return doc


@pytest.mark.rules("TB-3")
def test_the_shipped_data_file_loads_with_its_id_and_content_hash() -> None:
    assert DATA.id == "trambahn-lookout-2015"
    assert DATA.content_hash == hashlib.sha256(canonical_bytes(document())).hexdigest()
    assert RULES.data is DATA
    assert DATA.metadata()["dataSet"] == "trambahn-lookout-2015"


@pytest.mark.rules("TB-3")
def test_each_value_is_marked_printed_or_reconstructed() -> None:
    provenance = {name: p["provenance"] for name, p in DATA.provenance.items()}
    assert set(provenance.values()) == {"printed", "reconstructed"}
    assert provenance["vp_by_value"] == "reconstructed"
    assert provenance["trams"] == "printed"
    assert all(p["source"] for p in DATA.provenance.values())


@pytest.mark.rules("TB-2")
def test_there_are_112_station_cards_28_per_colour_and_8_conductors() -> None:
    counts = Counter(card_colour(c) for c in COMPONENTS.deck)
    assert counts == {Colour.BLUE: 28, Colour.RED: 28, Colour.GREEN: 28, Colour.YELLOW: 28, None: 8}
    assert len(COMPONENTS.deck) == 120
    assert COMPONENTS.deck.count(CONDUCTOR) == 8


@pytest.mark.rules("TB-2")
@pytest.mark.parametrize("colour", list(Colour))
def test_each_colour_has_values_1_and_10_twice_and_2_to_9_three_times(colour: Colour) -> None:
    values = Counter(card_value(c) for c in COMPONENTS.deck if card_colour(c) is colour)
    assert values == {1: 2, 10: 2} | dict.fromkeys(range(2, 10), 3)


@pytest.mark.rules("TB-2")
def test_there_are_16_trams_5_horse_4_steam_7_electric_with_their_multipliers_and_prices() -> None:
    assert [(t.kind, t.count, t.multiplier, t.price) for t in COMPONENTS.trams] == [
        (TramKind.HORSE, 5, 2, 5),
        (TramKind.STEAM, 4, 3, 10),
        (TramKind.ELECTRIC, 7, 4, 15),
    ]
    assert len(COMPONENTS.tram_stack) == 16


@pytest.mark.rules("Q-T1")
def test_the_vp_table_is_the_reconstructed_one_and_never_falls() -> None:
    assert COMPONENTS.vp == {1: 1, 2: 1, 3: 1, 4: 1, 5: 2, 6: 2, 7: 2, 8: 3, 9: 3, 10: 3}
    ordered = [COMPONENTS.vp[v] for v in range(1, 11)]
    assert ordered == sorted(ordered)


@pytest.mark.rules("TB-2")
def test_the_shipped_numbers_are_the_rulebook_ones() -> None:
    assert (COMPONENTS.start_money_first, COMPONENTS.start_money_other) == (12, 15)
    assert (COMPONENTS.hand_size, COMPONENTS.display_size) == (6, 3)
    assert (COMPONENTS.passengers_per_scoring, COMPONENTS.extra_tour_length) == (4, 8)
    assert (COMPONENTS.closing_value, COMPONENTS.scorings_to_end) == (10, 10)


@pytest.mark.rules("Q-T8")
def test_card_codes_name_colour_and_value() -> None:
    assert (card_colour("yellow-10"), card_value("yellow-10")) == (Colour.YELLOW, 10)
    assert (card_colour(CONDUCTOR), card_value(CONDUCTOR)) == (None, 0)


@pytest.mark.rules("Q-T8")
def test_the_four_colours_are_blue_red_green_and_yellow_in_terminal_order() -> None:
    assert [colour.value for colour in Colour] == ["blue", "red", "green", "yellow"]
    assert {card_colour(card) for card in COMPONENTS.deck} - {None} == set(Colour)


def _set(doc: dict[str, Any], name: str, value: Any) -> None:
    doc["values"][name]["value"] = value


DOCUMENT_DAMAGE: dict[str, Callable[[dict[str, Any]], Any]] = {
    "no id": lambda d: d.pop("id"),
    "no values": lambda d: d.update(values={}),
    "an entry without value": lambda d: d["values"]["hand_size"].pop("value"),
    "an unknown provenance": lambda d: d["values"]["hand_size"].update(provenance="guessed"),
    "an entry without source": lambda d: d["values"]["hand_size"].update(source=""),
}


@pytest.mark.rules("TB-3")
@pytest.mark.parametrize("damage", DOCUMENT_DAMAGE.values(), ids=DOCUMENT_DAMAGE.keys())
def test_a_corrupted_data_document_is_rejected(damage: Callable[[dict[str, Any]], Any]) -> None:
    doc = document()
    damage(doc)
    with pytest.raises(DataFileError):
        parse_data_set(doc, origin="test")


COMPONENT_DAMAGE: dict[str, Callable[[dict[str, Any]], Any]] = {
    "vp falls": lambda d: _set(d, "vp_by_value", {**d["values"]["vp_by_value"]["value"], "9": 2}),
    "vp of 4": lambda d: _set(d, "vp_by_value", {**d["values"]["vp_by_value"]["value"], "10": 4}),
    "vp missing a value": lambda d: d["values"]["vp_by_value"]["value"].pop("5"),
    "29 cards a colour": lambda d: _set(
        d,
        "station_copies_per_colour",
        {**d["values"]["station_copies_per_colour"]["value"], "5": 4},
    ),
    "a value 11": lambda d: _set(
        d,
        "station_copies_per_colour",
        {**d["values"]["station_copies_per_colour"]["value"], "11": 0},
    ),
    "colours renamed": lambda d: _set(d, "colours", ["blue", "red", "green", "brown"]),
    "a tram kind missing": lambda d: d["values"]["trams"]["value"].pop(),
}


@pytest.mark.rules("TB-3")
@pytest.mark.parametrize("damage", COMPONENT_DAMAGE.values(), ids=COMPONENT_DAMAGE.keys())
def test_inconsistent_component_data_is_rejected(damage: Callable[[dict[str, Any]], Any]) -> None:
    doc = copy.deepcopy(document())
    damage(doc)
    with pytest.raises(DataFileError):
        load_components(parse_data_set(doc, origin="test"))


@pytest.mark.rules("TB-3")
def test_the_undamaged_document_builds_the_same_components() -> None:
    rebuilt = load_components(parse_data_set(document(), origin="test"))
    assert (rebuilt.deck, rebuilt.tram_stack, rebuilt.vp) == (
        COMPONENTS.deck,
        COMPONENTS.tram_stack,
        COMPONENTS.vp,
    )
