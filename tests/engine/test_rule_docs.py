"""Every rule visibly tested (issue 20): docs/rules/<game>.md against the tests that cite it.

For each rules document: every numbered rule and every Part A decision has a test citing it with
`@pytest.mark.rules(...)`, its "Tested by" tests exist and cite it, its "Implemented by" names
resolve, every key of the game's RULES_CITED belongs to exactly one rule, and the balance block
closes the document. Across all documents: no test cites a rule that no document defines.
The format is docs/rules/README.md; the checker is tests/engine/rule_docs.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest

from boardstate.engine.registry import GAMES as REGISTERED
from tests.engine.rule_docs import GAMES, Citing, citing_tests, problems, unknown_citations

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted((ROOT / "docs" / "rules").glob("*.md"))
GAME_DOCS = [doc for doc in DOCS if doc.name != "README.md"]


@pytest.fixture(scope="module")
def tests() -> Mapping[str, Citing]:
    return citing_tests(ROOT / "tests")


def test_every_game_type_ships_a_rules_document() -> None:
    assert sorted(GAMES) == sorted(REGISTERED)
    assert sorted(doc.stem for doc in GAME_DOCS) == sorted(GAMES)


@pytest.mark.parametrize("doc", GAME_DOCS, ids=[doc.stem for doc in GAME_DOCS])
def test_every_rule_of_the_document_is_sourced_implemented_and_tested(
    doc: Path, tests: Mapping[str, Citing]
) -> None:
    found = problems(doc, tests)
    assert not found, "\n".join(found)


def test_every_rule_a_test_cites_exists_in_a_rules_document(tests: Mapping[str, Citing]) -> None:
    found = unknown_citations(GAME_DOCS, tests)
    assert not found, "\n".join(found)
