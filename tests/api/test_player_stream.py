"""A player's own stream and games on two real replicas (issue 30, item 2; architecture §5e).

Two service processes share one Redis and one integrator key set. A player plays three games
at once from one player token while one REST stream and one GraphQL subscription follow its
events: each game's start, every "your turn" (with the seats and the version) and each end with
its result arrive, once each, on both doors. The stream resumes without loss on the other
replica after a replica stops. A player sees only its own events and games; refused tokens get
a typed 401 on both doors.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import jsonschema
import jwt
import pytest

from boardstate.service.contract.players.player_event_schema import PLAYER_EVENT_SCHEMA
from tests.api.client import Api, subscription
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess, unique_prefix
from tests.api.sse_client import Stream, open_stream
from tests.api.test_player_tokens_api import ADMIN, KEY, KID, bad_tokens, integrator_token
from tests.redis_support import RedisServer

STREAM = "/v1/players/me/stream"
EVENTS = "subscription($a: String) { playerEvents(after: $a) { id kind at data } }"
MY_GAMES = """query($s: GameStatus, $t: ID, $f: Int, $c: String) { me { playerId
  games(status: $s, gameType: $t, first: $f, after: $c) {
    totalCount edges { node { id status } } pageInfo { hasNextPage endCursor } } } }"""


@pytest.fixture(scope="module")
def replicas(
    redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[list[ServiceProcess]]:
    jwks: Path = tmp_path_factory.mktemp("keys") / "jwks.json"
    public = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(KEY.public_key()))
    jwks.write_text(json.dumps({"keys": [public | {"kid": KID, "alg": "RS256"}]}))
    env = {
        "BOARDSTATE_PLAYER_JWKS": str(jwks),
        "BOARDSTATE_SSE_KEEPALIVE_SECONDS": "1",
        "BOARDSTATE_ADMIN_TOKEN": ADMIN,
    }
    prefix = unique_prefix()
    pair = ServiceProcess.start_together(
        *(ServiceProcess(redis_server.url, prefix, env) for _ in range(2))
    )
    yield pair
    for process in pair:
        process.stop()


@pytest.fixture
async def rest(replicas: list[ServiceProcess]) -> AsyncIterator[list[Rest]]:
    clients = [Rest(r.url) for r in replicas]
    yield clients
    for c in clients:
        await c.close()


@pytest.fixture
async def gql(replicas: list[ServiceProcess]) -> AsyncIterator[list[Api]]:
    clients = [Api(r.url) for r in replicas]
    yield clients
    for c in clients:
        await c.close()


def player() -> tuple[str, str]:
    """A fresh integrator playerId and its token."""
    player_id = f"pl-{secrets.token_hex(4)}"
    return player_id, integrator_token(player_id)


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


class Table:
    """One started two-seat game: the player's seat and the opponent's seat token."""

    def __init__(self, game: dict[str, Any], mine: int, tokens: list[str]) -> None:
        self.id: str = game["id"]
        self.mine = mine
        self.tokens = tokens
        self.version: int = game["version"]
        self.to_act: list[int] = game["toAct"]


async def table(rest: Rest, player_id: str, mine: int, opponent: str | None = None) -> Table:
    ids: list[str | None] = [None, None]
    ids[mine] = player_id
    ids[1 - mine] = opponent
    body = {"gameType": "trambahn", "players": 2, "seats": ["me", "them"], "playerIds": ids}
    created = await rest.ok("POST", "/games", ADMIN, json=body)  # the integrator's backend
    return Table(created["game"], mine, [t["token"] for t in created["tokens"]])


def opening(t: Table) -> list[tuple[str, str, int]]:
    """The events a new table makes for its player: started, then its turn if it acts."""
    made = [("game.started", t.id, t.version)]
    if t.mine in t.to_act:
        made.append(("turn", t.id, t.version))
    return made


async def step(rest: Rest, t: Table, token: str) -> list[tuple[str, str, int]]:
    """One move at `t` (the player's with `token`, else the opponent's); the turn it gives."""
    seat = t.to_act[0]
    by = token if seat == t.mine else t.tokens[seat]
    moves = await rest.legal_moves(t.id, seat, by)
    answer = await rest.move(t.id, seat, moves[0], by)
    assert answer.status_code == 201, answer.text
    game = await rest.game(t.id)
    t.to_act, t.version = game["toAct"], game["version"]
    if game["status"] == "ACTIVE" and t.mine in t.to_act:  # one per decision owed
        return [("turn", t.id, t.version)]
    return [("game.ended", t.id, t.version)] if game["status"] != "ACTIVE" else []


async def finish(rest: Rest, t: Table) -> tuple[str, str, int]:
    """The opponent resigns: the player's game ends."""
    await rest.ok("POST", f"/games/{t.id}/seats/{1 - t.mine}/resign", t.tokens[1 - t.mine])
    game = await rest.game(t.id)
    return ("game.ended", t.id, game["version"])


def seen_rest(messages: list[Any]) -> list[tuple[str, str, int]]:
    out = []
    for m in messages:
        body = m.json()
        jsonschema.validate(body, PLAYER_EVENT_SCHEMA)
        assert body["id"] == m.id
        assert body["kind"] == m.event
        out.append((m.event, body["data"]["gameId"], body["data"]["version"]))
    return out


async def read_until(stream: Stream, count: int) -> list[Any]:
    return await stream.events(count, wait=30.0)


async def test_a_player_plays_three_games_at_once_from_one_token_and_one_stream(
    rest: list[Rest], gql: list[Api], replicas: list[ServiceProcess]
) -> None:
    me, token = player()
    ws = replicas[1].ws_url
    query = (EVENTS, "playerEvents", {"a": "0"})
    async with (
        open_stream(replicas[0].url, f"{STREAM}?after=0", bearer(token)) as stream,
        subscription(ws, "", payload=bearer(token), query=query) as events,
    ):
        assert stream.response.status_code == 200
        tables = [await table(rest[i % 2], me, i % 2, f"op-{i}") for i in range(3)]
        expected = [e for t in tables for e in opening(t)]
        for _ in range(4):
            for i, t in enumerate(tables):
                expected += await step(rest[(i + 1) % 2], t, token)
        for i, t in enumerate(tables):
            if (await rest[0].game(t.id))["status"] == "ACTIVE":
                expected.append(await finish(rest[i % 2], t))
        got = seen_rest(await read_until(stream, len(expected)))
        assert sorted(got) == sorted(expected)
        by_game = {t.id: [e for e in got if e[1] == t.id] for t in tables}
        for t in tables:  # in order within a game
            assert by_game[t.id] == [e for e in expected if e[1] == t.id]
        nodes = await events.take(len(expected), wait=30.0)
        for node in nodes:
            jsonschema.validate(node, PLAYER_EVENT_SCHEMA)
        assert [(n["kind"], n["data"]["gameId"], n["data"]["version"]) for n in nodes] == got
    turns = [m for m in nodes if m["kind"] == "turn"]
    assert all(n["data"]["toAct"] == [tables_seat(tables, n)] for n in turns)
    ended = [n["data"] for n in nodes if n["kind"] == "game.ended"]
    assert len(ended) == 3
    for data in ended:
        assert data["status"] == "FINISHED"
        assert data["seats"] == [next(t.mine for t in tables if t.id == data["gameId"])]
        assert data["seats"][0] in data["winners"]
    page = await rest[1].ok("GET", "/players/me/games", token, params={"status": "FINISHED"})
    assert {g["id"] for g in page["items"]} == {t.id for t in tables}
    answer = (await gql[0].gql(MY_GAMES, token, f=2))["me"]
    assert answer["playerId"] == me
    assert answer["games"]["totalCount"] == 3
    first = [e["node"]["id"] for e in answer["games"]["edges"]]
    after = answer["games"]["pageInfo"]["endCursor"]
    rest_of = (await gql[1].gql(MY_GAMES, token, f=2, c=after))["me"]["games"]
    assert set(first + [e["node"]["id"] for e in rest_of["edges"]]) == {t.id for t in tables}
    assert rest_of["pageInfo"]["hasNextPage"] is False


def tables_seat(tables: list[Table], node: dict[str, Any]) -> int:
    return next(t.mine for t in tables if t.id == node["data"]["gameId"])


async def test_the_stream_resumes_without_loss_on_the_other_replica_after_one_stops(
    rest: list[Rest], replicas: list[ServiceProcess]
) -> None:
    me, token = player()
    t = await table(rest[1], me, 0, "op-r")
    expected = opening(t)
    async with open_stream(replicas[0].url, f"{STREAM}?after=0", bearer(token)) as stream:
        first = await read_until(stream, len(expected))
    await asyncio.to_thread(replicas[0].stop)  # the client went with it
    last = first[-1].id
    try:
        missed: list[tuple[str, str, int]] = []
        for _ in range(3):
            missed += await step(rest[1], t, token)
        missed.append(await finish(rest[1], t))
        headers = bearer(token) | {"last-event-id": str(last)}
        async with open_stream(replicas[1].url, STREAM, headers) as again:
            resumed = seen_rest(await again.events(len(missed), wait=90.0))
        assert seen_rest(first) == expected
        assert resumed == missed
        query = (EVENTS, "playerEvents", {"a": last})
        async with subscription(replicas[1].ws_url, "", payload=bearer(token), query=query) as ev:
            nodes = await ev.take(len(missed), wait=30.0)
        assert [(n["kind"], n["data"]["gameId"], n["data"]["version"]) for n in nodes] == missed
    finally:
        replicas[0].restart()


async def test_a_player_sees_only_its_own_events_and_games(
    rest: list[Rest], gql: list[Api], replicas: list[ServiceProcess]
) -> None:
    ann, ann_token = player()
    bob, bob_token = player()
    mine = await table(rest[0], ann, 0, "op-a")
    theirs = await table(rest[1], bob, 1, "op-b")
    async with open_stream(replicas[1].url, f"{STREAM}?after=0", bearer(bob_token)) as stream:
        got = seen_rest(await read_until(stream, len(opening(theirs))))
        await step(rest[0], mine, ann_token)
        await finish(rest[0], mine)
        ended = await finish(rest[1], theirs)
        following = seen_rest(await read_until(stream, 1))
    assert got == opening(theirs)
    assert following == [ended]
    page = await rest[0].ok("GET", "/players/me/games", bob_token)
    assert [g["id"] for g in page["items"]] == [theirs.id]
    assert page["totalCount"] == 1
    answer = (await gql[1].gql(MY_GAMES, ann_token))["me"]["games"]
    assert [e["node"]["id"] for e in answer["edges"]] == [mine.id]
    # A seat token of Ann's game is not Ann: the stream and the list need a player token.
    for token in (None, mine.tokens[0]):
        for path in ("/players/me/games", "/players/me/stream"):
            response = await rest[0].request("GET", path, token)
            assert response.status_code == 401, response.text
            assert response.json()["code"] in ("PLAYER_TOKEN_REQUIRED", "PLAYER_TOKEN_INVALID")


async def test_refused_player_tokens_get_a_typed_401_on_both_doors(
    rest: list[Rest], gql: list[Api], replicas: list[ServiceProcess]
) -> None:
    me, _ = player()
    for why, token in bad_tokens(me).items():
        for path in ("/players/me/games", "/players/me/stream"):
            response = await rest[1].request("GET", path, token)
            assert response.status_code == 401, (why, path, response.text)
            assert response.json()["code"] == "PLAYER_TOKEN_INVALID"
        async with httpx.AsyncClient(base_url=replicas[0].url, trust_env=False) as http:
            answer = await http.post(
                "/graphql", json={"query": MY_GAMES, "variables": {}}, headers=bearer(token)
            )
        assert answer.status_code == 401, (why, answer.text)
        assert answer.json()["errors"][0]["extensions"]["code"] == "PLAYER_TOKEN_INVALID"
        query = (EVENTS, "playerEvents", {"a": None})
        async with subscription(replicas[1].ws_url, "", payload=bearer(token), query=query) as ev:
            with pytest.raises(Exception) as refused:
                await ev.next(wait=30.0)
        assert "PLAYER_TOKEN_INVALID" in str(refused.value.args), (why, refused.value)
    body = await gql[0].raw("query { me { games { totalCount } } }")
    assert body["errors"][0]["extensions"]["code"] == "PLAYER_TOKEN_REQUIRED"
    bad = await rest[0].request(
        "GET", "/players/me/stream", integrator_token(me), params={"after": "x"}
    )
    assert (bad.status_code, bad.json()["code"]) == (400, "BAD_FEED_FILTER")


async def test_a_takeback_request_reaches_the_other_player_with_the_turn_deadline(
    rest: list[Rest], replicas: list[ServiceProcess]
) -> None:
    ann, ann_token = player()
    bob, bob_token = player()
    body = {
        "gameType": "trambahn",
        "players": 2,
        "seats": ["ann", "bob"],
        "playerIds": [ann, bob],
        "options": {"clock": {"perMoveSeconds": 3600}},
        # The seed and the choice of the last legal move make the game the same every run:
        # one where ann's takeback is allowed (nothing random or hidden since her move).
        "seed": "takeback-reaches-bob",
    }
    created = await rest[0].ok("POST", "/games", ADMIN, json=body)
    game_id = created["game"]["id"]
    tokens = [ann_token, bob_token]
    refused = []
    async with open_stream(replicas[1].url, f"{STREAM}?after=0", bearer(bob_token)) as stream:
        for _ in range(100):
            game = await rest[0].game(game_id)
            seat = game["toAct"][0]
            moves = await rest[0].legal_moves(game_id, seat, tokens[seat])
            await rest[0].ok(
                "POST",
                f"/games/{game_id}/moves",
                tokens[seat],
                json={"seat": seat, "move": moves[-1]},
            )
            if seat != 0:
                continue
            asked = await rest[1].request("POST", f"/games/{game_id}/seats/0/takeback", ann_token)
            if asked.status_code == 200:
                break
            refused.append(asked.json()["details"]["reason"])
        else:
            raise AssertionError(f"no takeback was allowed in 100 moves (refused: {refused})")
        while True:
            message = await stream.next(wait=30.0)
            assert message is not None
            data = message.json()["data"]
            if message.event == "turn":
                assert data["deadline"] is not None
                assert data["toAct"] == [1]
            if message.event == "takeback.requested":
                break
    assert data["gameId"] == game_id
    assert data["seat"] == 0
    assert data["seats"] == [1]
    assert isinstance(data["toVersion"], int)


async def test_a_challenge_and_its_game_reach_the_invited_players_stream(
    rest: list[Rest], replicas: list[ServiceProcess]
) -> None:
    ann, ann_token = player()
    bob, bob_token = player()
    async with open_stream(replicas[1].url, f"{STREAM}?after=0", bearer(bob_token)) as stream:
        body = {"invite": [bob], "gameType": "trambahn", "players": 2}
        made = await rest[0].ok("POST", "/challenges", ann_token, json=body)
        challenge = await stream.next(wait=30.0)
        assert challenge is not None
        assert challenge.event == "challenge"
        path = f"/challenges/{made['challengeId']}/accept"
        accepted = await rest[1].ok("POST", path, bob_token)
        kinds = []
        while "game.started" not in kinds:
            message = await stream.next(wait=30.0)
            assert message is not None
            jsonschema.validate(message.json(), PLAYER_EVENT_SCHEMA)
            kinds.append(message.event)
            if message.event == "game.started":
                assert message.json()["data"]["gameId"] == accepted["gameId"]
    assert ann != bob


async def test_a_players_streams_are_capped_per_player(
    rest: list[Rest], replicas: list[ServiceProcess]
) -> None:
    _, token = player()
    async with contextlib.AsyncExitStack() as opened:
        for _ in range(8):  # BOARDSTATE_MAX_STREAMS_PER_TOKEN
            stream = await opened.enter_async_context(
                open_stream(replicas[0].url, STREAM, bearer(token))
            )
            assert stream.response.status_code == 200
        refused = await rest[0].request("GET", "/players/me/stream", token)
        assert (refused.status_code, refused.json()["code"]) == (429, "TOO_MANY_STREAMS")
        assert refused.json()["details"]["scope"] == "token"


async def test_a_rated_games_end_tells_its_players_their_new_ratings(
    rest: list[Rest], replicas: list[ServiceProcess]
) -> None:
    _, ann_token = player()
    _, bob_token = player()
    created = await rest[0].ok(
        "POST", "/games", json={"gameType": "trambahn", "players": 2, "rated": True}
    )
    game_id = created["game"]["id"]
    seats = [
        (await rest[i].ok("POST", f"/games/{game_id}/seats", token, json={"name": f"p{i}"}))
        for i, token in enumerate((ann_token, bob_token))
    ]
    ann_seat = seats[0]["seat"]
    mine = {seats[0]["seat"]: ann_token, seats[1]["seat"]: bob_token}
    moved: set[int] = set()
    while len(moved) < 2:  # a game rates only seats that moved (docs/players.md, "Ratings")
        seat = (await rest[0].ok("GET", f"/games/{game_id}"))["toAct"][0]
        path = f"/games/{game_id}/legal-moves?seat={seat}"
        moves = (await rest[0].ok("GET", path, mine[seat]))["moves"]
        body = {"seat": seat, "move": moves[0]}
        await rest[0].ok("POST", f"/games/{game_id}/moves", mine[seat], json=body)
        moved.add(seat)
    async with open_stream(replicas[1].url, f"{STREAM}?after=0", bearer(bob_token)) as stream:
        await rest[0].ok("POST", f"/games/{game_id}/seats/{ann_seat}/resign", ann_token)
        kinds: list[str] = []
        last: dict[str, Any] = {}
        while "rating.changed" not in kinds:
            message = await stream.next(wait=60.0)
            assert message is not None
            last = message.json()
            jsonschema.validate(last, PLAYER_EVENT_SCHEMA)
            kinds.append(message.event)
    assert kinds.index("game.ended") < kinds.index("rating.changed")
    assert last["data"]["gameType"] == "trambahn"
    assert last["data"]["provisional"] is True
