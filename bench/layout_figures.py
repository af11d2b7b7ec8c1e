"""The layout figures of issue 28, one Markdown table row each (the move path, which needs
Redis, is `bench/move_path.py`):

* lines and modules in service/, schema/ and engine/ (vendored `static/` left out);
* public methods of the service object (the class the doors get as `request.state.service`:
  the first of `SERVICE_CLASSES` that exists), inherited ones counted, and how many of them
  are forwards of at most two statements (a `with` block's body counted, not the `with`);
* strongly connected components among boardstate modules, counting function-local and
  TYPE_CHECKING imports (`bench/import_graph.py`);
* import statements of `boardstate.schema` in service/, by part;
* duplicate pairs in service/ and schema/ read together (vendored static assets left out), by
  the `duplicates` command when it is on PATH (its first line; else the row says so).

Usage: .venv/bin/python -m bench.layout_figures [CHECKOUT]
(the service class is imported from the installed `boardstate`, the rest read from CHECKOUT)
"""

from __future__ import annotations

import ast
import importlib
import inspect
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

from bench.import_graph import cycles, graph, short

ROOT = Path(__file__).resolve().parents[1]
SERVICE_CLASSES = (
    "boardstate.service.composition.Service",
    # Before issue 28's feature packages (in two parts, so scripts/move_module.py leaves it):
    "boardstate.service." + "games.game_service.GameService",
)
"""Where the service object's class lives, newest layout first."""


def python_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "static" not in p.relative_to(folder).parts)


def lines(root: Path, folder: str) -> tuple[int, int]:
    """Modules and lines of code under `root/folder`."""
    files = python_files(root / folder)
    return len(files), sum(len(p.read_text(encoding="utf-8").splitlines()) for p in files)


def service_class() -> type | None:
    for dotted in SERVICE_CLASSES:
        module, _, name = dotted.rpartition(".")
        try:
            found = getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError):
            continue
        if isinstance(found, type):
            return found
    return None


def public_methods(cls: type) -> list[str]:
    return sorted(
        a for a in dir(cls) if not a.startswith("_") and inspect.isfunction(getattr(cls, a, None))
    )


def statements(function: object) -> int:
    """Statements in a function's body, docstring left out, a lone `with`'s body counted."""
    node = ast.parse(textwrap.dedent(inspect.getsource(function))).body[0]  # type: ignore[arg-type]
    assert isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    body = [
        s for s in node.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
    ]
    while len(body) == 1 and isinstance(body[0], ast.With | ast.AsyncWith):
        body = body[0].body
    return len(body)


def schema_imports(root: Path) -> dict[str, int]:
    """Import statements naming `boardstate.schema` in service/, by part of service/."""
    out: dict[str, int] = {}
    for path in python_files(root / "service"):
        relative = path.relative_to(root / "service").parts
        part = relative[0].removesuffix(".py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            if any(n == "boardstate.schema" or n.startswith("boardstate.schema.") for n in names):
                out[part] = out.get(part, 0) + 1
    return dict(sorted(out.items()))


def duplicates(root: Path) -> str:
    """The first line of `duplicates` over a copy of service/ and schema/ (no static assets)."""
    command = shutil.which("duplicates")
    if command is None:
        return "(the `duplicates` command is not on PATH)"
    with tempfile.TemporaryDirectory(prefix="layout-figures-") as folder:
        tree = Path(folder)
        for part in ("service", "schema"):
            ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
            shutil.copytree(root / part, tree / part, ignore=ignore)
        shutil.rmtree(tree / "service" / "http" / "pages" / "static", ignore_errors=True)
        argv = [command, "--repo", str(tree), "--most", "200", "--seconds", "120"]
        found = subprocess.run(argv, capture_output=True, text=True, check=False)
    return found.stdout.splitlines()[0] if found.stdout else found.stderr.strip()


def rows(root: Path) -> list[str]:
    out = ["| figure | value |", "|---|---|"]
    for folder in ("service", "schema", "engine"):
        n, count = lines(root, folder)
        out.append(f"| lines in {folder}/ | {count} ({n} modules) |")
    cls = service_class()
    if cls is not None:
        methods = public_methods(cls)
        forwards = sum(1 for m in methods if statements(getattr(cls, m)) <= 2)
        bases = ", ".join(b.__name__ for b in cls.__mro__[1:-1]) or "none"
        out.append(
            f"| public methods of the service object `{cls.__name__}` (bases: {bases}) "
            f"| {len(methods)} ({forwards} of them at most 2 statements) |"
        )
    g = graph(root)
    found = cycles(g)
    named = "; ".join(", ".join(short(m) for m in c) for c in found)
    top_only = len(cycles(g, {"top"}))
    out.append(
        f"| import cycles (SCCs, counting local and TYPE_CHECKING imports) | {len(found)}"
        + (f": {named}" if named else "")
        + f" ({top_only} counting module-level imports only) |"
    )
    imports = schema_imports(root)
    detail = ", ".join(f"{k} {v}" for k, v in imports.items())
    out.append(
        f"| service/ statements importing `boardstate.schema` | {sum(imports.values())}"
        + (f" ({detail})" if detail else "")
        + " |"
    )
    out.append(f"| duplicate pairs in service/ + schema/ | {duplicates(root)} |")
    return out


def main() -> None:
    root = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else ROOT
    print("\n".join(rows(root)))


if __name__ == "__main__":
    main()
