"""Plays Connect Four to a win with the Python types `boardstate sdk-types` wrote (the package
`c4types`, for a service with Connect Four installed): seat 0 stacks four in column 0.
Usage: play_connect_four.py URL"""

from __future__ import annotations

import sys

from boardstate_api.api.default import create_game
from boardstate_api.models import CreateGameIn
from boardstate_client import connect, get_state, legal_moves, submit_move, unwrap
from c4types import GAME_TYPES, connect_four


def pick(moves: list[connect_four.Move], column: int) -> connect_four.Move:
    """The drop into `column`, read from the typed moves."""
    for move in moves:
        if move["type"] == "drop" and move["column"] == column:
            return move
    raise SystemExit(f"no drop into column {column}: {moves}")


url = sys.argv[1]
assert GAME_TYPES["connect-four"] is connect_four.GAME
body = CreateGameIn(game_type="connect-four", players=2, seats=["ann", "bob"])
created = unwrap(create_game.sync_detailed(client=connect(url), body=body))
seats = {t.seat: connect(url, t.token) for t in created.tokens}
for turn in range(7):
    seat = turn % 2
    legal = legal_moves(seats[seat], connect_four.GAME, created.game.id, seat)
    submit_move(seats[seat], created.game.id, seat, pick(legal.moves, seat))
view: connect_four.StateView = get_state(seats[0], connect_four.GAME, created.game.id).state
print(created.game.id, sorted(view))
