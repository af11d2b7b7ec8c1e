"""The application contract is free of any web framework, and only the GraphQL mount reaches the
GraphQL package (architecture §2, issue 28).

* `service/contract/` imports the engine and itself only, and none of its modules (nor any module
  they import, counting function-local and `TYPE_CHECKING` imports) imports a web framework,
  GraphQL or Redis.
* No module of `service/` but the GraphQL mount (`GRAPHQL_MOUNT`) and the entry points that
  build the app reaches `boardstate.schema`, strawberry or graphql-core, directly or through the
  modules it imports (`bench/import_graph.py`'s graph): the REST door and the features use the
  contract, never the GraphQL surface.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

from bench.import_graph import graph, module_paths
from tests.source_trees import parse_file

ROOT = Path(__file__).resolve().parents[2]
CONTRACT = "boardstate.service.contract"
FRAMEWORKS = frozenset({"starlette", "strawberry", "graphql", "uvicorn", "redis", "httpx"})
"""Top-level packages the contract never imports."""
GRAPHQL = frozenset({"strawberry", "graphql"})
GRAPHQL_MOUNT = frozenset(
    {
        "boardstate.service.http.app",
        "boardstate.service.http.graphql.app",
        "boardstate.service.http.graphql.sse",
        "boardstate.service.http.graphql.ws",
    }
)
"""What serves GraphQL (and `app`, which mounts it): the only modules of `service/` that may
import `boardstate.schema`."""

ENTRY = frozenset(
    {
        "boardstate.service.asgi",
        "boardstate.service.cli.main",
        "boardstate.service.cli.__main__",
        "boardstate.service.cli.start",
    }
)
"""The entry points build the whole app, the GraphQL mount with it."""


@cache
def paths() -> dict[str, Path]:
    return module_paths(ROOT)


@cache
def successors() -> dict[str, set[str]]:
    return graph(ROOT, packages=True).successors()


@cache
def outside(module: str) -> frozenset[str]:
    """The top-level packages outside Boardstate that `module` imports, wherever they stand."""
    found: set[str] = set()
    for node in ast.walk(parse_file(paths()[module])):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return frozenset(found - {"boardstate"})


def closure(module: str) -> set[str]:
    """`module` and every Boardstate module it imports, directly or not."""
    seen, todo = {module}, [module]
    while todo:
        for name in successors().get(todo.pop(), ()):
            if name not in seen:
                seen.add(name)
                todo.append(name)
    return seen


def contract_modules() -> list[str]:
    return sorted(m for m in paths() if m == CONTRACT or m.startswith(CONTRACT + "."))


def service_modules() -> list[str]:
    return sorted(
        m for m in paths() if m.startswith("boardstate.service.") and m not in GRAPHQL_MOUNT | ENTRY
    )


@pytest.mark.parametrize("module", contract_modules())
def test_the_contract_imports_no_framework(module: str) -> None:
    reached = closure(module)
    parents = {"boardstate", "boardstate.service"}
    assert (
        sorted(m for m in reached - parents if not m.startswith(("boardstate.engine", CONTRACT)))
        == []
    )
    assert {m: sorted(outside(m) & FRAMEWORKS) for m in reached if outside(m) & FRAMEWORKS} == {}


@pytest.mark.parametrize("module", service_modules())
def test_rest_and_features_never_reach_graphql(module: str) -> None:
    reached = closure(module)
    assert sorted(m for m in reached if m.startswith("boardstate.schema")) == []
    assert {m: sorted(outside(m) & GRAPHQL) for m in reached if outside(m) & GRAPHQL} == {}


def test_the_lists_name_real_modules() -> None:
    assert (GRAPHQL_MOUNT | ENTRY) - set(paths()) == set()
    assert len(contract_modules()) > 5
    assert any(m.startswith("boardstate.service.http.rest.") for m in service_modules())


def test_the_rule_sees_a_path_through_another_module() -> None:
    # The GraphQL mount reaches the schema; so would a REST module that imported it.
    assert any(m.startswith("boardstate.schema") for m in closure("boardstate.service.http.app"))
    assert "strawberry" in outside("boardstate.schema.root")
