"""Every rule TF22 Mine cites when refusing a move has a scenario test expecting it."""

from __future__ import annotations

import re
from pathlib import Path

from boardstate.engine.mine.cited import RULES_CITED

HERE = Path(__file__).parent


def test_every_cited_rule_is_expected_by_some_scenario_test() -> None:
    text = "".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py"))
    expected = set(re.findall(r'(?:details\["rule"\]\)? == |ILLEGAL_MOVE, )"(\w+)"', text))
    assert set(RULES_CITED) - expected == set()
    assert expected - set(RULES_CITED) == set()


def test_every_cited_rule_names_its_source() -> None:
    for rule, text in RULES_CITED.items():
        assert text.startswith(("§", "Part A")), rule
