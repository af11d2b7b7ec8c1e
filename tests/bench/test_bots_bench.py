"""`bench/bots.py` runs (a smoke run with the smallest settings, so the benchmark does not rot)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_the_bots_benchmark_prints_a_table_of_win_rates() -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "bench.bots",
            "--games",
            "2",
            "--playouts",
            "2",
            "--only",
            "trambahn",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    ).stdout
    rows = [line for line in out.splitlines() if line.startswith("| trambahn")]
    assert len(rows) == 3
    assert "heuristic vs random" in rows[0]
