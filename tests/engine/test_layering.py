"""Imports go one way (architecture §2): `engine` ← `schema` ← `service`, all under one root.

The engine imports only the standard library; the schema never imports the service; every
module is imported by its `boardstate.` name, and that name resolves to this repository. Inside
the engine, the rules protocol every game implements (`engine/core`) has nothing above it in its
import closure: neither the bot policies (`engine/bots`) nor the table options (`engine/table`),
counting function-local and TYPE_CHECKING imports (`bench/import_graph.py`).
"""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

import pytest

from bench.import_graph import graph
from tests.source_trees import parse_file

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ("engine", "schema", "service")


def imports(path: Path) -> set[str]:
    """Returns the absolute module names that `path` imports."""
    tree = parse_file(path)
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def _top(names: set[str]) -> set[str]:
    return {name.split(".")[0] for name in names}


def test_engine_imports_nothing_outside_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    offenders = {}
    for path in (ROOT / "engine").rglob("*.py"):
        names = imports(path)
        bad = sorted(
            n
            for n in names
            if n.split(".")[0] not in allowed and not n.startswith("boardstate.engine")
        )
        if bad:
            offenders[str(path.relative_to(ROOT))] = bad
    assert offenders == {}


def test_schema_imports_nothing_of_the_service_but_its_contract() -> None:
    """The GraphQL surface stands on the framework-free contract (architecture §2: engine ← contract
    ← schema), never on the features, the store or the doors."""
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "schema").rglob("*.py")
        if any(
            name.startswith("boardstate.service")
            and not name.startswith("boardstate.service.contract")
            for name in imports(path)
        )
    ]
    assert offenders == []


def test_the_rules_protocol_imports_nothing_above_it() -> None:
    successors = graph(ROOT).successors()
    core = "boardstate.engine.core"
    outside = {}
    for module in sorted(m for m in successors if m == core or m.startswith(core + ".")):
        reached: set[str] = set()
        todo = [module]
        while todo:
            for imported in successors.get(todo.pop(), set()) - reached:
                reached.add(imported)
                todo.append(imported)
        above = sorted(m for m in reached if not m.startswith(core + "."))
        if above:
            outside[module] = above
    assert outside == {}


@pytest.mark.parametrize("folder", ["engine", "schema", "service", "tests", "bench", "scripts"])
def test_nothing_imports_a_bare_layer_name(folder: str) -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(_top(imports(path)) & set(LAYERS))
        for path in (ROOT / folder).rglob("*.py")
        if _top(imports(path)) & set(LAYERS)
    }
    assert offenders == {}


@pytest.mark.parametrize("layer", LAYERS)
def test_each_layer_resolves_to_this_repository(layer: str) -> None:
    module = importlib.import_module(f"boardstate.{layer}")
    assert module.__file__ is not None
    assert Path(module.__file__).resolve().parent == ROOT / layer
