"""The generated per-game types of the Python SDK check an integrator's code (issue 29): a
strategy returning a Trambahn move type-checks under `mypy --strict`; a misspelt move type or a
missing field is an error, and a state view is typed field by field."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GOOD = """
from boardstate_client import Turn
from boardstate_client.games import trambahn


def strategy(turn: Turn[trambahn.Move, trambahn.StateView]) -> trambahn.Move:
    view = turn.state()
    if view["finished"]:
        return {"type": "end_turn"}
    return turn.legal_moves[0]


def build(card: str) -> trambahn.Move:
    return {"type": "build_station", "card": card, "line": None}
"""
BAD = """
from boardstate_client.games import trambahn

misspelt: trambahn.Move = {"type": "build_sation", "card": "red-9"}
missing: trambahn.Move = {"type": "take_income"}
wrong: int = trambahn.GAME.id
"""

# As for an integrator, whose mypy reads the installed SDK without reporting errors inside it.
CONFIG = """[mypy]
strict = True
incremental = False
mypy_path = {sdk}

[mypy-boardstate_api.*,boardstate_client.*]
ignore_errors = True
"""


def mypy(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    program = tmp_path / "program.py"
    program.write_text(source, encoding="utf-8")
    config = tmp_path / "mypy.ini"
    config.write_text(CONFIG.format(sdk=ROOT / "clients" / "python"), encoding="utf-8")
    command = [sys.executable, "-m", "mypy", "--config-file", str(config), str(program)]
    return subprocess.run(
        command, capture_output=True, text=True, cwd=tmp_path, timeout=600, check=False
    )


def test_a_strategy_with_trambahn_moves_type_checks(tmp_path: Path) -> None:
    done = mypy(tmp_path, GOOD)
    assert done.returncode == 0, done.stdout


def test_a_wrong_move_does_not_type_check(tmp_path: Path) -> None:
    done = mypy(tmp_path, BAD)
    assert done.returncode == 1, done.stdout
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert sorted({line.split(":")[1] for line in errors}) == ["4", "5", "6"], done.stdout
