"""Bot seats on real service processes and real Redis (issue 17).

Two replicas run bot workers of one consumer group; games of only bots play themselves to the
end; a replica killed mid-game loses and duplicates no move; bots answer humans on both doors;
hints are off unless asked for; an admin can hand a seat to a bot; `standIn` picks the bot that
plays a resigned seat.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from boardstate.service.history.verify import verify_log
from boardstate.service.store.base import StoredEvent
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess, unique_prefix
from tests.redis_support import RedisServer

ADMIN = "admin-token-for-bot-tests"
ENV = {"BOARDSTATE_ADMIN_TOKEN": ADMIN, "BOARDSTATE_STEWARD_POLL_MS": "50"}
MIN_PLAYERS = {"trambahn": 2, "tinners-trail": 3, "trekking": 2, "tf22-mine": 2}


@pytest.fixture(scope="module")
def replicas(redis_server: RedisServer) -> Iterator[list[ServiceProcess]]:
    prefix = unique_prefix()
    a, b = ServiceProcess.start_together(
        ServiceProcess(redis_server.url, prefix, ENV), ServiceProcess(redis_server.url, prefix, ENV)
    )
    yield [a, b]
    a.stop()
    b.stop()


@pytest.fixture
async def rest(replicas: list[ServiceProcess]) -> AsyncIterator[list[Rest]]:
    clients = [Rest(r.url) for r in replicas]
    yield clients
    for c in clients:
        await c.http.aclose()


async def _until(rest: Rest, game_id: str, test: Any, seconds: float = 60.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        game: dict[str, Any] = await rest.ok("GET", f"/games/{game_id}")
        if test(game):
            return game
        assert time.monotonic() < deadline, f"waited in vain: {game['status']} {game['version']}"
        await asyncio.sleep(0.05)


def _moves_are_once_per_version(log: list[StoredEvent]) -> None:
    ids = [e.move_id for e in log if e.move is not None]
    assert len(ids) == len(set(ids))
    report = verify_log(log)
    assert report.ok, report.failure


@pytest.mark.parametrize("game_type", sorted(MIN_PLAYERS))
async def test_a_game_of_only_bots_plays_itself_to_the_end(
    rest: list[Rest], game_type: str
) -> None:
    players = MIN_PLAYERS[game_type]
    body: dict[str, Any] = {
        "gameType": game_type,
        "players": players,
        "bots": [{"seat": s, "policy": "random", "budgetMs": 50} for s in range(players)],
    }
    if game_type == "tf22-mine":
        body["options"] = {"max_rounds": 3}
    created = await rest[0].ok("POST", "/games", json=body)
    assert created["tokens"] == []
    game = await _until(rest[1], created["game"]["id"], lambda g: g["status"] != "ACTIVE")
    assert game["status"] == "FINISHED"
    log = await rest[0].stored_log(created["game"]["id"])
    assert all(e.move_id.startswith("bot-") for e in log if e.move is not None and e.move_id)
    _moves_are_once_per_version(log)


async def test_a_replica_killed_mid_game_loses_and_duplicates_no_move(
    redis_server: RedisServer,
) -> None:
    prefix = unique_prefix()
    with (
        ServiceProcess(redis_server.url, prefix, ENV) as a,
        ServiceProcess(redis_server.url, prefix, ENV) as b,
    ):
        rest_a, rest_b = Rest(a.url), Rest(b.url)
        body = {
            "gameType": "trekking",
            "players": 4,
            "bots": [{"seat": s, "policy": "random", "budgetMs": 50} for s in range(4)],
        }
        created = await rest_a.ok("POST", "/games", json=body)
        game_id = created["game"]["id"]
        await _until(rest_b, game_id, lambda g: g["version"] > 60)
        os.kill(a.pid, signal.SIGKILL)
        game = await _until(rest_b, game_id, lambda g: g["status"] != "ACTIVE", seconds=120)
        assert game["status"] == "FINISHED"
        _moves_are_once_per_version(await rest_b.stored_log(game_id))
        await rest_a.http.aclose()
        await rest_b.http.aclose()


async def test_a_bot_answers_a_human_and_hints_need_hints_on(rest: list[Rest]) -> None:
    query = """mutation($b: [BotSeatInput!]) {
      createGame(gameType: "trambahn", players: 2, seats: ["ann"], bots: $b, options: {hints: true}) {
        ... on GameCreated { tokens { seat token } game { id status seats { name } } }
        ... on Rejected { code message }
      } }"""
    answer = await rest[0].http.post(
        "/graphql", json={"query": query, "variables": {"b": [{"seat": 1, "policy": "random"}]}}
    )
    created = answer.json()["data"]["createGame"]
    game_id, token = created["game"]["id"], created["tokens"][0]["token"]
    assert [t["seat"] for t in created["tokens"]] == [0]
    game = await _until(rest[0], game_id, lambda g: 0 in g["toAct"])
    hint = await rest[1].ok("GET", f"/games/{game_id}/suggested-move?seat=0", token)
    legal = await rest[1].ok("GET", f"/games/{game_id}/legal-moves?seat=0", token)
    assert hint["move"] in legal["moves"]
    q = "query($g: ID!) { game(id: $g) { suggestMove(seat: 0) } }"
    gql = await rest[0].http.post(
        "/graphql",
        json={"query": q, "variables": {"g": game_id}},
        headers={"authorization": f"Bearer {token}"},
    )
    assert gql.json()["data"]["game"]["suggestMove"] in legal["moves"]
    version = game["version"]
    for _ in range(40):  # play until the bot has moved in answer
        game = await rest[0].ok("GET", f"/games/{game_id}")
        if 0 not in game["toAct"]:
            break
        moves = (await rest[0].ok("GET", f"/games/{game_id}/legal-moves?seat=0", token))["moves"]
        await rest[0].ok(
            "POST", f"/games/{game_id}/moves", token, json={"seat": 0, "move": moves[-1]}
        )
    await _until(rest[1], game_id, lambda g: 0 in g["toAct"] and g["version"] > version)
    log = await rest[0].stored_log(game_id)
    assert any((e.move_id or "").startswith("bot-") and e.seat == 1 for e in log)
    plain = await rest[0].ok(
        "POST", "/games", json={"gameType": "trambahn", "players": 2, "seats": ["a", "b"]}
    )
    off = await rest[0].request(
        "GET", f"/games/{plain['game']['id']}/suggested-move?seat=0", plain["tokens"][0]["token"]
    )
    assert off.json()["code"] == "HINTS_OFF"


async def test_an_admin_hands_a_seat_to_a_bot_and_stand_in_picks_a_bot(rest: list[Rest]) -> None:
    created = await rest[0].ok(
        "POST", "/games", json={"gameType": "trambahn", "players": 2, "seats": ["a", "b"]}
    )
    game_id = created["game"]["id"]
    seat = created["game"]["toAct"][0]
    await rest[1].ok(
        "POST", f"/games/{game_id}/seats/{seat}/stand-in", ADMIN, json={"policy": "random"}
    )
    await _until(rest[0], game_id, lambda g: seat not in g["toAct"])
    log = await rest[0].stored_log(game_id)
    assert any((e.move_id or "").startswith("bot-") and e.seat == seat for e in log)
    body = {
        "gameType": "trekking",
        "players": 3,
        "seats": ["a", "b", "c"],
        "options": {"standIn": "random"},
    }
    created = await rest[0].ok("POST", "/games", json=body)
    game_id = created["game"]["id"]
    tokens = [t["token"] for t in created["tokens"]]
    await rest[0].ok("POST", f"/games/{game_id}/seats/2/resign", tokens[2])
    for _ in range(200):
        game = await rest[0].ok("GET", f"/games/{game_id}")
        humans = [s for s in game["toAct"] if s != 2]
        if any(
            e.seat == 2 and (e.move_id or "").startswith("bot-")
            for e in await rest[0].stored_log(game_id)
        ):
            break
        for s in humans:
            moves = (await rest[0].ok("GET", f"/games/{game_id}/legal-moves?seat={s}", tokens[s]))[
                "moves"
            ]
            if moves:
                await rest[0].request(
                    "POST", f"/games/{game_id}/moves", tokens[s], json={"seat": s, "move": moves[0]}
                )
        await asyncio.sleep(0.05)
    else:
        raise AssertionError("the resigned seat was never played by its bot")
    bad = await rest[0].request("POST", "/games", json={**body, "options": {"standIn": "genius"}})
    assert bad.json()["code"] == "BAD_OPTIONS"
