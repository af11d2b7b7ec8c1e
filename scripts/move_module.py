"""Moves a module (or package) and rewrites every reference to it (issue 28).

`python scripts/move_module.py <old dotted name> <new dotted name> [--root CHECKOUT]` renames
the file or folder under engine/, schema/ or service/ (`git mv` in a git work tree, else a plain
rename) and rewrites the name wherever it stands whole in .py, .md, .lua, .toml, .sh, .cfg,
.ini and Makefile files:

* the dotted name: imports (`from a.b import c`, `import a.b`), strings
  (`-m boardstate.service.cli`, monkeypatch targets) and docs, also in the short form
  docstrings and docs use (`service.games.referee`);
* `from <old parent> import <old leaf>` becomes `from <new parent> import <new leaf>` (aliased
  to the old leaf when the leaf changes, so the code using it still reads);
* the path form docs use (`service/games/referee.py`, or `engine/core/bots/` for a package).

It leaves `KEEP` alone (docs/layout.md: figures measured before a move name the modules as
they were). Then run `ruff check --fix . && ruff format .` (import order) and mypy, and read
the diff. It refuses a destination that exists, and does not split modules: a split moves the
module to its new name, then moves the names that leave it by hand.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

SUFFIXES = {".py", ".md", ".lua", ".toml", ".sh", ".cfg", ".ini", ".js", ".css", ".yaml", ".yml"}
NAMES = {"Makefile"}
KEEP = {"docs/layout.md", "scripts/move_module.py"}
"""Files left alone: figures measured on an earlier layout name the modules as they were, and
this file's examples are only examples."""
SKIP = {
    ".git",
    ".venv",
    ".venv-tools",
    ".data",
    "node_modules",
    "__pycache__",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    "test-artifacts",
}


def path_of(root: Path, dotted: str) -> Path:
    """The folder (package) or file (module) of `dotted` under `root`."""
    parts = dotted.split(".")
    if parts[0] != "boardstate" or len(parts) < 3:
        raise SystemExit(f"{dotted}: not a boardstate.<layer>.… name")
    base = root.joinpath(*parts[1:])
    return base if base.is_dir() else base.with_suffix(".py")


def rewrite(text: str, old: str, new: str, package: bool) -> str:
    """`text` with every whole reference to module `old` made one to `new`."""
    old_parent, _, old_leaf = old.rpartition(".")
    new_parent, _, new_leaf = new.rpartition(".")
    names = rf"(?P<names>[^\n(]*\b{re.escape(old_leaf)}\b[^\n]*)"
    pattern = re.compile(rf"^(?P<indent>[ \t]*)from {re.escape(old_parent)} import {names}$", re.M)

    def split(match: re.Match[str]) -> str:
        found = [n.strip() for n in match["names"].split(",") if n.strip()]
        keep = [n for n in found if n.split(" as ")[0] != old_leaf]
        moved = [n for n in found if n.split(" as ")[0] == old_leaf]
        indent = match["indent"]
        out = []
        if keep:
            out.append(f"{indent}from {old_parent} import {', '.join(keep)}")
        for name in moved:
            alias = name.partition(" as ")[2]
            if alias:
                target = f"{new_leaf} as {alias}"
            else:
                target = new_leaf if new_leaf == old_leaf else f"{new_leaf} as {old_leaf}"
            out.append(f"{indent}from {new_parent} import {target}")
        return "\n".join(out)

    text = pattern.sub(split, text)
    text = re.sub(rf"(?<![\w.]){re.escape(old)}(?!\w)", new, text)
    short_old, short_new = old.removeprefix("boardstate."), new.removeprefix("boardstate.")
    text = re.sub(rf"(?<![\w./]){re.escape(short_old)}(?!\w)", short_new, text)
    old_path, new_path = short_old.replace(".", "/"), short_new.replace(".", "/")
    if package:
        return re.sub(rf"(?<![\w./]){re.escape(old_path)}/", new_path + "/", text)
    return re.sub(rf"(?<![\w./]){re.escape(old_path)}\.py\b", new_path + ".py", text)


def sources(root: Path) -> list[Path]:
    """Every text file the rewrite reads (not the links under boardstate/, nor caches)."""
    out = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIP)
        here = Path(folder)
        if here.relative_to(root).parts[:1] == ("boardstate",):
            dirs.clear()  # boardstate/ holds links to engine/ schema/ service/
        for name in sorted(files):
            path = here / name
            if path.is_symlink() or path.relative_to(root).as_posix() in KEEP:
                continue
            if path.suffix in SUFFIXES or name in NAMES:
                out.append(path)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    args = parser.parse_args()
    root: Path = args.root.resolve()
    src, dst = path_of(root, args.old), path_of(root, args.new)
    package = src.is_dir()
    if package:
        dst = dst.with_suffix("")
    if not src.exists():
        print(f"{src} does not exist", file=sys.stderr)
        return 1
    if dst.exists():
        print(f"{dst} exists", file=sys.stderr)
        return 1
    dst.parent.mkdir(parents=True, exist_ok=True)
    init = dst.parent / "__init__.py"
    if not init.exists():
        init.write_text(f'"""{dst.parent.name}."""\n', encoding="utf-8")
    if (root / ".git").exists():
        subprocess.run(["git", "-C", str(root), "mv", str(src), str(dst)], check=True)
    else:
        src.rename(dst)
    changed = 0
    for path in sources(root):
        text = path.read_text(encoding="utf-8")
        out = rewrite(text, args.old, args.new, package)
        if out != text:
            path.write_text(out, encoding="utf-8")
            changed += 1
    print(f"{args.old} -> {args.new}: {changed} files rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main())
