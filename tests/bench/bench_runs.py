"""Running a bench script the way its README says (`python -m bench.<name> …` from the
repository's root) in the tests' tiny runs: its standard output, or the test fails with the end
of its standard error."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.measured import scoped

REPO = Path(__file__).resolve().parents[2]


def bench_output(module: str, *args: str, timeout: float = 600) -> str:
    """The standard output of `python -m bench.<module> args…`, which must exit 0."""
    argv = [sys.executable, "-m", f"bench.{module}", *args]
    env = scoped(dict(os.environ))  # unmeasured: tests/measured.py
    done = subprocess.run(argv, cwd=REPO, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout
