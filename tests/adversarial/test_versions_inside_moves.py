"""Every version a game has is a version the API can show, a version inside one move (between
two of its events) included: `state` and `board.svg` (both doors) never answer 5xx there.

Regression: TF22 Mine's view after the last colour pick and before the first turn, and Tinners'
Trail's between `InvestmentsEnded` and `OpeningStarted`, raised in the engine (500 INTERNAL).
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from tests.api.client import Api
from tests.api.play import play
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess

pytestmark = pytest.mark.redis

BOARD = "query($id: ID!, $v: Int) { game(id: $id) { boardSvg(version: $v) state(version: $v) } }"


@pytest.fixture
async def api(service: ServiceProcess) -> AsyncIterator[Api]:
    client = Api(service.url)
    yield client
    await client.close()


@pytest.mark.parametrize(("game_type", "moves"), [("tf22-mine", 12), ("tinners-trail", 70)])
async def test_every_version_of_a_played_game_can_be_shown(
    service: ServiceProcess, api: Api, game_type: str, moves: int
) -> None:
    created = await api.create(["ann", "bob"], t=game_type, seed=f"inside-{game_type}")
    game_id = created["game"]["id"]
    tokens = [t["token"] for t in created["tokens"]]
    await play([api], game_id, tokens, random.Random(5), max_moves=moves)
    rest = Rest(service.url)
    try:
        version = (await rest.game(game_id))["version"]
        for v in range(1, version + 1):
            for path in ("state", "board.svg"):
                answer = await rest.request(
                    "GET", f"/games/{game_id}/{path}", params={"version": v}
                )
                assert answer.status_code == 200, (v, path, answer.text[:200])
            shown = await api.gql(BOARD, id=game_id, v=v)
            assert shown["game"]["boardSvg"].startswith("<svg")
    finally:
        await rest.close()
