"""The rules-document checker fails for each violation (tests/engine/rule_docs.py, on tmp trees).

A tiny valid `trambahn.md` (rule TB-1 and decisions Q-T1…Q-T9) with a test tree citing it passes;
each other test breaks one thing and expects the checker's precise sentence.
"""

from __future__ import annotations

from pathlib import Path

from tests.engine.rule_docs import problems, unknown_citations
from tests.engine.rule_markers import citing_tests

QS = ", ".join(f'"Q-T{n}"' for n in range(1, 10))
RULE = """### TB-1 — A passenger joins its own colour
Text.

- Source: Seed "Trambahn.pdf": "…"
- Implemented by: `boardstate.engine.trambahn.decide.play`
- Tested by: `tests/test_a.py::test_rule_one`
- Cited in refusals as: `a`
"""
DECISIONS = "".join(
    f"### Q-T{n} — Decision {n}\nText.\n\n- Source: Part A Q-T{n}\n"
    "- Implemented by: `boardstate.engine.trambahn.decide`\n"
    "- Tested by: `tests/test_a.py::test_decisions`\n\n"
    for n in range(1, 10)
)
BALANCE = "## Balance (simulated)\n\n<!-- balance:begin -->\n<!-- balance:end -->\n"
DOC = f"# Trambahn\n\n## Turn\n\n{RULE}\n{DECISIONS}{BALANCE}"
TESTS = f"""import pytest

@pytest.mark.rules("TB-1")
def test_rule_one() -> None: ...

@pytest.mark.rules({QS})
def test_decisions() -> None: ...
"""


def check(
    tmp_path: Path, doc: str = DOC, tests: str = TESTS, cited: tuple[str, ...] = ("a",)
) -> list[str]:
    (tmp_path / "tests").mkdir(exist_ok=True)
    (tmp_path / "tests" / "test_a.py").write_text(tests)
    (tmp_path / "trambahn.md").write_text(doc)
    found = citing_tests(tmp_path / "tests")
    return problems(tmp_path / "trambahn.md", found, cited) + unknown_citations(
        [tmp_path / "trambahn.md"], found
    )


def test_a_complete_document_with_citing_tests_passes(tmp_path: Path) -> None:
    assert check(tmp_path) == []


def test_a_module_level_pytestmark_and_a_class_marker_count_as_citations(tmp_path: Path) -> None:
    tests = TESTS.replace('@pytest.mark.rules("TB-1")\n', "")
    tests = tests.replace(
        "def test_rule_one", 'pytestmark = [pytest.mark.rules("TB-1")]\ndef test_rule_one'
    )
    assert check(tmp_path, tests=tests) == []
    tests = TESTS.replace('@pytest.mark.rules("TB-1")\ndef test_rule_one() -> None: ...', "")
    tests += (
        '@pytest.mark.rules("TB-1")\nclass TestOne:\n    def test_rule_one(self) -> None: ...\n'
    )
    doc = DOC.replace("test_a.py::test_rule_one", "test_a.py::TestOne::test_rule_one")
    assert check(tmp_path, doc=doc, tests=tests) == []


def test_a_numbered_rule_no_test_cites_fails(tmp_path: Path) -> None:
    tests = TESTS.replace('@pytest.mark.rules("TB-1")\n', "")
    assert check(tmp_path, tests=tests) == [
        "trambahn.md: TB-1 (line 5): Tested by `tests/test_a.py::test_rule_one` "
        "does not cite it in pytest.mark.rules(...)",
        "trambahn.md: TB-1 (line 5) has no test citing it with @pytest.mark.rules('TB-1')",
    ]


def test_a_part_a_decision_no_test_cites_fails(tmp_path: Path) -> None:
    found = check(tmp_path, tests=TESTS.replace('"Q-T9"', '"Q-T1"'))
    assert (
        "trambahn.md: Q-T9 (line 69) has no test citing it with @pytest.mark.rules('Q-T9')" in found
    )


def test_a_missing_part_a_decision_fails(tmp_path: Path) -> None:
    doc = DOC.replace("### Q-T9 — Decision 9", "### Q-T10 — Decision 10")
    found = check(tmp_path, doc=doc, tests=TESTS.replace('"Q-T9"', '"Q-T10"'))
    assert "trambahn.md: missing ids: Q-T9" in found
    assert "trambahn.md: unexpected ids: Q-T10" in found


def test_a_test_citing_a_rule_no_document_defines_fails(tmp_path: Path) -> None:
    tests = TESTS + '\n@pytest.mark.rules("TB-2")\ndef test_two() -> None: ...\n'
    assert check(tmp_path, tests=tests) == [
        "tests/test_a.py::test_two cites 'TB-2', which no docs/rules/*.md defines"
    ]


def test_a_marker_with_a_computed_id_fails(tmp_path: Path) -> None:
    tests = TESTS + '\nRULE = "TB-1"\n@pytest.mark.rules(RULE)\ndef test_two() -> None: ...\n'
    assert check(tmp_path, tests=tests) == [
        "tests/test_a.py:10: pytest.mark.rules(...) takes string literals"
    ]


def test_a_gap_in_the_numbering_fails(tmp_path: Path) -> None:
    doc = DOC.replace("### TB-1 —", "### TB-2 —")
    found = check(tmp_path, doc=doc, tests=TESTS.replace('"TB-1"', '"TB-2"'))
    assert "trambahn.md: missing ids: TB-1" in found


def test_a_rule_without_a_required_field_fails(tmp_path: Path) -> None:
    doc = DOC.replace('- Source: Seed "Trambahn.pdf": "…"\n', "")
    assert check(tmp_path, doc=doc) == ["trambahn.md: TB-1 (line 5) has no '- Source:' line"]


def test_tested_by_naming_a_missing_test_fails(tmp_path: Path) -> None:
    doc = DOC.replace("test_a.py::test_rule_one", "test_a.py::test_gone")
    assert check(tmp_path, doc=doc) == [
        "trambahn.md: TB-1 (line 5): Tested by `tests/test_a.py::test_gone` "
        "is not a test function in tests/"
    ]


def test_tested_by_naming_nothing_fails(tmp_path: Path) -> None:
    doc = DOC.replace("`tests/test_a.py::test_rule_one`", "the rule-one test")
    assert check(tmp_path, doc=doc) == [
        "trambahn.md: TB-1 (line 5): Tested by names no `tests/…::test_name`"
    ]


def test_implemented_by_naming_nothing_importable_fails(tmp_path: Path) -> None:
    doc = DOC.replace("trambahn.decide.play`", "trambahn.decide.no_such_function`")
    assert check(tmp_path, doc=doc) == [
        "trambahn.md: TB-1 (line 5): Implemented by "
        "`boardstate.engine.trambahn.decide.no_such_function` does not import and resolve"
    ]


def test_a_rules_cited_key_without_or_with_two_rules_fails(tmp_path: Path) -> None:
    assert check(tmp_path, cited=("a", "b")) == [
        "trambahn.md: RULES_CITED key 'b' must be cited by exactly one rule, found: no rule"
    ]
    doc = DOC.replace(
        "- Source: Part A Q-T1\n", "- Source: Part A Q-T1\n- Cited in refusals as: `a`\n"
    )
    assert check(tmp_path, doc=doc) == [
        "trambahn.md: RULES_CITED key 'a' must be cited by exactly one rule, found: TB-1, Q-T1"
    ]
    assert check(tmp_path, cited=()) == [
        "trambahn.md: TB-1: Cited in refusals as `a` is not a key of RULES_CITED"
    ]


def test_a_malformed_heading_or_field_fails(tmp_path: Path) -> None:
    doc = DOC.replace("### TB-1 — A passenger", "### TB-1: A passenger")
    assert (
        "trambahn.md: line 5: heading '### TB-1: A passenger joins its own colour' is not "
        "'### ID — title'" in check(tmp_path, doc=doc)
    )
    doc = DOC.replace("- Source: Part A Q-T1\n", "- Source: Part A Q-T1\n- Sauce: x\n")
    assert check(tmp_path, doc=doc) == ["trambahn.md: line 17: Q-T1 has an unknown field 'Sauce'"]


def test_a_document_without_the_closing_balance_block_fails(tmp_path: Path) -> None:
    assert check(tmp_path, doc=DOC.replace("<!-- balance:end -->\n", "")) == [
        "trambahn.md: '## Balance (simulated)' must hold <!-- balance:begin --> … "
        "<!-- balance:end --> in that order"
    ]
    assert check(tmp_path, doc=DOC + "\n## Notes\n") == [
        "trambahn.md: the last '## ' heading must be '## Balance (simulated)'"
    ]
