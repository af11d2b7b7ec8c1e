"""What the archived-game API tests read: every read route of both doors, gathered into one
value, so a game's answers before and after archiving compare with `==`."""

from __future__ import annotations

import asyncio
import contextlib
from datetime import UTC, datetime, timedelta
from typing import Any

from boardstate.service.features.archive.archiver import Archiver, Outcome
from boardstate.service.store import RedisEventStore
from boardstate.service.store.archive.objects import ObjectStore
from boardstate.service.store.keys import IndexKeys, archive_keys
from tests.api.client import Api, subscription
from tests.api.history import ADMIN_TOKEN
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess
from tests.api.sse_client import open_stream, stream_path

FRESH = ("id", "createdAt", "seedCommitment")
"""What every fork has of its own."""
GAME = """
query($g: ID!, $v: Int!, $half: Int!) {
  game(id: $g) {
    id gameType { id } status version players toAct createdAt seededByClient rulesVersion
    dataSet seedCommitment seed imported maxGameLength forkedFrom { gameId version }
    seats { index name joined } result { scores winners details }
    spectator: state state0: state(seat: 0) past: state(version: $half)
    past1: state(seat: 1, version: $v) svg: boardSvg svg1: boardSvg(seat: 1, version: $half)
    first: events(first: 40) { totalCount pageInfo { hasNextPage endCursor }
      edges { cursor node { version type seat moveId data at stateHash move describe } } }
    tail: events(afterVersion: $half, first: 30) { edges { node { version type data } } }
    legalMoves(seat: 0)
  }
}"""
GAMES = """
query($p: String!) {
  games(gameType: "trambahn", status: FINISHED, player: $p) {
    totalCount edges { node { id status version seats { name } } }
  }
  all: games(player: $p, first: 50) { edges { node { id status version } } }
}"""


async def rest_reads(url: str, game_id: str, player: str, token: str) -> dict[str, Any]:
    """Every REST read of a finished game (the seat-0 token where one is asked for)."""
    rest = Rest(url)
    game = f"/games/{game_id}"
    try:
        out: dict[str, Any] = {"game": await rest.ok("GET", game)}
        version = out["game"]["version"]
        for seat in (None, 0, 1):
            for at in (1, 12, version // 2, version):
                params = {"version": at} | ({} if seat is None else {"seat": seat})
                out[f"state {seat} {at}"] = await rest.ok("GET", f"{game}/state", params=params)
                svg = await rest.request("GET", f"{game}/board.svg", params=params)
                out[f"svg {seat} {at}"] = (svg.status_code, svg.text)
        for after in (0, 37, version - 5):
            out[f"events {after}"] = await rest.events(game_id, afterVersion=after, limit=25)
        out["events seat"] = await rest.events(game_id, token, seat=0, afterVersion=3)
        for form in ("", "?format=msgpack"):
            log = await rest.http.get(f"/v1{game}/log{form}")
            out[f"log{form}"] = (log.status_code, log.headers.get("etag"), log.content)
        verified = await rest.http.post("/v1/games/verify", content=out["log"][2])
        out["verify"] = (verified.status_code, verified.json())
        out["legal"] = await rest.legal_moves(game_id, 0, token)
        page = await rest.http.get(game)
        out["viewer"] = (page.status_code, page.text)
        params = {"gameType": "trambahn", "status": "FINISHED", "player": player}
        out["list"] = await rest.ok("GET", "/games", params=params)
        listed = await rest.ok("GET", "/games", params={"player": player, "limit": 50})
        out["list any"] = [row for row in listed["items"] if row["id"] == game_id]
        refused = await rest.request("POST", f"{game}/fork", json={"version": 12})
        out["fork refused"] = (refused.status_code, refused.json())
        exact = {"version": 12, "exact": True}
        forked = await rest.request("POST", f"{game}/fork", ADMIN_TOKEN, json=exact)
        body = forked.json()
        if forked.status_code == 201:
            body = {k: v for k, v in body["game"].items() if k not in FRESH}
        out["fork"] = (forked.status_code, body)
        return out
    finally:
        await rest.close()


async def graphql_reads(url: str, game_id: str, player: str, token: str) -> dict[str, Any]:
    """Every GraphQL read of a finished game."""
    api = Api(url)
    try:
        version = (await api.game(game_id, "version"))["version"]
        games = await api.gql(GAMES, p=player)
        mine = [edge for edge in games.pop("all")["edges"] if edge["node"]["id"] == game_id]
        return {
            "game": await api.gql(GAME, token, g=game_id, v=12, half=version // 2),
            "games": games | {"any": mine},
        }
    finally:
        await api.close()


async def stream_reads(service: ServiceProcess, game_id: str) -> dict[str, Any]:
    """The finished game's event streams: REST (SSE) and the GraphQL subscription, from 40 on;
    each sends the events after it and ends (or idles), as for any finished game."""
    out: dict[str, Any] = {}
    async with open_stream(service.url, stream_path(game_id, 40)) as stream:
        sse: list[Any] = []
        with contextlib.suppress(TimeoutError):
            while (message := await stream.next(wait=3)) is not None:
                sse.append((message.event, message.data))
        out["sse"] = sse
    async with subscription(service.ws_url, game_id, after=40) as events:
        ws: list[Any] = []
        with contextlib.suppress(TimeoutError):
            while (event := await events.next(wait=3)) is not None:
                ws.append(event)
        out["ws"] = ws
    return out


async def archive_now(store: RedisEventStore, objects: ObjectStore, game_id: str) -> None:
    """Archives the game with its Redis keys removed (waiting for its outbox to be relayed)."""
    archiver = Archiver(store, objects, timedelta(hours=1), remove=True)
    later = datetime.now(UTC) + timedelta(days=1)
    for _ in range(100):
        outcome = await archiver.archive(game_id, later)
        if outcome is Outcome.ARCHIVED:
            left = await store.client.keys(f"{store.prefix}:{{{game_id}}}:*")
            assert left == [archive_keys(game_id, store.prefix)[0].encode()]  # its entry only
            assert await store.client.hexists(IndexKeys(store.prefix).rows, game_id)
            return
        assert outcome is Outcome.WAITING, outcome
        await asyncio.sleep(0.1)
    raise AssertionError(f"game {game_id} was not archived")
