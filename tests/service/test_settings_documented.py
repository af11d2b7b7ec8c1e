"""Every environment variable the service reads is in docs/configuration.md's table, and the
table names nothing the service does not read (the settings module points there); the README's
first-day table is a part of it, with the same defaults."""

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
    return set(ROW.findall((ROOT / "docs" / "configuration.md").read_text()))


def _defaults(text: str) -> dict[str, str]:
    rows = re.findall(r"^\| `((?:BOARDSTATE_[A-Z0-9_]+)|REDIS_URL)` \| ([^|]*) \|", text, re.M)
    return {name: default.strip() for name, default in rows}


def test_the_readmes_settings_are_documented_alike() -> None:
    readme = _defaults((ROOT / "README.md").read_text())
    everything = _defaults((ROOT / "docs" / "configuration.md").read_text())
    assert "BOARDSTATE_ADMIN_TOKEN" in readme
    assert {name: everything.get(name) for name in readme} == readme


def test_every_variable_the_service_reads_is_documented() -> None:
    assert _read_by_service() - _configuration_table() == set()


def test_the_table_documents_no_variable_the_service_does_not_read() -> None:
    assert _configuration_table() - _read_by_service() == set()
