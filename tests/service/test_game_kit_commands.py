"""`boardstate new-game` and `boardstate check-game` (issue 40), run as an author runs them, from
a folder outside the repository: the skeleton's own tests pass, `check-game` passes it by module
and by its installed id (a real distribution on `PYTHONPATH`), and a broken game fails with the
first failing seed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.cli_runs import boardstate, environment
from tests.engine.test_registration import install

BROKEN = """
import dataclasses
from race_game import RULES as GOOD

# Lists a move that `play` refuses once the total passes 15: not every legal move is accepted.
RULES = dataclasses.replace(
    GOOD,
    legal_moves=lambda s, seat: (
        tuple(GOOD.moves.by_type["add"](n) for n in (1, 2, 3)) if seat in GOOD.to_act(s) else ()
    ),
)
"""


def test_a_new_game_passes_its_own_tests_and_check_game(tmp_path: Path) -> None:
    env = environment(None, "bs-kit")
    made = boardstate(tmp_path, env, "new-game", "race-game")
    assert made.status == 0, made.stderr
    src = tmp_path / "race-game" / "src"
    tests = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "race-game"],
        cwd=tmp_path,
        env=env | {"PYTHONPATH": str(src)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert tests.returncode == 0, tests.stdout + tests.stderr
    assert "2 passed" in tests.stdout
    by_module = boardstate(tmp_path, env | {"PYTHONPATH": str(src)}, "check-game", "race_game")
    assert by_module.status == 0, by_module.stderr
    assert by_module.stdout.splitlines()[-1].startswith("race-game: 72 games,")
    site = install(tmp_path / "site", "race-game", {"race-game": "race_game:RULES"})
    path = f"{site}:{src}"
    by_id = boardstate(
        tmp_path, env | {"PYTHONPATH": path}, "check-game", "race-game", "--seeds", "2"
    )
    assert by_id.status == 0, by_id.stderr
    again = boardstate(tmp_path, env, "new-game", "race-game")
    again.failed_with("BAD_ARGUMENT", 2)


def test_check_game_names_the_first_failing_seed(tmp_path: Path) -> None:
    env = environment(None, "bs-kit")
    assert boardstate(tmp_path, env, "new-game", "race-game").status == 0
    (tmp_path / "broken_race.py").write_text(BROKEN)
    path = f"{tmp_path}:{tmp_path / 'race-game' / 'src'}"
    ran = boardstate(tmp_path, env | {"PYTHONPATH": path}, "check-game", "broken_race")
    line = ran.failed_with("CONFORMANCE_FAILED", 1)
    assert "race-game, 2 players, random seed 'conformance-random-0'" in line
    assert "IllegalMove: the total may not pass 21" in line
    unknown = boardstate(tmp_path, env, "check-game", "no_such_game")
    unknown.failed_with("UNKNOWN_GAME_TYPE", 2)
