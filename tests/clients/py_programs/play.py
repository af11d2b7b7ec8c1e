"""An integrator's program, run by the Python of a fresh venv with only the SDK installed: a
whole Trambahn game, both seats played by `play` (each on its own thread, following the game's
stream), typed moves; prints the result as JSON. Usage: play.py URL"""

from __future__ import annotations

import json
import sys
import threading

from boardstate_api.api.default import create_game
from boardstate_api.models import CreateGameIn
from boardstate_client import Turn, connect, play, unwrap
from boardstate_client.games import trambahn


def first(turn: Turn[trambahn.Move, trambahn.StateView]) -> trambahn.Move:
    return turn.legal_moves[0]


url = sys.argv[1]
body = CreateGameIn(game_type="trambahn", players=2, seats=["ann", "bob"])
created = unwrap(create_game.sync_detailed(client=connect(url), body=body))
game_id = created.game.id
moves: dict[int, int] = {0: 0, 1: 0}
ends: dict[int, str] = {}


def seat(token: str, number: int) -> None:
    def count(_: object) -> None:
        moves[number] += 1

    ends[number] = play(connect(url, token), trambahn.GAME, game_id, number, first, on_move=count)[
        "status"
    ]


threads = [threading.Thread(target=seat, args=(t.token, t.seat)) for t in created.tokens]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
modules = sorted(name for name in sys.modules if name.split(".")[0] == "boardstate")
print(json.dumps({"ends": ends, "moves": moves, "boardstate_modules": modules}))
