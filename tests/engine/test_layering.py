"""The engine imports only the standard library; the import names resolve to this repository."""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_engine_imports_nothing_outside_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"engine", "__future__"}
    offenders = {
        str(path.relative_to(ROOT)): sorted(_imports(path) - allowed)
        for path in (ROOT / "engine").rglob("*.py")
        if _imports(path) - allowed
    }
    assert offenders == {}


def test_schema_never_imports_service() -> None:
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "schema").rglob("*.py")
        if "service" in _imports(path)
    ]
    assert offenders == []


@pytest.mark.parametrize("package", ["engine", "schema", "service"])
def test_top_level_package_resolves_to_this_repository(package: str) -> None:
    module = importlib.import_module(package)
    assert module.__file__ is not None
    assert Path(module.__file__).resolve().parent == ROOT / package
