"""Finds the tests of a tree and the rule ids each cites with `pytest.mark.rules(...)`, by `ast`.

No test module is imported: a decorator `@pytest.mark.rules("TB-1", "Q-T5")` on a test function,
on its `Test…` class, or a `pytestmark = pytest.mark.rules(...)` (or a list holding one) at module
or class level all count. Arguments must be string literals.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from tests.source_trees import parse_file


@dataclass(frozen=True)
class Citing:
    """One test function: the rule ids it cites and the problems of its markers."""

    ids: frozenset[str]
    problems: tuple[str, ...] = ()


def _marks(node: ast.expr) -> Iterable[ast.Call]:
    """The `pytest.mark.rules(...)` calls in a decorator or a `pytestmark` value."""
    if isinstance(node, ast.List | ast.Tuple):
        for element in node.elts:
            yield from _marks(element)
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "rules"
        and isinstance(node.func.value, ast.Attribute)
        and node.func.value.attr == "mark"
        and isinstance(node.func.value.value, ast.Name)
        and node.func.value.value.id == "pytest"
    ):
        yield node


def _ids(calls: Iterable[ast.Call], where: str) -> tuple[set[str], list[str]]:
    ids: set[str] = set()
    bad: list[str] = []
    for call in calls:
        if not call.args or call.keywords:
            bad.append(f"{where}:{call.lineno}: pytest.mark.rules(...) needs one or more rule ids")
        for arg in call.args:
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                ids.add(arg.value)
            else:
                bad.append(f"{where}:{arg.lineno}: pytest.mark.rules(...) takes string literals")
    return ids, bad


def _pytestmark(body: list[ast.stmt]) -> list[ast.Call]:
    return [
        call
        for statement in body
        if isinstance(statement, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in statement.targets)
        for call in _marks(statement.value)
    ]


def _decorated(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> list[ast.Call]:
    return [call for decorator in node.decorator_list for call in _marks(decorator)]


def module_tests(path: Path, name: str) -> dict[str, Citing]:
    """The tests of one module, keyed `name::function` or `name::Class::function`."""
    tree = parse_file(path)
    found: dict[str, Citing] = {}
    outer, outer_bad = _ids(_pytestmark(tree.body), name)

    def add(scope: list[ast.stmt], prefix: str, inherited: set[str], bad: list[str]) -> None:
        for node in scope:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                ids, own_bad = _ids(_decorated(node), name)
                if node.name.startswith("test"):
                    found[f"{prefix}::{node.name}"] = Citing(
                        frozenset(ids | inherited), tuple(bad + own_bad)
                    )
                elif ids or own_bad:
                    problem = f"{name}:{node.lineno}: {node.name} cites rules but is not a test"
                    found[f"{prefix}::{node.name}"] = Citing(frozenset(), (problem,))
            elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                calls = _decorated(node) + _pytestmark(node.body)
                ids, own_bad = _ids(calls, name)
                add(node.body, f"{prefix}::{node.name}", inherited | ids, bad + own_bad)

    add(tree.body, name, outer, outer_bad)
    return found


def citing_tests(tests_root: Path) -> Mapping[str, Citing]:
    """Every test function under `tests_root`, keyed by its node id relative to its parent."""
    found: dict[str, Citing] = {}
    for path in sorted(tests_root.rglob("test_*.py")):
        found.update(module_tests(path, path.relative_to(tests_root.parent).as_posix()))
    return found
