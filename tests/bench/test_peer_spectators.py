"""`bench/peer_spectators.py` runs (a smoke run at a tiny size, so the benchmark does not rot):
boardgame.io's server with spectator sockets on one match, and ours on SSE and the command
socket, each count's CPU per event and its ratio to one spectator. Shape only, never speed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bench.peer_boardgameio import DEFAULT_PEER_DIR, Peer
from tests.bench.bench_runs import bench_output

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.redis
@pytest.mark.skipif(
    Peer.available(DEFAULT_PEER_DIR) is not None, reason=f"{Peer.available(DEFAULT_PEER_DIR)}"
)
def test_a_tiny_run_reports_the_peers_spectators_beside_ours(tmp_path: Path) -> None:
    if shutil.which("redis-server") is None:
        pytest.skip("needs redis-server on PATH")
    out = tmp_path / "spectators.json"
    args = ["--counts", "0,1,3", "--seconds", "0.5", "--warmup-moves", "2", "--moves", "3"]
    printed = bench_output("peer_spectators", *args, "--json", str(out), timeout=900)
    figures = json.loads(out.read_text(encoding="utf-8"))
    peer = {row["streams"]: row for row in figures["peer"]["rows"]}
    assert sorted(peer) == [0, 1, 3]
    assert peer[1]["ratio"] == 1.0
    for row in peer.values():
        assert row["events"] > 0
        assert row["cpu_us"] >= 0  # the server's CPU in clock ticks: a short window may read 0
    for door in ("sse", "socket"):
        ours = {row["streams"]: row for row in figures["ours"][f"shared:{door}"]}
        assert sorted(ours) == [0, 1, 3]
        assert ours[1]["ratio"] == 1.0
    lines = printed.splitlines()
    assert lines[0].split()[0] == "spectators"
    assert [line.split()[0] for line in lines[1:4]] == ["0", "1", "3"]
