"""The import graph of `boardstate.*` modules and its cycles (issue 28), read from source.

Reads engine/, schema/ and service/ of a checkout as text (AST); imports and runs nothing. An
edge A -> B is any `import`/`from ... import` in A naming B (relative imports resolved):
`from p import n` is an edge to `p.n` when that is a module, else to `p`. Each import is marked
`top` (run on import: module level or a class body), `local` (inside a function or lambda) or
`typing` (under `if TYPE_CHECKING:`), so a cycle hidden behind a local or TYPE_CHECKING import
counts.

A cycle is a strongly connected component of more than one module (Tarjan), or a module that
imports itself; `shortest_cycle` names one shortest cycle through a component. With
`packages=True` an import of `a.b.c` also counts as an edge to the packages `a` and `a.b`
(whose `__init__` runs first); the ordinary re-export pattern makes that count larger, so the
cycle test (tests/test_import_cycles.py) counts explicit imports only.

`scripts/import_cycles.py` prints the report; `bench/layout_figures.py` counts the cycles.
"""

from __future__ import annotations

import ast
import dataclasses
from collections import deque
from collections.abc import Iterable, Mapping
from pathlib import Path

LAYERS = ("engine", "schema", "service")
"""The folders read, each the package `boardstate.<folder>`."""
KINDS = frozenset({"top", "local", "typing"})
"""Where an import stands: run on import, inside a function, under TYPE_CHECKING."""


@dataclasses.dataclass(frozen=True)
class Use:
    """One import statement behind an edge: where it stands (`KINDS`) and its line."""

    kind: str
    line: int


@dataclasses.dataclass(frozen=True)
class Graph:
    """Every module read, and for each module the modules it imports with the imports."""

    modules: frozenset[str]
    edges: Mapping[str, Mapping[str, tuple[Use, ...]]]

    def successors(self, kinds: Iterable[str] = KINDS) -> dict[str, set[str]]:
        """Each module's imported modules, counting only imports of `kinds`."""
        wanted = set(kinds)
        return {
            a: {b for b, uses in bs.items() if any(u.kind in wanted for u in uses)}
            for a, bs in self.edges.items()
        }

    def statements(self) -> dict[str, int]:
        """How many import statements (between known modules) stand at each kind."""
        out = dict.fromkeys(sorted(KINDS), 0)
        for bs in self.edges.values():
            for uses in bs.values():
                for use in uses:
                    out[use.kind] += 1
        return out


def module_name(root: Path, path: Path) -> str:
    """The dotted name of the module at `path` (a file under `root`)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(["boardstate", *parts])


def module_paths(root: Path) -> dict[str, Path]:
    """Every module under the layers of `root` by its dotted name (vendored `static/` left out)."""
    found: dict[str, Path] = {}
    for layer in LAYERS:
        for path in sorted((root / layer).rglob("*.py")):
            if "static" not in path.relative_to(root).parts:
                found[module_name(root, path)] = path
    return found


class _Collector(ast.NodeVisitor):
    """The imports of one module, with where each stands."""

    def __init__(self, name: str, is_package: bool, known: frozenset[str]) -> None:
        self.package = name if is_package else name.rpartition(".")[0]
        self.known = known
        self.depth = 0
        self.typing = 0
        self.found: list[tuple[str, Use]] = []

    def _kind(self) -> str:
        if self.typing:
            return "typing"
        return "local" if self.depth else "top"

    def _nested(self, node: ast.AST) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_FunctionDef = _nested
    visit_AsyncFunctionDef = _nested
    visit_Lambda = _nested

    def visit_If(self, node: ast.If) -> None:
        test = node.test
        if (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
            isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
        ):
            self.typing += 1
            for stmt in node.body:
                self.visit(stmt)
            self.typing -= 1
            for stmt in node.orelse:
                self.visit(stmt)
        else:
            self.generic_visit(node)

    def _add(self, target: str, line: int) -> None:
        if target in self.known:
            self.found.append((target, Use(self._kind(), line)))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            base = self.package.split(".")
            base = base[: len(base) - (node.level - 1)]
            module = ".".join(base + ([node.module] if node.module else []))
        else:
            module = node.module or ""
        for alias in node.names:
            sub = f"{module}.{alias.name}"
            self._add(sub if sub in self.known else module, node.lineno)


def graph(root: Path, packages: bool = False) -> Graph:
    """The import graph of the checkout at `root`."""
    paths = module_paths(root)
    known = frozenset(paths)
    edges: dict[str, dict[str, list[Use]]] = {}
    for name, path in paths.items():
        collector = _Collector(name, path.name == "__init__.py", known)
        collector.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        mine = edges.setdefault(name, {})
        for target, use in collector.found:
            targets = [target]
            if packages:
                parts = target.split(".")
                targets += [".".join(parts[:i]) for i in range(2, len(parts))]
            for t in targets:
                if t in known and (t != name or t == target):
                    mine.setdefault(t, []).append(use)
    frozen = {a: {b: tuple(uses) for b, uses in bs.items()} for a, bs in edges.items()}
    return Graph(known, frozen)


def components(nodes: Iterable[str], succ: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of the graph (Tarjan's algorithm, iterative), each
    sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    for start in sorted(nodes):
        if start in index:
            continue
        work: list[tuple[str, list[str]]] = [(start, sorted(succ.get(start, ())))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            v, todo = work[-1]
            if todo:
                w = todo.pop()
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, sorted(succ.get(w, ()))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
            if low[v] == index[v]:
                component: list[str] = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == v:
                        break
                out.append(sorted(component))
    return out


def cycles(g: Graph, kinds: Iterable[str] = KINDS) -> list[list[str]]:
    """The components with a cycle (more than one module, or a self-import), counting only
    imports of `kinds`."""
    succ = g.successors(kinds)
    return [c for c in components(g.modules, succ) if len(c) > 1 or c[0] in succ.get(c[0], set())]


def shortest_cycle(component: list[str], succ: Mapping[str, set[str]]) -> list[str]:
    """One shortest cycle through `component`, first module repeated at the end."""
    inside = set(component)
    best: list[str] = []
    for start in component:
        prev: dict[str, str] = {}
        queue = deque([start])
        last: str | None = None
        while queue and last is None:
            v = queue.popleft()
            for w in sorted(succ.get(v, ())):
                if w == start:
                    last = v
                    break
                if w in inside and w not in prev:
                    prev[w] = v
                    queue.append(w)
        if last is None:
            continue
        path = [last]
        while path[-1] != start:
            path.append(prev[path[-1]])
        cycle = [*reversed(path), start]
        if not best or len(cycle) < len(best):
            best = cycle
    return best


def short(name: str) -> str:
    """`name` without the `boardstate.` prefix."""
    return name.removeprefix("boardstate.")


def describe(g: Graph, component: list[str]) -> list[str]:
    """Lines naming a component, one shortest cycle through it and every edge inside it with
    its kinds and line numbers."""
    inside = set(component)
    cycle = shortest_cycle(component, g.successors())
    lines = [
        f"SCC of {len(component)} modules: {', '.join(short(m) for m in component)}",
        "  shortest cycle: " + " -> ".join(short(m) for m in cycle),
    ]
    for a in component:
        for b, uses in sorted(g.edges.get(a, {}).items()):
            if b in inside:
                kinds = ",".join(sorted({u.kind for u in uses}))
                at = ",".join(str(u.line) for u in uses)
                lines.append(f"  {short(a)} -> {short(b)}  [{kinds}] line {at}")
    return lines


def report(g: Graph) -> list[str]:
    """The whole report: counts, then each component with a cycle."""
    edges = sum(len(bs) for bs in g.edges.values())
    found = cycles(g)
    lines = [
        f"{len(g.modules)} modules, {edges} module edges (import statements: {g.statements()})",
        f"{len(found)} strongly connected components with a cycle (all imports); "
        f"{len(cycles(g, {'top'}))} counting module-level imports only",
    ]
    for component in found:
        lines += ["", *describe(g, component)]
    return lines
