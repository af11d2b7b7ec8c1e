"""`bench/spectators.py` runs (a smoke run at a tiny size, so the benchmark does not rot) on each
door, and the stream core prepares each event once per view however many spectators follow the
game, through the fanout (SSE, socket), pulled, or through strawberry (`gameEvents`, whose
selection is executed once per view and document: `schema.shared_results`): a count, not a
timing (`service.features.live.prepared_events`, `fanout`)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.bench.bench_runs import bench_output


@pytest.mark.redis
def test_the_spectators_benchmark_reports_ratios_and_one_preparation_per_view(
    tmp_path: Path,
) -> None:
    if shutil.which("redis-server") is None:
        pytest.skip("needs redis-server on PATH")
    out = tmp_path / "spectators.json"
    args = ["--moves", "3", "--counts", "0,1,4", "--unshared", "--json", str(out)]
    bench_output("spectators", *args)
    figures = json.loads(out.read_text(encoding="utf-8"))
    for door in ("sse", "socket", "pull", "graphql"):
        for mode in ("shared", "unshared"):
            rows = {row["streams"]: row for row in figures[f"{mode}:{door}"]}
            assert sorted(rows) == [0, 1, 4]
            assert rows[1]["ratio"] == 1.0
            for row in rows.values():
                assert row["door"] == door
                assert row["events"] >= 3
                assert row["cpu_us"] > 0
        four = {row["streams"]: row for row in figures[f"shared:{door}"]}[4]
        assert four["prepared"] == four["events"]  # once per event for the spectators' view
        alone = {row["streams"]: row for row in figures[f"unshared:{door}"]}[4]
        assert alone["prepared"] == 4 * alone["events"]  # each stream prepared its own
    shared = {row["streams"]: row for row in figures["shared:graphql"]}[4]
    assert shared["executed"] == shared["events"]  # one selection per event for the view
    alone = {row["streams"]: row for row in figures["unshared:graphql"]}[4]
    assert alone["executed"] == 4 * alone["events"]  # each subscription ran its own
