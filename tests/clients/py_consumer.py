"""The Python SDK installed as an integrator installs it, into a fresh venv outside the
repository: from its folder in a fresh checkout (clients/python beside engine/, which setup.py
vendors), from the wheel built of that folder, or from its sdist (built into a wheel by pip
with no checkout around it: the engine travels inside the sdist). pip fetches httpx and attrs from its index."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
PROGRAMS = Path(__file__).resolve().parent / "py_programs"
PIP_TIMEOUT_S = 600


def run(command: list[str], cwd: Path, timeout: float = PIP_TIMEOUT_S) -> str:
    """Runs a command; fails with its output when it fails. Returns its stdout."""
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{command}: {done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return done.stdout


def fresh_checkout(into: Path) -> Path:
    """clients/python and engine/ as a fresh checkout has them (nothing ignored, no
    `boardstate` package, no egg-info); returns the copy of clients/python."""
    listed = run(
        [
            "git",
            "ls-files",
            "--cached",
            "--others",
            "--exclude-standard",
            "clients/python",
            "engine",
        ],
        REPO,
    )
    for name in listed.splitlines():
        source = REPO / name
        if source.is_file():
            target = into / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return into / "clients" / "python"


def build_wheel(sdk: Path, into: Path) -> Path:
    """`pip wheel --no-deps` of the SDK's folder; returns the wheel."""
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(into), str(sdk)], into)
    return next(into.glob("boardstate_client-*.whl"))


def build_sdist(sdk: Path, into: Path) -> Path:
    """`python -m build --sdist` of the SDK's folder (the `build` frontend in a venv of its own,
    the build backend in an isolated environment, as a release would); returns the archive."""
    tools = Consumer(into / "tools")
    run([sys.executable, "-m", "venv", str(tools.root / "venv")], into)
    run([str(tools.python), "-m", "pip", "install", "-q", "build>=1,<2"], into)
    run([str(tools.python), "-m", "build", "--sdist", "--outdir", str(into), str(sdk)], into)
    return next(into.glob("boardstate_client-*.tar.gz"))


class Consumer:
    """A venv of its own (the stdlib's venv, no site packages) with the SDK installed."""

    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self.python = root / "venv" / "bin" / "python"

    def install(self, requirement: str) -> Consumer:
        run([sys.executable, "-m", "venv", str(self.root / "venv")], self.root)
        run([str(self.python), "-m", "pip", "install", "-q", requirement], self.root)
        return self

    def program(self, name: str, *args: str, timeout: float = 300) -> dict[str, Any]:
        """Runs py_programs/NAME.py (a copy outside the repository); its JSON output."""
        copy = self.root / f"{name}.py"
        shutil.copyfile(PROGRAMS / f"{name}.py", copy)
        result: dict[str, Any] = json.loads(
            run([str(self.python), str(copy), *args], self.root, timeout).splitlines()[-1]
        )
        return result
