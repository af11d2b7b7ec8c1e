"""`ast.parse` for the tests that read source: again when CPython 3.11's shared AST state raced.

CPython 3.11 keeps the AST constructor's recursion counter in per-interpreter state; a parse that
overlaps another thread's parse (a served app's thread importing a module, a finaliser) can fail
with `SystemError: AST constructor recursion depth mismatch` (cpython#106905; gone in 3.12). The
source is fine, so a parse that fails that way is tried again; any other error is raised.
"""

from __future__ import annotations

import ast
from pathlib import Path

ATTEMPTS = 3


def parse_source(source: str, filename: str = "<unknown>") -> ast.Module:
    """The module tree of `source`."""
    for attempt in range(1, ATTEMPTS + 1):
        try:
            return ast.parse(source, filename=filename)
        except SystemError as error:
            if "recursion depth mismatch" not in str(error) or attempt == ATTEMPTS:
                raise
    raise AssertionError("unreachable")


def parse_file(path: Path) -> ast.Module:
    """The module tree of the Python file at `path`."""
    return parse_source(path.read_text(encoding="utf-8"), filename=str(path))
