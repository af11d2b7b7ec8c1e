"""Every environment variable the service reads is in the README's Configuration table, and the
table names nothing the service does not read (the settings module points there)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VARIABLE = re.compile(r"\"((?:BOARDSTATE_[A-Z0-9_]+)|REDIS_URL)\"")
ROW = re.compile(r"^\| `((?:BOARDSTATE_[A-Z0-9_]+)|REDIS_URL)` \|", re.MULTILINE)


def _read_by_service() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "service").rglob("*.py"):
        names |= set(VARIABLE.findall(path.read_text()))
    return names


def _configuration_table() -> set[str]:
    readme = (ROOT / "README.md").read_text()
    start = readme.index("## Configuration")
    end = readme.index("\n## ", start + 1)
    return set(ROW.findall(readme[start:end]))


def test_every_variable_the_service_reads_is_documented_in_the_readme() -> None:
    assert _read_by_service() - _configuration_table() == set()


def test_the_readme_documents_no_variable_the_service_does_not_read() -> None:
    assert _configuration_table() - _read_by_service() == set()
