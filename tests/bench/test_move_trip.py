"""`bench/move_trip.py` on the real service (issue 38, "one fold per move"): the trip of a move
from `Moves.submit_move` through the referee, the fold and the store stays within its targets.

The figures are counts of modules and steps, the same on any machine and under any load (no
timing): a move without a clock, through either door, passes at most `MOST_STEPS` steps and
enters no module more than twice, a clocked one at most `MOST_CLOCKED_STEPS` and
`MOST_CLOCKED_ENTRIES`; its module count does not grow past what issue 38's first
item left (`MOST_MODULES`: the issue's 40 needs the HTTP side's share too, docs/layout.md).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.bench.bench_runs import bench_output

MOST_STEPS = 25
MOST_ENTRIES = 2
MOST_CLOCKED_STEPS = 51
MOST_CLOCKED_ENTRIES = 3
"""A clocked move (decided on the log's head, timed with `MoveTimed`, then settled and scheduled
by the steward): 73 to 85 steps and up to 15 entries into `log.clocks` before the steward's one
`due_work.plan`, the fold's own clock tracking and `Table.deadline`; 47 to 51 after (51: a move
whose append keeps a checkpoint), `log.record_model`, `store` and the loader entered 3 times."""
MOST_MODULES = {"rest": 79, "graphql": 86}
"""Modules one accepted move runs after issue 38's fold (81 and 87 before it, on `main` at
3a344c7; 76 and 82 at 372060f, before issue 37's head guards), and issue 39's `owed`: every
append's `turn.changed` lists the kinds of move owed, so the game's `legal_moves` module runs
(one engine module more: 77 -> 78 on REST; GraphQL measured 84 and once 85, the extra one a
service module, 64 or 65 without the engine, in four moves); and issue 39's words in the
request's language: `service.contract.languages` reads `Accept-Language` on every request (one
service module more: 79 and 86)."""


@pytest.fixture(scope="module")
def trips(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    out = tmp_path_factory.mktemp("move_trip") / "trip.json"
    bench_output("move_trip", "--moves", "4", "--json", str(out))
    result: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return result


@pytest.mark.redis
@pytest.mark.parametrize("door", ["rest", "graphql"])
def test_a_move_passes_the_fold_once(trips: dict[str, Any], door: str) -> None:
    found = trips["trip"][f"unclocked {door}"]
    assert found["moves"] == 4
    longest = found["longest"]
    assert longest["sequence"][0] == "→ features.moves.submission"
    assert longest["sequence"][-1].endswith("features.moves.submission")
    assert "log.record_model" in longest["entries"]  # the fold, entered from the move
    assert found["most steps"] <= MOST_STEPS, longest["sequence"]
    assert found["most entries"] <= MOST_ENTRIES, longest["entries"]


@pytest.mark.redis
@pytest.mark.parametrize("door", ["rest", "graphql"])
def test_a_clocked_move_settles_in_one_plan(trips: dict[str, Any], door: str) -> None:
    found = trips["trip"][f"clocked {door}"]
    assert found["moves"] == 4
    longest = found["longest"]
    assert "features.moves.due_work" in longest["entries"]  # the steward's plan, and the check
    assert longest["entries"]["features.moves.due_work"] <= 2, longest["sequence"]
    assert found["most steps"] <= MOST_CLOCKED_STEPS, longest["sequence"]
    assert found["most entries"] <= MOST_CLOCKED_ENTRIES, longest["entries"]


@pytest.mark.redis
def test_the_trip_counts_every_call_apart(trips: dict[str, Any]) -> None:
    """Reading the record (its properties and methods) is counted in the `every call` figures,
    so they see more than the trip does, never less."""
    for name, found in trips["trip"].items():
        every = trips["every call"][name]
        assert every["most steps"] >= found["most steps"]
        assert "log.game_record" in every["longest"]["entries"]
        assert "log.game_record" not in found["longest"]["entries"]


@pytest.mark.redis
@pytest.mark.parametrize("door", ["rest", "graphql"])
def test_a_move_runs_no_more_modules_than_after_the_fold(trips: dict[str, Any], door: str) -> None:
    counts = trips["modules"][door]
    assert len(counts["all"]) == 4
    assert min(counts["without the engine"]) > 0
    assert max(counts["all"]) <= MOST_MODULES[door]
