"""The service has no per-game code: every registered game type can be created and played."""

from __future__ import annotations

import json
import random

import httpx
import pytest

from boardstate.engine import registry
from tests.api.client import Api
from tests.api.history import verified
from tests.api.play import play
from tests.api.server import ServiceProcess

pytestmark = pytest.mark.redis

CASES = [
    (game_type, players)
    for game_type, rules in sorted(registry.GAMES.items())
    for players in sorted({rules.info.min_players, rules.info.max_players})
]


@pytest.mark.parametrize(("game_type", "players"), CASES)
async def test_a_game_of_every_type_plays_through_the_api(
    api: Api, service: ServiceProcess, game_type: str, players: int
) -> None:
    names = [f"player {i}" for i in range(players)]
    created = await api.create(names, t=game_type, p=players, seed=f"{game_type}-{players}")
    assert created["__typename"] == "GameCreated", created
    game_id = created["game"]["id"]
    tokens = [t["token"] for t in created["tokens"]]
    assert created["game"]["status"] == "ACTIVE"
    accepted = await play([api], game_id, tokens, random.Random(players), max_moves=12)
    assert accepted
    for seat, token in enumerate(tokens):
        view = await api.game(game_id, f"state(seat: {seat})", token=token)
        assert isinstance(view["state"], dict)
    async with httpx.AsyncClient(trust_env=False) as http:
        response = await http.get(f"{service.url}/games/{game_id}/log")
    log = [json.loads(line) for line in response.text.splitlines()]
    assert len(log) == (await api.game(game_id, "version"))["version"]
    if log[-1]["type"] == "GameEnded":
        verified(game_id, response.content)
