"""The mypyc trial's measuring half runs on a pure copy of the engine (compiling is left to the
bench itself: minutes of C compiler): the copy is the one imported, and it reports every figure
and the state hashes' digest, which match the engine's own."""

from __future__ import annotations

import hashlib
from pathlib import Path

from bench.compiled_trial import copy_engine, measure
from bench.engine_bench import play
from boardstate.engine.core.canonical import canonical_bytes
from boardstate.engine.registry import GAMES


def test_a_pure_copy_reports_every_figure_and_the_engines_own_state_hashes(
    tmp_path: Path,
) -> None:
    copy_engine(tmp_path)
    assert (tmp_path / "boardstate" / "engine" / "core" / "canonical.py").is_file()
    figures = measure(tmp_path, 1)
    assert "error" not in figures, figures.get("error")
    assert figures["compiled"] is False
    assert Path(figures["origin"]).is_relative_to(tmp_path)
    assert all(figures[k] > 0 for k in ("movePath", "rebuild", "stateHash"))
    rules = GAMES["trambahn"]
    digest = hashlib.sha256()
    for players, log, _ in play("trambahn", 1)[2]:
        state = rules.initial_state(players, rules.parse_options(None))
        for event in log:
            state = rules.evolve(state, event)
            digest.update(hashlib.sha256(canonical_bytes(state)).digest())
    assert figures["digest"] == digest.hexdigest()
