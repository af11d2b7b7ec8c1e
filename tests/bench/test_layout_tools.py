"""`bench/move_path.py` and `bench/layout_figures.py` run on today's layout (smoke runs, so the
figures of docs/layout.md can be measured again after modules move)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.bench.bench_runs import bench_output


@pytest.mark.redis
def test_move_path_lists_the_modules_of_one_move_per_door(tmp_path: Path) -> None:
    out = tmp_path / "move_path.json"
    bench_output("move_path", "--json", str(out))
    result = json.loads(out.read_text(encoding="utf-8"))
    assert set(result) == {"rest", "graphql"}
    for door in result.values():
        counts = list(door["counts"].values())
        assert counts == sorted(counts, reverse=True)
        assert counts[-1] > 0
        assert "engine/trambahn" in door["by_layer"]
        modules = {m for found in door["by_layer"].values() for m in found}
        assert "boardstate.service.log.record_model" in modules
    assert "boardstate.schema.mutation" in {
        m for found in result["graphql"]["by_layer"].values() for m in found
    }


def test_layout_figures_print_one_row_per_figure() -> None:
    out = bench_output("layout_figures")
    rows = [line for line in out.splitlines() if line.startswith("| ")]
    figures = [row.split(" | ")[0].removeprefix("| ") for row in rows[1:]]
    assert figures[:3] == ["lines in service/", "lines in schema/", "lines in engine/"]
    assert any(f.startswith("public methods of the service object") for f in figures)
    assert any(f.startswith("import cycles") for f in figures)
