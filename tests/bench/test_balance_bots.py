"""`bench/balance_bots.py` runs (one heuristic game, nothing written), so the benchmark does not rot."""

from __future__ import annotations

import json
from pathlib import Path

from tests.bench.bench_runs import bench_output


def test_the_bot_balance_benchmark_prints_shares_by_position(tmp_path: Path) -> None:
    trace = tmp_path / "trace.jsonl"
    out = bench_output(
        "balance_bots", "--game", "trambahn", "--games", "1", "--no-write", "--trace", str(trace)
    )
    rows = [line for line in out.splitlines() if line.startswith("| 2 | 1 |")]
    assert len(rows) == 1
    assert "0: " in rows[0]
    assert "1: " in rows[0]
    (game,) = [json.loads(line) for line in trace.read_text().splitlines()]
    assert game["seed"] == "balance-bots-trambahn-2-0"
    assert game["start"] in (0, 1)
    assert len(game["scores"]) == 2
    assert set(game["winners"]) <= {0, 1}


def test_a_run_replaces_its_own_rows_and_keeps_the_others() -> None:
    from bench.balance_bots import label, merged

    head = "| players | games |\n|---|---|"
    old = f"an old note\n\n{head}\n| 2 | 20 |\n| 3 | 20 |"
    new = f"a new note\n\n{head}\n| 3 | 40 |\n| {label(3, {'arsenic': True})} | 20 |"
    out = merged(old, new)
    assert out.split("\n") == [
        "a new note",
        "",
        "| players | games |",
        "|---|---|",
        "| 2 | 20 |",
        "| 3 | 40 |",
        "| 3 · arsenic: true | 20 |",
    ]
    assert label(4, {}) == "4"
