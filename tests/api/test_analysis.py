"""A verdict on every move (issue 42) on both doors, on a real service and real Redis.

A finished game (two random bots play it to the end) is analysed once in the background: the
first request answers `PENDING`, later ones the analysis, the same on REST
(`GET /v1/games/{id}/analysis`) and GraphQL (`Game.analysis`), one entry per move of the log
with the bot's move (and its words), the mover's chances and a label. A running game is never
analysed (`GAME_NOT_FINISHED` on both doors, nothing stored). A process analyses
`BOARDSTATE_ANALYSIS_CONCURRENCY` games at once and refuses another with `RATE_LIMITED`
(`details.scope: "analysis"`); an analysis that reaches its time budget ends, saying it is
incomplete.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import redis.asyncio as aioredis

from boardstate.service.store.keys import GameKeys
from tests.api.client import Api, GraphQLErrors
from tests.api.rest_client import Rest, RestError
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

ENV = {"BOARDSTATE_STEWARD_POLL_MS": "50", "BOARDSTATE_ANALYSIS_PLAYOUTS": "300"}
SLOW = {
    "BOARDSTATE_STEWARD_POLL_MS": "50",
    "BOARDSTATE_ANALYSIS_PLAYOUTS": "1000000",
    "BOARDSTATE_ANALYSIS_BUDGET_MS": "3000",
}
ANALYSIS = "query($g: ID!) { game(id: $g) { analysis } }"
LABELS = {"the best move", "the only move", "a costly move", "a mistake", "an inaccuracy", None}


@pytest.fixture(scope="module")
def service(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url, env=ENV) as process:
        yield process


@pytest.fixture(scope="module")
def slow(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url, env=SLOW) as process:
        yield process


@pytest.fixture
async def doors(service: ServiceProcess) -> AsyncIterator[tuple[Rest, Api]]:
    rest, api = Rest(service.url), Api(service.url)
    yield rest, api
    await rest.close()
    await api.close()


async def _finished(rest: Rest) -> str:
    """A Trambahn game two random bots played to its end."""
    body = {
        "gameType": "trambahn",
        "players": 2,
        "bots": [{"seat": s, "policy": "random", "budgetMs": 50} for s in range(2)],
    }
    game_id: str = (await rest.ok("POST", "/games", json=body))["game"]["id"]
    deadline = time.monotonic() + 120
    while (await rest.game(game_id))["status"] != "FINISHED":
        assert time.monotonic() < deadline, "the bots did not finish"
        await asyncio.sleep(0.1)
    return game_id


async def _done(rest: Rest, game_id: str, seconds: float = 180) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        answer: dict[str, Any] = await rest.ok("GET", f"/games/{game_id}/analysis")
        if answer["status"] == "DONE":
            return answer
        assert answer["status"] == "PENDING"
        assert answer["moves"] == []
        assert time.monotonic() < deadline, "the analysis did not end"
        await asyncio.sleep(0.2)


async def test_a_finished_game_is_analysed_once_the_same_on_both_doors(
    doors: tuple[Rest, Api],
) -> None:
    rest, api = doors
    game_id = await _finished(rest)
    done = await _done(rest, game_id)
    log = await rest.stored_log(game_id)
    moves = [e for e in log if e.move is not None]
    assert [(m["version"], m["seat"], m["move"]) for m in done["moves"]] == [
        (e.version, e.seat, dict(e.move or {})) for e in moves
    ]
    assert done["complete"] is True
    assert done["policy"] == "search"
    assert 0 < done["playouts"] <= max(300, 4 * len(moves))
    for verdict in done["moves"]:
        assert verdict["label"] in LABELS
        assert isinstance(verdict["best"], dict)
        assert "type" in verdict["best"]
        assert isinstance(verdict["bestWords"], str)
        assert verdict["bestWords"]  # the rules' words for the bot's move
        for chance in (verdict["before"], verdict["after"]):
            assert chance is None or 0.0 <= chance <= 1.0
    assert any(v["label"] == "the best move" for v in done["moves"])
    by_graphql = (await api.gql(ANALYSIS, g=game_id))["game"]["analysis"]
    assert by_graphql == done


async def test_a_running_game_is_never_analysed_on_either_door(
    doors: tuple[Rest, Api], service: ServiceProcess, redis_server: RedisServer
) -> None:
    rest, api = doors
    game_id, _tokens = await rest.new_game()
    for _ in range(3):
        with pytest.raises(RestError) as refused:
            await rest.ok("GET", f"/games/{game_id}/analysis")
        assert (refused.value.status, refused.value.code) == (409, "GAME_NOT_FINISHED")
        with pytest.raises(GraphQLErrors) as errors:
            await api.gql(ANALYSIS, g=game_id)
        assert errors.value.codes == ["GAME_NOT_FINISHED"]
    with pytest.raises(RestError) as missing:
        await rest.ok("GET", "/games/no-such-game/analysis")
    assert missing.value.status == 404
    client = aioredis.from_url(redis_server.url)
    try:
        assert await client.exists(GameKeys.of(game_id, service.prefix).analysis) == 0
    finally:
        await client.aclose()


async def test_one_game_at_a_time_and_a_time_budget_that_ends_it(slow: ServiceProcess) -> None:
    rest, api = Rest(slow.url), Api(slow.url)
    try:
        first, second = await _finished(rest), await _finished(rest)
        started = await rest.ok("GET", f"/games/{first}/analysis")
        assert started["status"] == "PENDING"
        again = await rest.ok("GET", f"/games/{first}/analysis")  # shares the one computing
        assert again["status"] in ("PENDING", "DONE")
        if again["status"] == "PENDING":
            with pytest.raises(RestError) as busy:
                await rest.ok("GET", f"/games/{second}/analysis")
            assert (busy.value.status, busy.value.code) == (429, "RATE_LIMITED")
            assert busy.value.body["details"]["scope"] == "analysis"
            with pytest.raises(GraphQLErrors) as errors:
                await api.gql(ANALYSIS, g=second)
            assert errors.value.codes == ["RATE_LIMITED"]
        done = await _done(rest, first, seconds=120)
        assert done["complete"] is False
        assert done["moves"][-1]["best"] is None
        assert done["moves"][-1]["bestWords"] is None
    finally:
        await rest.close()
        await api.close()
