"""Playing through the API with seeded random legal moves, and the move choosers of the complete
games (GraphQL and REST)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tests.api.client import Api

Chooser = Callable[[random.Random, list[Any]], Any]


def uniform(rnd: random.Random, legal: list[Any]) -> Any:
    """Any legal move, uniformly."""
    return rnd.choice(legal)


def towards_fights(rnd: random.Random, legal: list[Any]) -> Any:
    """Mine: prefers delivering, collecting and stealing, then moving crews, so that fights and
    re-spawns happen (uniform play mostly turns cards)."""
    for kind in ("deliver", "collect", "steal"):
        preferred = [m for m in legal if m["type"] == kind]
        if preferred:
            return rnd.choice(preferred)
    movers = [m for m in legal if m["type"] in ("move", "secret_tunnel", "transporter_trap")]
    if movers and rnd.random() < 0.6:
        return rnd.choice(movers)
    return rnd.choice(legal)


async def play(
    clients: list[Api],
    game_id: str,
    tokens: list[str],
    rnd: random.Random,
    max_moves: int | None = None,
) -> list[dict[str, Any]]:
    """Plays until the game ends or `max_moves` moves; returns the MoveAccepted results.

    Each seat plays through its own client with its own token and `expectedVersion`.
    """
    accepted: list[dict[str, Any]] = []
    while max_moves is None or len(accepted) < max_moves:
        game = await clients[0].game(game_id, "version status toAct")
        if game["status"] != "ACTIVE":
            break
        seat = game["toAct"][0]
        api = clients[seat % len(clients)]
        legal = await api.legal_moves(game_id, seat, tokens[seat])
        move = rnd.choice(legal)
        result = await api.submit(game_id, seat, move, tokens[seat], v=game["version"])
        assert result["__typename"] == "MoveAccepted", result
        accepted.append(result)
    return accepted
