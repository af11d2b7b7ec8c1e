"""Golden playthroughs are regenerated in memory and compared with the committed files."""

from __future__ import annotations

import pytest

from tests.golden.golden import CASES, Case, transcript


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.path.name)
def test_golden_playthrough_matches_the_committed_file(case: Case) -> None:
    expected = case.path.read_text(encoding="utf-8")
    actual = transcript(case)
    assert actual == expected, f"{case.path.name} differs: run `make golden` and review the diff"


def test_every_golden_file_belongs_to_a_case() -> None:
    names = {c.path.name for c in CASES}
    on_disk = {p.name for p in CASES[0].path.parent.glob("*.txt")}
    assert on_disk == names
