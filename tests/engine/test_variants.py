"""Variants in the metadata (issue 20, item 2): per player count printed or variant, every
option value that departs from the printed rules, with its rule text, in the options schema and
in what a game was played with; a game that may never end has no bound."""

from __future__ import annotations

import pytest

from boardstate.engine import registry
from boardstate.engine.core.variants import KINDS

GAMES = sorted(registry.GAMES)


def test_tinners_trail_with_2_or_5_players_is_a_variant_and_3_or_4_is_printed() -> None:
    rules = registry.GAMES["tinners-trail"]
    counts = {c["players"]: c for c in rules.variants.player_counts(2, 5)}
    assert [n for n, c in counts.items() if c["printed"]] == [3, 4]
    assert counts[2]["source"] == counts[5]["source"] == "Part A A.1"
    assert "3–4" in counts[2]["rule"]
    options = rules.parse_options(None)
    assert [v["id"] for v in rules.variants.applied(5, options)] == ["players-2-5"]
    assert rules.variants.applied(3, options) == []
    arsenic = rules.variants.applied(4, rules.parse_options({"arsenic": True}))
    assert [(v["id"], v["value"]) for v in arsenic] == [("option-arsenic", True)]


@pytest.mark.rules("MN-45")
def test_a_mine_game_without_a_round_limit_is_the_printed_game_and_has_no_bound() -> None:
    rules = registry.GAMES["tf22-mine"]
    endless = rules.parse_options({"max_rounds": 0})
    assert rules.max_length(endless) is None
    assert rules.max_length() is None
    assert rules.max_length(rules.parse_options(None)) == rules.info.max_game_length
    assert rules.variants.applied(4, endless) == []
    default = rules.variants.applied(4, rules.parse_options(None))
    assert [(v["id"], v["value"]) for v in default] == [("option-max_rounds", 50)]
    swaps = rules.variants.applied(4, rules.parse_options({"max_rounds": 0, "setup_swaps": 1}))
    assert [v["id"] for v in swaps] == ["option-setup_swaps"]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_variant_names_a_real_option_its_kind_rule_and_source(game_id: str) -> None:
    rules = registry.GAMES[game_id]
    schema = rules.options_schema()
    defaults = rules.options_to_wire(rules.parse_options(None))
    for variant in rules.variants.options:
        assert variant.option in schema["properties"]
        assert schema["properties"][variant.option]["x-variant"]["rule"] == variant.rule
        assert variant.kind in KINDS
        assert variant.rule
        assert variant.source
        for value in (*variant.printed, *variant.unbounded):
            rules.parse_options({variant.option: value})
        if variant.kind == "alternative reading":
            assert defaults[variant.option] in variant.printed, "Part A's reading is the default"
    info = rules.info
    counts = rules.variants.player_counts(info.min_players, info.max_players)
    assert [c["players"] for c in counts] == list(range(info.min_players, info.max_players + 1))
    assert any(c["printed"] for c in counts)
