"""Background work survives its store (issue 37, item 9): Redis restarted empty under two
replicas, and afterwards, with no process restarted, bots play a new game, a rated game's end
updates the ratings, the relay puts new games on the feed, into players' streams and game lists
and to a webhook receiver, and the archiver archives them; `/readyz` says ready again on both.

Redis is a private server of the test's own, shut down without saving (`SHUTDOWN NOSAVE`:
every key, consumer group, lease and loaded script gone) and started again on its port. Every
part is exercised once before (so that every per-process cache is warm) and once after. Before
issue 37 the bot worker logged `NOGROUP` for ever, the ratings and players' loops crashed on it
again at each restart, and a new bot game never moved."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import pytest

from boardstate.service.store.keys import bot_jobs_key
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess, unique_prefix
from tests.api.webhook_support import Receiver, read_sse, until
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

ADMIN = "admin-token-for-store-restart-tests"
ENV = {
    "BOARDSTATE_ADMIN_TOKEN": ADMIN,
    "BOARDSTATE_RATE_LIMITS": "1",
    "BOARDSTATE_WEBHOOKS_ALLOW_PRIVATE": "1",
    "BOARDSTATE_ARCHIVE_AFTER": "1",
}
WAIT_S = 120.0
"""Generous: loops that lost their Redis state start again with a backoff of up to 30 s."""
EVENTS = ["game.created", "game.ended"]
BOTS = [{"seat": s, "policy": "random", "budgetMs": 50} for s in range(2)]


async def bot_game(rest: Rest) -> str:
    """A game of two bots; returns its id once the bots have played it to its end."""
    created = await rest.ok(
        "POST", "/games", json={"gameType": "trambahn", "players": 2} | {"bots": BOTS}
    )
    game_id: str = created["game"]["id"]

    async def finished() -> bool:
        game: dict[str, Any] = await rest.ok("GET", f"/games/{game_id}")
        return bool(game["status"] == "FINISHED")

    await until(finished, WAIT_S, f"the bots finish {game_id}")
    return game_id


async def rated_game(rest: list[Rest]) -> tuple[str, list[dict[str, Any]]]:
    """Two new players' rated game: each seat moves, then seat 0 resigns. Returns its id and
    the players (`playerId`, `token`)."""
    players = [await rest[i].ok("POST", "/players") for i in range(2)]
    body = {
        "gameType": "trambahn",
        "players": 2,
        "seats": ["ann", "bob"],
        "playerIds": [p["playerId"] for p in players],
        "rated": True,
    }
    created = await rest[0].ok("POST", "/games", ADMIN, json=body)
    game_id = created["game"]["id"]
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    moved: set[int] = set()
    while moved != {0, 1}:
        game = await rest[1].ok("GET", f"/games/{game_id}")
        seat = game["toAct"][0]
        moves = await rest[1].legal_moves(game_id, seat, tokens[seat])
        assert (await rest[0].move(game_id, seat, moves[0], tokens[seat])).status_code == 201
        moved.add(seat)
    await rest[1].ok("POST", f"/games/{game_id}/seats/0/resign", tokens[0])
    return game_id, players


async def rated_games(rest: Rest, player_id: str) -> int:
    found = await rest.ok("GET", f"/players/{player_id}/ratings")
    return sum(r["games"] for r in found["ratings"] if r["gameType"] == "trambahn")


async def my_games(rest: Rest, token: str) -> set[str]:
    page = await rest.ok("GET", "/players/me/games", token)
    return {g["id"] for g in page["items"]}


def archived(archive: Path, game_id: str) -> bool:
    """Whether the game's object is in the archive (its name holds the game's id)."""
    return any(archive.rglob(f"*{game_id}*.zst"))


async def on_feed(replica: ServiceProcess, game_id: str) -> bool:
    def ended(messages: list[dict[str, str]]) -> bool:
        return any(
            m.get("event") == "game.ended" and json.loads(m["data"])["data"]["gameId"] == game_id
            for m in messages
        )

    url = f"{replica.url}/v1/feed/stream?gameId={game_id}&after=0"
    status, messages = await read_sse(url, {"authorization": f"Bearer {ADMIN}"}, ended)
    return status == 200 and ended(messages)


async def streamed(replica: ServiceProcess, token: str, game_id: str) -> bool:
    """Whether the player's own stream tells the game's end and the rating it changed."""

    def told(messages: list[dict[str, str]]) -> bool:
        kinds = {
            m.get("event")
            for m in messages
            if json.loads(m.get("data", "{}")).get("data", {}).get("gameId") == game_id
            or m.get("event") == "rating.changed"
        }
        return {"game.ended", "rating.changed"} <= kinds

    url = f"{replica.url}/v1/players/me/stream?after=0"
    status, messages = await read_sse(url, {"authorization": f"Bearer {token}"}, told)
    return status == 200 and told(messages)


async def ready(replica: ServiceProcess) -> bool:
    async with httpx.AsyncClient(trust_env=False, timeout=30) as http:
        return (await http.get(f"{replica.url}/readyz")).status_code == 200


async def everything_works(
    replicas: list[ServiceProcess], rest: list[Rest], receiver: Receiver, archive: Path | None
) -> None:
    """Bots, ratings, the relay (feed, players' streams and lists, webhooks), each once, and
    with `archive` (the archive's folder) the archiver."""
    for replica in replicas:
        await until(partial(ready, replica), WAIT_S, f"{replica.url} ready")
    admin = Rest(replicas[0].url, ADMIN)
    try:
        await admin.ok("POST", "/webhooks", json={"url": receiver.url, "events": EVENTS})
    finally:
        await admin.close()
    bots = await bot_game(rest[1])
    rated, players = await rated_game(rest)
    for player in players:
        player_id, token = player["playerId"], player["token"]
        await until(partial(_rated_once, rest[0], player_id), WAIT_S, f"{player_id} rated")
        await until(partial(_listed, rest[1], token, rated), WAIT_S, f"{rated} listed")
        assert await streamed(replicas[0], token, rated)
    for game_id in (bots, rated):
        await until(partial(on_feed, replicas[0], game_id), WAIT_S, f"{game_id} on the feed")
        await until(partial(_delivered, receiver, game_id), WAIT_S, f"{game_id} delivered")
    if archive is not None:
        for game_id in (bots, rated):
            await until(partial(archived, archive, game_id), WAIT_S, f"{game_id} archived")


async def _rated_once(rest: Rest, player_id: str) -> bool:
    return await rated_games(rest, player_id) == 1


async def _listed(rest: Rest, token: str, game_id: str) -> bool:
    return game_id in await my_games(rest, token)


def _delivered(receiver: Receiver, game_id: str) -> bool:
    for request in receiver.requests():
        body = json.loads(request["body"])
        if body.get("type") == "game.ended" and body["data"]["gameId"] == game_id:
            return True
    return False


async def test_background_work_resumes_after_redis_restarts_empty(
    private_redis: RedisServer, tmp_path: Path
) -> None:
    prefix = unique_prefix()
    env = ENV | {"BOARDSTATE_DATA_DIR": str(tmp_path)}
    receiver = Receiver().start()
    replicas = [ServiceProcess(private_redis.url, prefix, env) for _ in range(2)]
    rest = []
    try:
        for replica in replicas:
            replica.start()
        rest = [Rest(r.url) for r in replicas]
        # The archiver keeps nothing of Redis's between rounds (and sleeps up to a minute
        # between them): it is waited for after the restart only.
        await everything_works(replicas, rest, receiver, None)
        private_redis.restart_empty()
        await everything_works(replicas, rest, receiver, tmp_path)
        assert all(r._process is not None and r._process.poll() is None for r in replicas)
        for replica in replicas:
            assert "Traceback" not in replica.log_tail()
    finally:
        for client in rest:
            await client.close()
        for replica in replicas:
            replica.stop()
        receiver.stop()


async def test_readyz_is_not_ready_while_a_loop_is_down_and_the_loop_comes_back(
    redis_server: RedisServer,
) -> None:
    """The bot worker's job stream replaced by a string under it: its blocked read fails, it
    cannot make its group again (WRONGTYPE) and crashes at each start; `/readyz` answers 503
    naming it until the key is gone, then the loop runs again and the process is ready."""
    prefix = unique_prefix()
    with ServiceProcess(redis_server.url, prefix, ENV) as replica:
        await until(lambda: ready(replica), WAIT_S, "ready")
        jobs = bot_jobs_key(prefix)
        with redis_server.client() as client:
            client.delete(jobs)
            client.set(jobs, "not a stream")

        async def down() -> dict[str, Any] | None:
            async with httpx.AsyncClient(trust_env=False, timeout=30) as http:
                answer = await http.get(f"{replica.url}/readyz")
            body: dict[str, Any] = answer.json()
            return body if answer.status_code == 503 else None

        body = await until(down, WAIT_S, "not ready")
        assert body["reason"] == "loops down"
        assert "bot-worker" in body["down"]
        assert body["loops"]["bot-worker"]["running"] is False
        with redis_server.client() as client:
            client.delete(jobs)
        await until(lambda: ready(replica), WAIT_S, "ready again")
        async with httpx.AsyncClient(trust_env=False, timeout=30) as http:
            loops = (await http.get(f"{replica.url}/readyz")).json()["loops"]
        assert loops["bot-worker"]["running"] is True
        assert loops["bot-worker"]["failures"] >= 1
        rest = Rest(replica.url)
        try:
            assert await bot_game(rest)  # and it plays again
        finally:
            await rest.close()
