"""Every decision owed is one `turn` on the player's stream (issue 39, item 3; architecture §5e).

A Trambahn turn is several moves by one seat. A client that knows nothing of that plays a
whole game against a bot from its player stream alone, over real Server-Sent Events (no SDK):
it makes exactly one move per `turn` event, sent with the event's `version` as the expected
version, and never once is refused, waits in vain or moves twice for one decision. Halfway
through it drops the stream and resumes from the last event id: no turn is lost or repeated.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest

from boardstate.service.contract.players.player_event_schema import PLAYER_EVENT_SCHEMA
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess, unique_prefix
from tests.api.sse_client import Stream, open_stream
from tests.redis_support import RedisServer

STREAM = "/v1/players/me/stream"


@pytest.fixture(scope="module")
def server(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    env = {"BOARDSTATE_SSE_KEEPALIVE_SECONDS": "1"}
    with ServiceProcess(redis_server.url, unique_prefix(), env) as process:
        yield process


class Client:
    """The client of the test: one move per `turn`, nothing else."""

    def __init__(self, rest: Rest, token: str, game_id: str) -> None:
        self.rest, self.token, self.game_id = rest, token, game_id
        self.rnd = random.Random(39)
        self.turns: list[int] = []
        self.last: str | None = None
        self.ended: dict[str, Any] | None = None

    async def follow(self, stream: Stream, moves: int | None) -> None:
        """Answers turns until the game ends (or after `moves` moves)."""
        while self.ended is None and (moves is None or moves > 0):
            message = await asyncio.wait_for(stream.next(wait=60.0), 60.0)
            assert message is not None, "the stream ended before the game"
            body = message.json()
            jsonschema.validate(body, PLAYER_EVENT_SCHEMA)
            self.last = message.id
            data = body["data"]
            if message.event == "game.ended":
                self.ended = data
            if message.event != "turn":
                continue
            await self.answer(data)
            moves = None if moves is None else moves - 1

    async def answer(self, data: dict[str, Any]) -> None:
        assert data["gameId"] == self.game_id
        assert data["version"] not in self.turns, "a decision announced twice"
        self.turns.append(data["version"])
        seat = data["toAct"][0]
        owed = {o["seat"]: o["moves"] for o in data["owed"]}
        legal = await self.rest.legal_moves(self.game_id, seat, self.token)
        assert sorted({m["type"] for m in legal}) == owed[seat]
        move = self.rnd.choice(legal)
        expected = {"if-match": f'"{data["version"]}"'}
        answer = await self.rest.move(self.game_id, seat, move, self.token, headers=expected)
        assert answer.status_code == 201, answer.text


async def test_a_client_making_one_move_per_turn_event_plays_a_whole_trambahn_game(
    server: ServiceProcess,
) -> None:
    rest = Rest(server.url)
    try:
        me = await rest.ok("POST", "/players")
        token = me["token"]
        body = {
            "gameType": "trambahn",
            "players": 2,
            "seats": ["me"],
            "playerIds": [me["playerId"], None],
            "bots": [{"seat": 1, "policy": "random"}],
        }
        created = await rest.ok("POST", "/games", token, json=body)
        game_id = created["game"]["id"]
        client = Client(rest, token, game_id)
        auth = {"authorization": f"Bearer {token}"}
        async with open_stream(server.url, f"{STREAM}?after=0", auth) as stream:
            assert stream.response.status_code == 200
            await client.follow(stream, moves=10)
        resume = auth | {"last-event-id": str(client.last)}
        async with open_stream(server.url, STREAM, resume) as stream:
            await client.follow(stream, moves=None)
        game = await rest.game(game_id)
        log = await rest.stored_log(game_id)
    finally:
        await rest.close()
    assert game["status"] == "FINISHED"
    assert client.ended is not None
    assert client.ended["status"] == "FINISHED"
    owed = [e.version - 1 for e in log if e.seat == 0 and e.move is not None]
    assert client.turns == owed  # one turn per decision, each once, in order
    movers = [e.seat for e in log if e.move is not None]
    runs = sum(1 for i, s in enumerate(movers) if s == 0 and (i == 0 or movers[i - 1] != 0))
    assert len(owed) > runs  # several decisions in one turn, each announced
