"""`bench/bots.py` runs (a smoke run with the smallest settings, so the benchmark does not rot)."""

from __future__ import annotations

from tests.bench.bench_runs import bench_output


def test_the_bots_benchmark_prints_a_table_of_win_rates() -> None:
    out = bench_output("bots", "--games", "2", "--playouts", "2", "--only", "trambahn")
    rows = [line for line in out.splitlines() if line.startswith("| trambahn")]
    assert len(rows) == 3
    assert "heuristic vs random" in rows[0]
