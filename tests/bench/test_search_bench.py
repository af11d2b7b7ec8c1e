"""`bench/search_bench.py` runs (a smoke run with the smallest settings, so it does not rot)."""

from __future__ import annotations

from tests.bench.bench_runs import bench_output

SMOKE = ("--games", "2", "--playouts", "2", "--tuning", "default")


def test_the_search_bench_prints_each_game_and_a_row_with_an_interval() -> None:
    out = bench_output("search_bench", "trambahn", "2", *SMOKE)
    games = [line for line in out.splitlines() if line.startswith("# game")]
    rows = [line for line in out.splitlines() if line.startswith("| trambahn")]
    assert len(games) == 2
    assert len(rows) == 1
    cells = [cell.strip() for cell in rows[0].strip("|").split("|")]
    assert cells[2] == "2 playouts / 1000 ms, default tuning"
    share, interval = cells[3].split(" ", 1)
    low, high = (float(x) for x in interval.strip("[]").split(", "))
    assert low <= float(share) <= high
    assert cells[4:8] == ["0.55", "0.50", "yes" if low > 0.5 else "no", "2"]


def test_the_search_bench_changes_one_field_of_the_tuning() -> None:
    args = (
        "--games",
        "1",
        "--playouts",
        "2",
        "--set",
        "evaluate=heuristic",
        "--set",
        "root_width=3",
    )
    out = bench_output("search_bench", "tf22-mine", "2", *args)
    rows = [line for line in out.splitlines() if line.startswith("| tf22-mine")]
    cells = [cell.strip() for cell in rows[0].strip("|").split("|")]
    assert cells[2] == "2 playouts / 1000 ms, game tuning, evaluate=heuristic, root_width=3"
