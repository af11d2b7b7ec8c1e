"""The Trekking content data set (rules/trekking.md Part A; issue item 1): 108 real history
cards, 12 ancestors, 24 itineraries, display bonuses and the trek table, validated, with
provenance on every value, written once by the committed script."""

from __future__ import annotations

import copy
import importlib.util
import json
from collections import Counter
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from boardstate.engine.core.data import DataFileError, parse_data_set
from boardstate.engine.trekking import RULES
from boardstate.engine.trekking.components import COMPONENTS, DATA, Bonus, Token, load_components

ROOT = Path(__file__).resolve().parents[3]
FILE = "trekking-underdog-2022.json"


def _document() -> dict[str, Any]:
    text = (
        resources.files("boardstate.engine.trekking.data")
        .joinpath(FILE)
        .read_text(encoding="utf-8")
    )
    doc = json.loads(text)
    assert isinstance(doc, dict)
    return doc


@pytest.mark.rules("TK-2")
def test_the_data_file_is_exactly_what_the_committed_script_writes() -> None:
    spec = importlib.util.spec_from_file_location(
        "trekking_data", ROOT / "scripts" / "trekking_data.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    committed = (ROOT / "engine" / "trekking" / "data" / FILE).read_text(encoding="utf-8")
    assert module.render() == committed


@pytest.mark.rules("TK-2", "Q-K1")
def test_there_are_108_history_cards_36_per_day() -> None:
    assert len(COMPONENTS.cards) == 108
    assert [len(d) for d in COMPONENTS.day_decks] == [36, 36, 36]
    assert [c.id for c in COMPONENTS.cards.values()][:2] == ["I-01", "I-02"]


@pytest.mark.rules("TK-2", "Q-K1")
@pytest.mark.parametrize(("day", "lo", "hi"), [(1, -37000, 1903), (2, -3500, 1985), (3, -70, 1994)])
def test_every_card_is_a_dated_event_within_its_days_range(day: int, lo: int, hi: int) -> None:
    for card_id in COMPONENTS.day_decks[day - 1]:
        card = COMPONENTS.cards[card_id]
        assert lo <= card.year <= hi, card
        assert card.title


@pytest.mark.rules("TK-2")
def test_every_card_shows_a_different_event() -> None:
    titles = Counter(c.title for c in COMPONENTS.cards.values())
    assert max(titles.values()) == 1


@pytest.mark.rules("TK-2", "Q-K1")
def test_the_dates_reviews_quote_from_the_printed_cards_are_in_their_decks() -> None:
    years = {(c.day, c.year) for c in COMPONENTS.cards.values()}
    assert {(1, -37000), (1, 1271), (1, 1707), (2, -3500), (2, 1985), (3, 1994)} <= years


@pytest.mark.rules("TK-2", "Q-K1")
@pytest.mark.parametrize("day", [1, 2, 3])
def test_each_day_deck_follows_part_a_for_hours_and_rewards(day: int) -> None:
    cards = [COMPONENTS.cards[c] for c in COMPONENTS.day_decks[day - 1]]
    assert Counter(c.hours for c in cards) == {1: 6, 2: 8, 3: 9, 4: 8, 5: 5}
    shapes = Counter((c.hours, len(c.tokens), c.crystals) for c in cards)
    assert shapes == {
        (1, 1, 0): 6,
        (2, 2, 0): 8,
        (3, 3, 0): 6,
        (3, 2, 1): 3,
        (4, 4, 0): 6,
        (4, 3, 1): 2,
        (5, 5, 0): 4,
        (5, 4, 1): 1,
    }
    tokens = Counter(t for c in cards for t in c.tokens)
    colours = [tokens[t] for t in (Token.RED, Token.BLUE, Token.YELLOW, Token.GREEN)]
    assert max(colours) - min(colours) <= 1
    assert tokens[Token.WORLD] == 10
    assert sum(tokens.values()) == 100


@pytest.mark.rules("TK-2", "Q-K3")
def test_six_ancestors_cost_one_hour_for_one_pp_and_six_two_hours_for_a_world_token() -> None:
    kinds = Counter((a.hours, a.pp, a.tokens) for a in COMPONENTS.ancestors.values())
    assert kinds == {(1, 1, ()): 6, (2, 0, (Token.WORLD,)): 6}


@pytest.mark.rules("TK-2", "Q-K4")
def test_the_24_itineraries_all_differ_and_stay_within_part_a() -> None:
    layouts = list(COMPONENTS.itineraries.values())
    assert len(layouts) == 24
    assert len({(i.pp, i.crystals, i.groups) for i in layouts}) == 24
    for it in layouts:
        pp = [v for col in it.pp for v in col if v]
        crystals = [v for col in it.crystals for v in col if v]
        assert 3 <= len(pp) <= 5
        assert all(1 <= v <= 3 for v in pp)
        assert 1 <= len(crystals) <= 2
        assert 1 <= len(it.groups) <= 2
        for group in it.groups:
            assert 2 <= len(group.spaces) <= 4
            assert len({c for c, _ in group.spaces}) >= 2
            assert 3 <= group.pp <= 6


@pytest.mark.rules("Q-K2", "Q-K9")
def test_the_display_bonuses_and_the_trek_table_are_part_a() -> None:
    assert COMPONENTS.display_bonuses == (
        Bonus.RED,
        Bonus.BLUE,
        Bonus.YELLOW,
        Bonus.GREEN,
        Bonus.CRYSTAL,
    )
    assert COMPONENTS.trek_table == (-3, 1, 3, 6, 9, 13, 17, 21, 25, 30)
    assert (COMPONENTS.punctuality_bonus, COMPONENTS.start_crystals, COMPONENTS.hours_per_day) == (
        3,
        1,
        12,
    )


@pytest.mark.rules("TK-2")
def test_every_value_carries_its_provenance_and_source() -> None:
    meta = RULES.data.metadata()
    assert meta["dataSet"] == DATA.id
    assert len(meta["contentHash"]) == 64
    cards = {k: v for k, v in meta["values"].items() if k.startswith("card:")}
    assert len(cards) == 108
    assert all(
        v["provenance"] == "reconstructed" and "Wikipedia" in v["source"] for v in cards.values()
    )
    for name in ("trek_points", "display_bonuses", "itineraries", "ancestor_cards"):
        assert meta["values"][name]["provenance"] == "reconstructed"
    for name in ("punctuality_bonus", "start_crystals", "day_year_ranges", "hours_per_day"):
        assert meta["values"][name]["provenance"] == "printed"


def _year(doc: dict[str, Any]) -> None:
    doc["values"]["card:I-01"]["value"]["year"] = 1950


def _hours(doc: dict[str, Any]) -> None:
    doc["values"]["card:I-01"]["value"]["hours"] = 5


def _tokens(doc: dict[str, Any]) -> None:
    doc["values"]["card:II-05"]["value"]["tokens"] = ["red", "red"]


def _itinerary(doc: dict[str, Any]) -> None:
    layouts = doc["values"]["itineraries"]["value"]
    layouts[1] = dict(layouts[0], id=layouts[1]["id"])


def _trek(doc: dict[str, Any]) -> None:
    doc["values"]["trek_points"]["value"]["10"] = 28


def _ancestor(doc: dict[str, Any]) -> None:
    doc["values"]["ancestor_cards"]["value"][0]["pp"] = 2


def _bonus(doc: dict[str, Any]) -> None:
    doc["values"]["display_bonuses"]["value"][0] = "blue"


def _missing(doc: dict[str, Any]) -> None:
    del doc["values"]["card:III-36"]


def _malformed(doc: dict[str, Any]) -> None:
    doc["values"]["card:I-02"]["value"]["tokens"] = ["purple"]


@pytest.mark.rules("TK-2")
@pytest.mark.parametrize(
    ("mutate", "fragment"),
    [
        (_year, "outside day 1"),
        (_hours, "must give"),
        (_tokens, "must give"),
        (_itinerary, "all itineraries differ"),
        (_trek, "30 for 10"),
        (_ancestor, "six ancestors"),
        (_bonus, "display bonuses"),
        (_missing, "day 3 has 35 cards"),
        (_malformed, "malformed"),
    ],
)
def test_an_inconsistent_data_file_is_rejected_naming_the_problem(
    mutate: Callable[[dict[str, Any]], None], fragment: str
) -> None:
    doc = copy.deepcopy(_document())
    mutate(doc)
    with pytest.raises(DataFileError) as info:
        load_components(parse_data_set(doc, "test"))
    assert fragment in str(info.value)


@pytest.mark.rules("TK-2")
def test_the_shipped_document_loads_cleanly() -> None:
    assert load_components(parse_data_set(_document(), "test")).cards == COMPONENTS.cards
