"""An integrator's program, run by the Python of a fresh venv with only the SDK installed: a
whole Trambahn game played on the command socket (`AsyncCommandSocket`, one socket per seat,
turns learnt from pushes), then one blocking `CommandSocket` that reads the game back; prints
the result as JSON. Usage: socket_play.py URL"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from boardstate_api.api.default import create_game
from boardstate_api.models import CreateGameIn
from boardstate_client import AsyncCommandSocket, CommandSocket, ProblemError, connect, unwrap

url = sys.argv[1]
body = CreateGameIn(game_type="trambahn", players=2, seats=["ann", "bob"])
created = unwrap(create_game.sync_detailed(client=connect(url), body=body))
game_id = created.game.id
moves: dict[int, int] = {0: 0, 1: 0}
last: dict[int, dict[str, Any]] = {}


async def seat(token: str, number: int) -> None:
    async with await AsyncCommandSocket.open(url, token) as socket:
        await socket.subscribe(game_id)
        asked = -1
        while True:
            push = await socket.next_push(60)
            if push["type"] == "unsubscribed":
                return
            header = push["event"]["header"]
            last[number] = header
            if header["status"] != "ACTIVE" or number not in header["toAct"]:
                continue
            if asked == header["version"]:
                continue
            legal = await socket.legal_moves(game_id, number)
            if legal["version"] != header["version"]:
                continue
            asked = header["version"]
            answer = await socket.submit_move(
                game_id,
                number,
                legal["moves"][0],
                expected_version=asked,
                move_id=f"{number}-{asked}",
            )
            assert answer["type"] == "accepted"
            moves[number] += 1


async def main() -> None:
    await asyncio.gather(*(seat(t.token, t.seat) for t in created.tokens))


asyncio.run(main())
with CommandSocket(url) as spectator:  # a spectator may not move
    try:
        spectator.submit_move(game_id, 0, {"type": "draw_from_deck"})
        refused = ""
    except ProblemError as exc:
        refused = exc.code.value
modules = sorted(name for name in sys.modules if name.startswith("boardstate."))
print(
    json.dumps(
        {
            "ends": {str(n): h["status"] for n, h in last.items()},
            "moves": {str(n): count for n, count in moves.items()},
            "spectator_move": refused,
            "boardstate_modules": modules,
        }
    )
)
