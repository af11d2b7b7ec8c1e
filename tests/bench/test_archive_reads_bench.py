"""`bench/archive_reads.py` runs (a smoke run with few games, so the benchmark does not rot)."""

from __future__ import annotations

import json

from tests.bench.bench_runs import bench_output


def test_the_archive_reads_benchmark_reports_latencies_and_ratios() -> None:
    out = bench_output("archive_reads", "--games", "3", "--json")
    figures = json.loads(out)
    assert figures["games"] == 3
    for name in ("redis_cold_ms", "redis_warm_ms", "archived_cold_ms", "archived_cached_ms"):
        assert figures[name] > 0
    assert figures["cold_ratio"] == figures["archived_cold_ms"] / figures["redis_cold_ms"]
