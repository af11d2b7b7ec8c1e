"""`bench/peer_bench.py` runs end to end (a tiny run: REST door, one worker, no peer), so the
benchmark cannot rot. Its figures are not checked against any target here: speed is only ever
judged by the benchmark itself, as ratios in one run (bench/README.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_a_tiny_peer_bench_run_plays_tables_through_the_rest_door_and_reports_every_figure() -> (
    None
):
    argv = [sys.executable, "-m", "bench.peer_bench", "--no-peer", "--repeats", "1"]
    argv += ["--seconds", "1.5", "--warmup", "0.5", "--doors", "rest", "--workers", "1"]
    argv += ["--games", "2", "--tables", "2", "--match-moves", "12", "--json"]
    done = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads(done.stdout)
    assert figures["peer_skipped"] == "--no-peer", done.stdout
    side = figures["sides"]["boardstate-rest-w1"]
    assert side["accepted"] > 0, done.stdout
    assert side["moves_per_s"] > 0, done.stdout
    assert side["server_cpu_us_per_move"] > 0, done.stdout
    assert 0 < side["p50_ms"] <= side["p99_ms"], done.stdout
    assert figures["sides"]["baseline"]["moves_per_s"] > 0, done.stdout
    assert figures["sides"]["reference"]["moves_per_s"] > 0, done.stdout
    assert figures["sides"]["reference"]["server_cpu_us_per_move"] > 0, done.stdout
    ratios = figures["ratios"]["boardstate-rest-w1"]
    assert ratios["over_baseline_throughput"] > 0, done.stdout
    assert ratios["baseline_cpu_over_ours"] > 0, done.stdout


def test_an_unknown_door_is_refused_before_anything_starts() -> None:
    argv = [sys.executable, "-m", "bench.peer_bench", "--doors", "carrier-pigeon"]
    done = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "unknown doors" in done.stderr
