"""`make unit` runs pytest on two workers with `--dist loadgroup`, and the suite relies on its
groups: the browser tests, the TypeScript SDK's shared installs and each module's shared served
processes stay on one worker (`tests/conftest.py`). pytest 9.2 with pytest-xdist 3.8 ignored
every group without a word (docs/performance.md); this runs a small suite of its own the way
`make unit` does and checks that one group's tests all ran on one worker, so a pytest or xdist
release that drops the groups again fails here rather than slowing or unsettling the suite."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

GROUPED = """
import os

import pytest


@pytest.mark.xdist_group("one")
@pytest.mark.parametrize("n", range(12))
def test_grouped(n: int) -> None:
    with open(os.environ["GROUP_LOG"], "a", encoding="utf-8") as log:
        log.write(os.environ["PYTEST_XDIST_WORKER"] + "\\n")
"""


def test_the_tests_of_one_xdist_group_run_on_one_worker(tmp_path: Path) -> None:
    (tmp_path / "test_grouped.py").write_text(GROUPED, encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    log = tmp_path / "workers.log"
    argv = [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-q"]
    argv += ["-p", "no:cacheprovider", "-p", "no:cov", "test_grouped.py"]
    env = {**os.environ, "GROUP_LOG": str(log)}
    done = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    workers = log.read_text(encoding="utf-8").split()
    assert len(workers) == 12
    assert len(set(workers)) == 1, workers
