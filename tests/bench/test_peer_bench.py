"""`bench/peer_bench.py` runs end to end in a tiny configuration and reports every row, so the
benchmark cannot rot: Connect Four through every door, Trambahn through REST + SSE and through
REST moves only, the bare servers, and (where node, npm and Debian's postgresql are installed)
boardgame.io in memory and with bgio-postgres, and every target of issue 41. Its figures are
never checked against a target here: speed is only ever judged by the benchmark itself, as ratios
in one run (bench/README.md).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bench.peer_boardgameio import DEFAULT_PEER_DIR, Peer
from bench.peer_postgres import unavailable
from bench.peer_targets import SPECTATORS, TARGETS
from tests.bench.bench_runs import bench_output

REPO = Path(__file__).resolve().parents[2]
TINY = ["--repeats", "1", "--seconds", "1.5", "--warmup", "0.5", "--workers", "1"]
TINY += ["--games", "2", "--tables", "2", "--match-moves", "12", "--json"]
BOARDSTATE_SIDES = ["c4-rest-w1", "c4-graphql-w1", "c4-ws-w1", "c4-socket-w1"]
BOARDSTATE_SIDES += ["trambahn-rest-w1", "trambahn-moves-w1", "baseline", "reference"]


def run_bench(*extra: str) -> dict[str, Any]:
    figures: dict[str, Any] = json.loads(bench_output("peer_bench", *TINY, *extra, timeout=900))
    return figures


def check_side(side: dict[str, Any], store: bool = True) -> None:
    assert side["accepted"] > 0, side
    assert side["moves_per_s"] > 0, side
    assert side["server_cpu_us_per_move"] > 0, side
    assert side["store_cpu_us_per_move"] > 0 or not store, side
    assert 0 < side["p50_ms"] <= side["p99_ms"], side


def test_a_tiny_run_without_the_peer_plays_connect_four_and_trambahn() -> None:
    # One Connect Four door here: the run with the peer (below) plays every door.
    figures = run_bench("--no-peer", "--doors", "rest", "--trambahn-doors", "rest")
    assert figures["peer_skipped"] == "--no-peer"
    sides = ["c4-rest-w1", "trambahn-rest-w1", "baseline", "reference"]
    assert sorted(figures["sides"]) == sorted(sides)
    for name in sides:
        check_side(figures["sides"][name])
    ratios = figures["ratios"]["c4-rest-w1"]
    assert ratios["over_baseline_throughput"] > 0
    assert "cpu_over_memory" not in ratios
    rows = {t["target"]: t for t in figures["targets"]}
    assert len(rows) == len(TARGETS) + 1
    assert all(t["met"] is None and t["ratio"] is None for t in rows.values())


@pytest.mark.skipif(
    (Peer.available(DEFAULT_PEER_DIR) or unavailable()) is not None,
    reason=f"{Peer.available(DEFAULT_PEER_DIR) or unavailable()}",
)
def test_a_tiny_run_with_the_peer_plays_every_door_and_reports_both_peers_and_every_target() -> (
    None
):
    figures = run_bench("--doors", "rest,socket,graphql,ws")
    assert figures["peer_skipped"] is None
    assert figures["postgres_skipped"] is None
    assert sorted(figures["sides"]) == sorted([*BOARDSTATE_SIDES, "bgio-memory", "bgio-postgres"])
    for name in BOARDSTATE_SIDES:
        check_side(figures["sides"][name])
    check_side(figures["sides"]["bgio-memory"], store=False)
    assert figures["sides"]["bgio-memory"]["store_cpu_us_per_move"] == 0
    check_side(figures["sides"]["bgio-postgres"])
    rows = {t["target"]: t for t in figures["targets"]}
    assert len(rows) == len(TARGETS) + 1
    for what, *_ in TARGETS:
        assert rows[what]["ratio"] > 0, rows[what]
        assert rows[what]["met"] in (True, False), rows[what]
    assert rows[SPECTATORS]["met"] is None
    assert figures["ratios"]["c4-rest-w1"]["cpu_over_postgres"] > 0


def test_an_unknown_door_is_refused_before_anything_starts() -> None:
    argv = [sys.executable, "-m", "bench.peer_bench", "--doors", "carrier-pigeon"]
    done = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "unknown doors" in done.stderr
