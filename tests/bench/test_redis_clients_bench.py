"""`bench/redis_clients.py` runs end to end (a tiny run of the variants the project's own
dependencies provide), so the benchmark cannot rot. Its figures are not checked against any
target: speed is only ever judged by the benchmark itself, as ratios in one run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bench.bench_runs import bench_output

REPO = Path(__file__).resolve().parents[2]
VARIANTS = ("redis-py", "redis-py-timeouts", "service-pool", "service-batched", "autopipe")


@pytest.mark.redis
def test_a_tiny_run_measures_each_variant_of_the_projects_own_clients() -> None:
    args = ["--count", "200", "--callers", "4", "--rounds", "2"]
    out = bench_output("redis_clients", *args, "--variants", ",".join(VARIANTS), "--json")
    figures = json.loads(out)
    assert figures["skipped"] == {}
    assert list(figures["runs"]) == list(VARIANTS)
    for variant in VARIANTS:
        assert len(figures["runs"][variant]) == 2
        for kind in ("get", "evalsha"):
            assert figures["medians"][variant][kind]["cpu_us_per_command"] > 0, out
            assert figures["medians"][variant][kind]["commands_per_s"] > 0, out
            assert len(figures["cpu_over_base"][variant][kind]) == 2
    assert figures["base"] == "service-pool"
    assert figures["cpu_over_base"]["service-pool"]["get"] == [1.0, 1.0]


def test_an_unknown_variant_is_refused_before_anything_starts() -> None:
    argv = [sys.executable, "-m", "bench.redis_clients", "--variants", "carrier-pigeon"]
    done = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "unknown variants" in done.stderr


def test_a_client_whose_package_is_missing_is_skipped_saying_how_to_get_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib.util

    from bench import redis_clients

    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    assert redis_clients.missing("glide") == "glide is not importable (pip install valkey-glide)"
    assert redis_clients.missing("coredis") == "coredis is not importable (pip install coredis)"
    assert redis_clients.missing("service-pool") is None
