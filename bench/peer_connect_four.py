"""Connect Four for `peer_bench.py`: the game of `examples/connect-four` (the rules of the peer's
`FourInARow`), installed for the served processes alone when this environment does not have it,
and the moves the Boardstate tables play.

A Boardstate game of Connect Four ends at the first line of four or a full board, where the
peer's `FourInARow` clears the board and plays on until the match's `MATCH_MOVES`. So that a
match is as long on both sides, the tables play drawn games: 42 drops that fill the board
without a line of four (found by a seeded search, then played once through the service, untimed,
to record each move's expected version), and the peer plays 42-move matches.
"""

from __future__ import annotations

import importlib.metadata
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.peer_boardgameio import REPO
from bench.service_games import LEGAL, Played, create_game, submit_body
from bench.service_http import BenchError, Target, post

GAME_TYPE = "connect-four"
COLUMNS, ROWS = 7, 6
MATCH_MOVES = COLUMNS * ROWS
PACKAGE = REPO / "examples" / "connect-four"
PIP_TIMEOUT_S = 600
SEARCH_BUDGET = 5_000
SEARCH_TRIES = 1_000


def served_with(env: dict[str, str], tmp: Path) -> None:
    """Makes the services started with `env` find Connect Four: nothing when this environment
    already has the game; otherwise `examples/connect-four` is installed (no dependencies: it
    needs only boardstate) into a folder of `tmp` that `env`'s `PYTHONPATH` names. This
    environment itself is never changed (the test suite shares it, and sees the games it has)."""
    games = importlib.metadata.entry_points(group="boardstate.games")
    if any(e.name == GAME_TYPE for e in games):
        return
    target = tmp / "connect-four-package"
    if not target.is_dir():
        source = tmp / "connect-four-source"  # pip builds in the folder it installs from
        shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns("build", "*.egg-info"))
        argv = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps"]
        argv += ["--target", str(target), str(source)]
        subprocess.run(argv, check=True, timeout=PIP_TIMEOUT_S, stdout=subprocess.DEVNULL)
    paths = [str(target), *filter(None, [env.get("PYTHONPATH")])]
    env["PYTHONPATH"] = os.pathsep.join(paths)


def _lines_through(board: list[list[int]], row: int, column: int) -> bool:
    seat = board[row][column]
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        count = 1
        for sign in (1, -1):
            r, c = row + sign * dr, column + sign * dc
            while 0 <= r < ROWS and 0 <= c < COLUMNS and board[r][c] == seat:
                count, r, c = count + 1, r + sign * dr, c + sign * dc
        if count >= 4:
            return True
    return False


def drawn_game(rnd: random.Random) -> list[int]:
    """The columns of a 42-drop game with no line of four (seat 0 first): a depth-first search
    that tries the columns in a random order at each drop, started again (with the next random
    order) when it has tried `SEARCH_BUDGET` drops without finding one."""
    for _ in range(SEARCH_TRIES):
        if (columns := _search(rnd)) is not None:
            return columns
    raise BenchError("no drawn game of Connect Four found")


def _search(rnd: random.Random) -> list[int] | None:
    board = [[-1] * COLUMNS for _ in range(ROWS)]
    heights = [0] * COLUMNS
    columns: list[int] = []
    budget = [SEARCH_BUDGET]

    def search() -> bool:
        if len(columns) == MATCH_MOVES:
            return True
        order = [c for c in range(COLUMNS) if heights[c] < ROWS]
        rnd.shuffle(order)
        for column in order:
            budget[0] -= 1
            if budget[0] < 0:
                return False
            row = heights[column]
            board[row][column], heights[column] = len(columns) % 2, row + 1
            columns.append(column)
            if not _lines_through(board, row, column) and search():
                return True
            columns.pop()
            board[row][column], heights[column] = -1, row
        return False

    return columns if search() else None


async def record(target: Target, games: int) -> list[Played]:
    """Plays `games` drawn games through GraphQL (untimed); returns their moves and versions."""
    played: list[Played] = []
    async with target.connect() as conn:
        for index in range(games):
            game = Played(index, f"bench-c4-{index}")
            fields, tokens = await create_game(conn, game.seed, GAME_TYPE)
            game.game_id, version = fields["id"], fields["version"]
            for turn, column in enumerate(drawn_game(random.Random(index))):
                seat = turn % 2
                move = await _legal(conn, game.game_id, seat, column, tokens[seat])
                body, _ = await post(
                    conn, "/graphql", submit_body(game.game_id, seat, move, version), tokens[seat]
                )
                result = body["data"]["submitMove"]
                if result["__typename"] != "MoveAccepted":
                    raise BenchError(f"connect four {index}, version {version}: {result}")
                game.moves.append((seat, move, version))
                version = result["version"]
            game.finished, game.final_version = True, version
            played.append(game)
    return played


async def _legal(conn: Any, game_id: str, seat: int, column: int, token: str) -> Any:
    """The service's own form of the move that drops into `column` (from `legalMoves`)."""
    query = {"query": LEGAL, "variables": {"g": game_id, "s": seat}}
    body, _ = await post(conn, "/graphql", query, token)
    legal: Sequence[Any] = body["data"]["game"]["legalMoves"]
    for move in legal:
        if isinstance(move, dict) and move.get("column") == column:
            return move
    raise BenchError(f"column {column} is not among the legal moves {legal}")
