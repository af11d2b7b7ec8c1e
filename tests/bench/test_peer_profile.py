"""`bench/peer_profile.py` profiles the window of a tiny run and sums it by layer, so the profile
behind docs/performance.md's "which layer holds it back" cannot rot (its shares are not checked)."""

from __future__ import annotations

from pathlib import Path

from bench.peer_profile import REPO, by_layer, layer
from tests.bench.bench_runs import bench_output


def test_a_tiny_profiled_run_writes_the_windows_profile_and_sums_it_by_layer(
    tmp_path: Path,
) -> None:
    kept = tmp_path / "window.prof"
    args = ["--seconds", "1.5", "--warmup", "0.5", "--tables", "2", "--keep", str(kept)]
    assert "moves in the window (c4, rest)" in bench_output("peer_profile", *args)
    layers, steps, total = by_layer(kept)
    assert total > 0
    assert layers["service: HTTP edge, REST, GraphQL, socket, SSE doors"] > 0, layers
    assert layers["the game's rules (Connect Four, Trambahn)"] > 0, layers
    assert any(step.startswith("submit_move") for step in steps), steps


def test_a_source_file_belongs_to_its_layer() -> None:
    own = f"{REPO}boardstate/service/store/pools.py"
    assert layer(own) == "service: store (Redis calls, scripts, batching)"
    rules = f"{REPO}examples/connect-four/src/connect_four/__init__.py"
    assert layer(rules) == "the game's rules (Connect Four, Trambahn)"
    redis = f"{REPO}.venv/lib/python3.11/site-packages/redis/asyncio/client.py"
    assert layer(redis) == "redis-py + hiredis"
    assert layer("/usr/lib/python3.11/asyncio/events.py").startswith("asyncio")
