"""The project's documents are its own (issue 38, item 6): none cites a file outside the
repository, nor the design card the team keeps beside it; they cite `docs/architecture.md`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = sorted(
    [ROOT / "README.md", *(ROOT / "docs").rglob("*.md"), *(ROOT / "bench").glob("*.md")]
)
OUTSIDE = re.compile(r"\.\./shared|\bDESIGN(\.md| §)|STYLE_MODELS|PLATFORM_ANCHORS")


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_document_cites_a_file_outside_the_repository(path: Path) -> None:
    if "sources" in path.relative_to(ROOT).parts:  # the research the rules rest on, as written
        return
    found = [line for line in path.read_text(encoding="utf-8").splitlines() if OUTSIDE.search(line)]
    assert found == []


def test_the_architecture_has_every_section_the_others_cite() -> None:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    sections = set(re.findall(r"^#+ (§\d+[a-z]?) ", text, re.M))
    cited: set[str] = set()
    for path in [*DOCUMENTS, *ROOT.glob("*/**/*.py")]:
        if ".venv" in path.parts or "node_modules" in path.parts:
            continue
        cited.update(re.findall(r"architecture (§\d+[a-z]?)", path.read_text(encoding="utf-8")))
    assert cited
    assert cited <= sections
