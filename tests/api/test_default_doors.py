"""Defaults are what we test (issue 37, item 10): every door, end to end, with the limits and
budgets a user gets (`default_service`: rate limits, points budgets and stream caps on, nothing
relaxed).

Per door a realistic session: two users (each its own address) create a game and take its
seats, follow it live, play it to its end with the game's own moves, and read its history back.
The users keep a user's manners (`tests.api.user_client`: at most 25 requests a second per
token); the service must never refuse them for its limits (`RATE_LIMITED`, `TOO_MANY_STREAMS`,
a 429), and every stream must give every event once, in order.

Before issue 37 the command socket charged a route's cost as points (a move 1,585) and a seat
was refused after two moves (`tests/adversarial/test_socket_points.py`); no test ran any door
with the defaults.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.api.server import ServiceProcess
from tests.api.socket_support import RawSocket
from tests.api.stream_doors import HEADER
from tests.api.user_client import PACE_S, GraphQLSocket, User, play_from

pytestmark = pytest.mark.redis

ADDRESSES = (f"127.0.0.{n}" for n in itertools.count(11))
"""A fresh loopback address for every user of the module."""
TRAMBAHN = {"gameType": "trambahn", "players": 2}
CREATE = """mutation { createGame(gameType: "trambahn", players: 2) {
  __typename ... on GameCreated { game { id } } ... on Rejected { code message } } }"""
JOIN = """mutation($g: ID!, $n: String!) { joinGame(gameId: $g, name: $n) {
  __typename ... on SeatJoined { seat token } ... on Rejected { code message } } }"""
LEGAL = "query($g: ID!, $s: Int!) { game(id: $g) { version legalMoves(seat: $s) } }"
SUBMIT = """mutation($g: ID!, $s: Int!, $m: JSON!, $v: Int) {
  submitMove(gameId: $g, seat: $s, move: $m, expectedVersion: $v) {
    __typename ... on MoveAccepted { version } ... on Rejected { code message }
    ... on VersionConflict { currentVersion } } }"""
EVENTS = f"""subscription($g: ID!) {{
  gameEvents(gameId: $g) {{ version type seat data {HEADER} }} }}"""
HISTORY = """query($g: ID!, $a: String, $s: Int, $v: Int!) { game(id: $g) {
  status version state(seat: $s, version: $v)
  events(first: 100, after: $a, seat: $s) {
    edges { node { version type } } pageInfo { hasNextPage endCursor } } } }"""


@contextlib.asynccontextmanager
async def users(service: ServiceProcess, count: int = 2) -> AsyncIterator[list[User]]:
    """`count` users, each from an address of its own; none met a limit when they leave."""
    made = [User(service.url, next(ADDRESSES)) for _ in range(count)]
    try:
        yield made
        assert [u.limited for u in made] == [[] for _ in made]
    finally:
        for user in made:
            await user.close()


def assert_whole(events: list[dict[str, Any]]) -> int:
    """The events of a whole game, each once, in order; returns its last version."""
    versions: list[int] = [event["version"] for event in events]
    assert versions == list(range(1, len(versions) + 1)), versions
    assert events[-1]["type"] == "GameEnded"
    assert len(versions) > 40
    return versions[-1]


async def test_rest_with_its_event_stream_and_the_feed(default_service: ServiceProcess) -> None:
    """REST: create, join, play to the end following `GET .../events/stream`, while the
    creator's seat token follows the game on `GET /v1/feed/stream`; then its pages of events,
    a past state and the export."""
    async with users(default_service) as (ann, bob):
        game_id = (await ann.ok("POST", "/v1/games", json=TRAMBAHN))["game"]["id"]
        seats = [
            await user.ok("POST", f"/v1/games/{game_id}/seats", json={"name": name})
            for user, name in ((ann, "ann"), (bob, "bob"))
        ]
        by_seat = {s["seat"]: (user, s["token"]) for user, s in zip((ann, bob), seats, strict=True)}
        rnd = random.Random(1)

        async def act(seat: int, version: int) -> int:
            user, token = by_seat[seat]
            path = f"/v1/games/{game_id}"
            legal = await user.ok("GET", f"{path}/legal-moves", token, params={"seat": seat})
            if legal["version"] != version:
                return int(legal["version"])
            body = {"seat": seat, "move": rnd.choice(legal["moves"]), "expectedVersion": version}
            return int((await user.ok("POST", f"{path}/moves", token, json=body))["version"])

        feed_path = f"/v1/feed/stream?gameId={game_id}&after=0"
        async with (
            ann.stream(f"/v1/games/{game_id}/events/stream", by_seat[0][1]) as stream,
            ann.stream(feed_path, by_seat[0][1]) as feed,
        ):

            async def follow() -> dict[str, Any] | None:
                message = await stream.next(30)
                return None if message is None else message.json()

            events = await play_from(follow, act)
            announced: list[str] = []
            while "game.ended" not in announced:
                message = await feed.next(30)
                assert message is not None
                announced.append(message.event)
        last = assert_whole(events)
        assert announced[0] == "game.created"
        assert "turn.changed" in announced
        user, token = by_seat[1]
        paged: list[int] = []
        while True:
            after = paged[-1] if paged else 0
            params = {"seat": 1, "afterVersion": after, "limit": 100}
            page = await user.ok("GET", f"/v1/games/{game_id}/events", token, params=params)
            paged += [event["version"] for event in page["items"]]
            if not page["hasMore"]:
                break
        assert paged == list(range(1, last + 1))
        state = await user.ok(
            "GET", f"/v1/games/{game_id}/state", token, params={"seat": 1, "version": last // 2}
        )
        assert state["version"] == last // 2
        export = await user.request("GET", f"/v1/games/{game_id}/log")
        assert export.status_code == 200
        assert len(export.text.splitlines()) == last


async def test_graphql_over_http_following_on_graphql_sse(
    default_service: ServiceProcess,
) -> None:
    """GraphQL over HTTP: `createGame`, `joinGame`, `legalMoves`, `submitMove`, following the
    game's `gameEvents` over graphql-sse; then `events` page by page and a past `state`."""
    async with users(default_service) as (ann, bob):
        created = (await ann.gql(CREATE))["createGame"]
        game_id = created["game"]["id"]
        joined = [
            (await user.gql(JOIN, g=game_id, n=name))["joinGame"]
            for user, name in ((ann, "ann"), (bob, "bob"))
        ]
        by_seat = {
            j["seat"]: (user, j["token"]) for user, j in zip((ann, bob), joined, strict=True)
        }
        rnd = random.Random(2)

        async def act(seat: int, version: int) -> int:
            user, token = by_seat[seat]
            legal = (await user.gql(LEGAL, token, g=game_id, s=seat))["game"]
            if legal["version"] != version:
                return int(legal["version"])
            move = rnd.choice(legal["legalMoves"])
            answer = await user.gql(SUBMIT, token, g=game_id, s=seat, m=move, v=version)
            assert answer["submitMove"]["__typename"] == "MoveAccepted", answer
            return int(answer["submitMove"]["version"])

        body = {"query": EVENTS, "variables": {"g": game_id}}
        async with bob.stream("/graphql", by_seat[1][1], body) as stream:

            async def follow() -> dict[str, Any] | None:
                message = await stream.next(30)
                if message is None or message.event == "complete":
                    return None
                payload = message.json()
                assert not payload.get("errors"), payload
                event: dict[str, Any] = payload["data"]["gameEvents"]
                return event

            events = await play_from(follow, act)
        last = assert_whole(events)
        user, token = by_seat[0]
        assert await graphql_history(user.gql, token, game_id, last) == list(range(1, last + 1))


async def graphql_history(gql: Any, token: str, game_id: str, last: int) -> list[int]:
    """The game's events, page after page, and its state half way, as seat 0."""
    versions: list[int] = []
    cursor = None
    while True:
        game = (await gql(HISTORY, token, g=game_id, a=cursor, s=0, v=last // 2))["game"]
        assert game["status"] == "FINISHED"
        versions += [edge["node"]["version"] for edge in game["events"]["edges"]]
        if not game["events"]["pageInfo"]["hasNextPage"]:
            return versions
        cursor = game["events"]["pageInfo"]["endCursor"]


async def test_graphql_over_its_websocket(default_service: ServiceProcess) -> None:
    """graphql-transport-ws: a lobby socket creates and joins, then each seat's own socket
    (its token in `connection_init`) follows `gameEvents` and plays on the same socket; the
    history is read on it too."""
    async with users(default_service) as (ann, bob):
        lobbies = [await GraphQLSocket.open(user) for user in (ann, bob)]
        sockets: dict[int, GraphQLSocket] = {}
        try:
            game_id = (await lobbies[0].execute(CREATE))["createGame"]["game"]["id"]
            for user, lobby, name in ((ann, lobbies[0], "ann"), (bob, lobbies[1], "bob")):
                joined = (await lobby.execute(JOIN, g=game_id, n=name))["joinGame"]
                sockets[joined["seat"]] = await GraphQLSocket.open(user, joined["token"])
            rnd = random.Random(3)

            async def act(seat: int, version: int) -> int:
                socket = sockets[seat]
                legal = (await socket.execute(LEGAL, g=game_id, s=seat))["game"]
                if legal["version"] != version:
                    return int(legal["version"])
                move = rnd.choice(legal["legalMoves"])
                answer = await socket.execute(SUBMIT, g=game_id, s=seat, m=move, v=version)
                assert answer["submitMove"]["__typename"] == "MoveAccepted", answer
                return int(answer["submitMove"]["version"])

            follow = await sockets[0].subscribe(EVENTS, "gameEvents", g=game_id)
            last = assert_whole(await play_from(follow, act))

            async def gql(query: str, token: str, **variables: Any) -> Any:
                return await sockets[0].execute(query, **variables)

            versions = await graphql_history(gql, sockets[0].token or "", game_id, last)
            assert versions == list(range(1, last + 1))
        finally:
            for socket in (*lobbies, *sockets.values()):
                await socket.close()


async def test_the_command_socket(default_service: ServiceProcess) -> None:
    """The command socket: seats taken over REST, then each seat's socket follows the game
    (`subscribe`) and plays it (`legalMoves`, `move`); a spectator's socket reads the finished
    game back from its start."""
    async with users(default_service) as (ann, bob):
        game_id = (await ann.ok("POST", "/v1/games", json=TRAMBAHN))["game"]["id"]
        tokens = {}
        for user, name in ((ann, "ann"), (bob, "bob")):
            seat = await user.ok("POST", f"/v1/games/{game_id}/seats", json={"name": name})
            tokens[seat["seat"]] = (user, seat["token"])
        sockets = {
            seat: await RawSocket(
                default_service.port, token, pace=PACE_S, source=user.address
            ).open()
            for seat, (user, token) in tokens.items()
        }
        rnd = random.Random(4)
        try:

            async def act(seat: int, version: int) -> int:
                socket = sockets[seat]
                legal = await socket.call({"type": "legalMoves", "gameId": game_id, "seat": seat})
                assert legal["type"] == "legalMoves", legal
                if legal["version"] != version:
                    return int(legal["version"])
                move = {"type": "move", "gameId": game_id, "seat": seat}
                move |= {"move": rnd.choice(legal["moves"]), "expectedVersion": version}
                accepted = await socket.call(move)
                assert accepted["type"] == "accepted", accepted
                return int(accepted["version"])

            answer = await sockets[0].call({"type": "subscribe", "gameId": game_id})
            assert answer["type"] == "subscribed", answer

            async def follow() -> dict[str, Any] | None:
                push = await sockets[0].next_push(30)
                if push["type"] == "unsubscribed":
                    assert push["reason"] == "ended", push
                    return None
                event: dict[str, Any] = push["event"]
                return event

            last = assert_whole(await play_from(follow, act))
            spectator = await RawSocket(
                default_service.port, pace=PACE_S, source=bob.address
            ).open()
            try:
                answer = await spectator.call({"type": "subscribe", "gameId": game_id})
                assert answer["type"] == "subscribed"
                replayed = []
                while (push := await spectator.next_push(30))["type"] == "event":
                    replayed.append(push["event"]["version"])
                assert replayed == list(range(1, last + 1))
            finally:
                await spectator.close()
            refused = [m for s in sockets.values() for m in s.received if m["type"] == "error"]
            assert refused == []
        finally:
            for socket in sockets.values():
                await socket.close()


async def test_players_follow_their_own_streams(default_service: ServiceProcess) -> None:
    """Two service-issued players join a game with their player tokens, each playing its turns
    as its own stream (`GET /v1/players/me/stream`) announces them; then each lists its games."""
    async with users(default_service) as (ann, bob):
        players = [await user.ok("POST", "/v1/players") for user in (ann, bob)]
        game_id = (await ann.ok("POST", "/v1/games", json=TRAMBAHN))["game"]["id"]
        rnd = random.Random(5)
        moves = {0: 0, 1: 0}

        async def play(user: User, token: str) -> list[str]:
            kinds: list[str] = []
            path = f"/v1/games/{game_id}"
            async with user.stream("/v1/players/me/stream?after=0", token) as stream:
                seat = (await user.ok("POST", f"{path}/seats", token, json={"name": "p"}))["seat"]
                while True:
                    message = await stream.next(60)
                    assert message is not None
                    event = message.json()
                    if event["data"].get("gameId") != game_id:
                        continue
                    kinds.append(event["kind"])
                    if event["kind"] == "game.ended":
                        return kinds
                    if event["kind"] == "turn" and seat in event["data"]["toAct"]:
                        moves[seat] += await turn(user, token, seat)

        async def turn(user: User, token: str, seat: int) -> int:
            """Plays the seat's moves while it is to act (a turn event comes when `toAct`
            changes, not for each move of a seat that acts again)."""
            path, played = f"/v1/games/{game_id}", 0
            while True:
                params = {"seat": seat}
                legal = await user.ok("GET", f"{path}/legal-moves", token, params=params)
                if not legal["moves"]:
                    return played
                body = {"seat": seat, "move": rnd.choice(legal["moves"])}
                body["expectedVersion"] = legal["version"]
                answer = await user.request("POST", f"{path}/moves", token, json=body)
                if answer.status_code == 409:
                    continue  # the game moved on meanwhile: ask again
                assert answer.status_code == 201, answer.text
                played += 1
                game = answer.json()["game"]
                if game["status"] != "ACTIVE" or seat not in game["toAct"]:
                    return played

        kinds = await asyncio.gather(
            *(play(user, p["token"]) for user, p in zip((ann, bob), players, strict=True))
        )
        for seen in kinds:
            assert seen[0] == "game.started"
            assert seen[-1] == "game.ended"
        assert min(moves.values()) > 10, moves
        for user, player in zip((ann, bob), players, strict=True):
            params = {"status": "FINISHED"}
            mine = await user.ok("GET", "/v1/players/me/games", player["token"], params=params)
            assert [game["id"] for game in mine["items"]] == [game_id]
