"""`boardstate play` (issue 17): a whole game in the terminal against bots, answered by a script."""

from __future__ import annotations

import subprocess
import tempfile

from tests.cli_runs import BIN

ANSWERS = "1\n" * 3000


def test_a_whole_game_is_played_offline_against_bots_and_ends_with_its_result() -> None:
    done = subprocess.run(
        [
            str(BIN / "boardstate"),
            "play",
            "trambahn",
            "--seed",
            "t1",
            "--bots",
            "random",
        ],
        input=ANSWERS,
        cwd=tempfile.gettempdir(),  # a user's folder, not the repository's
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    out = done.stdout
    assert "your move (number, q to stop)" in out
    assert "seat 1 (random):" in out
    assert "  1. Board " in out  # the moves in words (`GameRules.describe_move`), no JSON
    assert "null" not in out
    assert "winners" in out.splitlines()[-1]


def test_q_stops_and_a_wrong_number_is_asked_again() -> None:
    done = subprocess.run(
        [str(BIN / "boardstate"), "play", "trekking", "--seed", "t2"],
        input="999\nq\n",
        cwd=tempfile.gettempdir(),  # a user's folder, not the repository's
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "  type 1.." in done.stdout
    assert done.stdout.rstrip().endswith("stopped")


def test_an_unknown_bot_is_refused() -> None:
    done = subprocess.run(
        [
            str(BIN / "boardstate"),
            "play",
            "trambahn",
            "--bots",
            "genius",
        ],
        cwd=tempfile.gettempdir(),  # a user's folder, not the repository's
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
