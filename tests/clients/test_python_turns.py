"""`play` and `wait_for_turn` of the Python SDK (issue 29) against a real service through a real
proxy: both seats of a Trambahn game played by `play` (each following the game's stream on its
own thread) and a spectator's `game_events`, all through a proxy that cuts every open connection
in the middle of the game; the streams resume with `Last-Event-ID`, the game plays to its end
and the spectator sees every event once, in order."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from boardstate_api.api.default import create_game
from boardstate_api.models import CreateGameIn
from boardstate_client import (
    Turn,
    connect,
    game_events,
    get_state_async,
    play,
    play_async,
    unwrap,
    wait_for_turn,
    wait_for_turn_async,
)
from boardstate_client.games import trambahn

from tests.api.server import ServiceProcess, unique_prefix
from tests.clients.lossy_proxy import LossyProxy
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.timeout(300)]
CUT_AT = 20


@pytest.fixture(scope="module")
def server(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url, unique_prefix()) as process:
        yield process


def first(turn: Turn[trambahn.Move, trambahn.StateView]) -> trambahn.Move:
    assert turn.header.to_move(turn.seat)
    return turn.legal_moves[0]


async def test_play_and_a_spectators_stream_go_on_across_a_cut_to_the_games_end(
    server: ServiceProcess,
) -> None:
    body = CreateGameIn(game_type="trambahn", players=2, seats=["ann", "bob"])
    created = unwrap(create_game.sync_detailed(client=connect(server.url), body=body))
    game_id = created.game.id
    async with LossyProxy(server.port, drop_answers=0) as proxy:
        seen: list[int] = []
        halfway = threading.Event()
        ends: dict[int, dict[str, Any]] = {}

        def watch() -> None:
            for message in game_events(connect(proxy.url), game_id):
                seen.append(int(message.data["version"]))
                if len(seen) >= CUT_AT:
                    halfway.set()

        def seat(token: str, number: int) -> None:
            client = connect(proxy.url, token)
            ends[number] = play(client, trambahn.GAME, game_id, number, first)

        starter = created.game.to_act[0]
        header = await asyncio.to_thread(wait_for_turn, connect(server.url), game_id, starter)
        assert header.to_move(starter)  # at once: the seat that starts is to act
        other = asyncio.create_task(
            asyncio.to_thread(wait_for_turn, connect(proxy.url), game_id, 1 - starter)
        )
        tasks = [asyncio.create_task(asyncio.to_thread(watch))]
        tasks += [
            asyncio.create_task(asyncio.to_thread(seat, t.token, t.seat)) for t in created.tokens
        ]
        assert await asyncio.to_thread(halfway.wait, 120)
        assert proxy.cut() > 0  # the streams (and whatever else was open) dropped mid-game
        await asyncio.gather(*tasks)
        waited = await other
    assert waited.to_move(1 - starter)  # once the starter had moved (the stream said so)
    assert waited.version > header.version
    final = ends[0]
    assert final["status"] == "FINISHED"
    assert ends[1]["version"] == final["version"]
    assert seen == list(range(1, final["version"] + 1))


async def test_play_async_plays_both_seats_on_one_loop(server: ServiceProcess) -> None:
    body = CreateGameIn(game_type="trambahn", players=2, seats=["ann", "bob"])
    created = unwrap(create_game.sync_detailed(client=connect(server.url), body=body))
    game_id = created.game.id

    async def last(turn: Turn[trambahn.Move, trambahn.StateView]) -> trambahn.Move:
        return turn.legal_moves[-1]

    starter = created.game.to_act[0]
    header = await wait_for_turn_async(connect(server.url), game_id, starter)
    assert header.to_move(starter)
    ends = await asyncio.gather(
        *(
            play_async(connect(server.url, t.token), trambahn.GAME, game_id, t.seat, last)
            for t in created.tokens
        )
    )
    assert [end["status"] for end in ends] == ["FINISHED", "FINISHED"]
    view = await get_state_async(connect(server.url), trambahn.GAME, game_id)
    assert view.version == ends[0]["version"]
    assert view.state["finished"] is True
