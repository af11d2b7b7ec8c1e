"""The cross-game feed (issue 19, architecture §5d) over SSE and GraphQL, on real Redis and a real
service: resumable with `Last-Event-ID` (nothing lost, nothing repeated), filtered by game type,
game and integrator `playerId`, and authorised by the admin token or a game's seat token."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
import redis

from tests.api.client import Api, GraphQLErrors, subscription
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess, unique_prefix
from tests.api.webhook_support import published, read_sse, until
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

ADMIN = "admin-token-for-feed-tests"
CREATE = """
mutation($p: [String]) {
  createGame(gameType: "trambahn", players: 2, seats: ["ann", "bob"], playerIds: $p) {
    ... on GameCreated { game { id } tokens { seat token } }
  }
}"""
FEED = """subscription($g: ID, $a: String) {
  feed(gameId: $g, after: $a) { position id type data }
}"""


@pytest.fixture(scope="module")
def server(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    env = {"BOARDSTATE_ADMIN_TOKEN": ADMIN, "BOARDSTATE_WEBHOOK_POLL_MS": "50"}
    with ServiceProcess(redis_server.url, unique_prefix(), env) as process:
        yield process


async def new_game(url: str, player_ids: list[str | None]) -> tuple[str, list[str]]:
    api = Api(url)
    try:
        created = (await api.gql(CREATE, p=player_ids))["createGame"]
    finally:
        await api.close()
    return created["game"]["id"], [t["token"] for t in created["tokens"]]


async def play(url: str, game_id: str, tokens: list[str], changes: int) -> None:
    """Plays until the seats to act have changed `changes` times."""
    rest = Rest(url)
    try:
        rnd = random.Random(7)
        acting = (await rest.game(game_id))["toAct"]
        while changes > 0:
            seat = acting[0]
            move = rnd.choice(await rest.legal_moves(game_id, seat, tokens[seat]))
            assert (await rest.move(game_id, seat, move, tokens[seat])).status_code == 201
            now = (await rest.game(game_id))["toAct"]
            changes -= now != acting
            acting = now
    finally:
        await rest.close()


def feed_url(server: ServiceProcess, **params: str) -> str:
    query = "&".join(f"{k}={v}" for k, v in params.items())
    return f"{server.url}/v1/feed/stream?{query}"


def turns(messages: list[dict[str, str]]) -> list[dict[str, Any]]:
    return [json.loads(m["data"]) for m in messages if m.get("event") == "turn.changed"]


async def test_the_feed_resumes_after_last_event_id_without_loss_or_repeat(
    server: ServiceProcess,
) -> None:
    game_id, tokens = await new_game(server.url, ["u-1", "u-2"])
    await play(server.url, game_id, tokens, 2)
    admin = {"authorization": f"Bearer {ADMIN}"}
    status, first = await read_sse(
        feed_url(server, gameId=game_id, after="0"), admin, lambda m: len(turns(m)) >= 3
    )
    assert status == 200
    assert [m["event"] for m in first[:3]] == ["game.created", "game.started", "turn.changed"]
    assert all(json.loads(m["data"])["data"]["gameId"] == game_id for m in first)
    for message in first:
        assert published(json.loads(message["data"]), with_id=True)["type"] == message["event"]
    await play(server.url, game_id, tokens, 3)
    status, rest = await read_sse(
        feed_url(server, gameId=game_id),
        admin | {"last-event-id": first[-1]["id"]},
        lambda m: len(turns(m)) >= 3,
    )
    assert status == 200
    ids = [m["id"] for m in first + rest]
    assert len(ids) == len(set(ids))  # nothing twice
    versions = [json.loads(m["data"])["data"]["version"] for m in first + rest]
    assert versions == sorted(versions)
    status, everything = await read_sse(
        feed_url(server, gameId=game_id, after="0"),
        admin,
        lambda m: len(m) >= len(ids),
    )
    assert [m["id"] for m in everything] == ids  # the resumed reads lost nothing


async def test_filters_and_who_may_follow_what(server: ServiceProcess) -> None:
    mine, tokens = await new_game(server.url, ["player-a", None])
    other, _ = await new_game(server.url, ["player-b", None])
    admin = {"authorization": f"Bearer {ADMIN}"}
    status, by_player = await read_sse(
        feed_url(server, playerId="player-a", after="0"), admin, lambda m: len(m) >= 3
    )
    assert status == 200
    assert {json.loads(m["data"])["data"]["gameId"] for m in by_player} == {mine}
    seat = {"authorization": f"Bearer {tokens[0]}"}
    status, own = await read_sse(
        feed_url(server, gameId=mine, after="0"), seat, lambda m: len(m) >= 3
    )
    assert status == 200
    assert {json.loads(m["data"])["data"]["gameId"] for m in own} == {mine}
    for url, headers, code in (
        (feed_url(server, gameId=other, after="0"), seat, "UNAUTHORIZED"),
        (feed_url(server, after="0"), seat, "UNAUTHORIZED"),  # no game to be the seat of
        (feed_url(server, after="0"), {}, "UNAUTHORIZED"),
        # who asks is checked before what is asked (the filters of an anonymous caller)
        (feed_url(server, gameType="x" * 65, after="yesterday"), {}, "UNAUTHORIZED"),
        (feed_url(server, after="yesterday"), admin, "BAD_FEED_FILTER"),
        (feed_url(server, gameType="x" * 65), admin, "BAD_FEED_FILTER"),
    ):
        status, answer = await read_sse(url, headers, lambda m: True)
        assert status in (400, 401), (url, status)
        assert json.loads(answer[0]["problem"])["code"] == code, url


JOIN = """
mutation($g: ID!, $p: String) {
  joinGame(gameId: $g, name: "gil", playerId: $p) {
    ... on SeatJoined { seat }
    ... on Rejected { code }
  }
}"""


async def test_a_player_id_attached_at_join_on_either_door_filters_the_feed(
    server: ServiceProcess,
) -> None:
    admin = {"authorization": f"Bearer {ADMIN}"}
    api, rest = Api(server.url), Rest(server.url)
    try:
        by_graphql, _ = await new_game_open(rest, "joiner-1")
        joined = (await api.gql(JOIN, g=by_graphql, p="joiner-2"))["joinGame"]
        assert joined == {"seat": 1}
        by_rest, _ = await new_game_open(rest, None)
        answer = await rest.request(
            "POST", f"/games/{by_rest}/seats", json={"name": "hal", "playerId": "joiner-2"}
        )
        assert answer.status_code == 201
        for bad in ("", "x" * 65, "tab\there"):
            refused = await api.gql(JOIN, g=by_rest, p=bad)
            assert refused["joinGame"] == {"code": "BAD_NAME"}
            answer = await rest.request(
                "POST", f"/games/{by_rest}/seats", json={"name": "ivy", "playerId": bad}
            )
            assert (answer.status_code, answer.json()["code"]) == (422, "BAD_NAME")
    finally:
        await api.close()
        await rest.close()
    status, found = await read_sse(
        feed_url(server, playerId="joiner-2", after="0"),
        admin,
        lambda m: [x["event"] for x in m].count("game.started") >= 2,
    )
    assert status == 200
    started = [json.loads(m["data"])["data"] for m in found if m["event"] == "game.started"]
    assert {d["gameId"] for d in started} == {by_graphql, by_rest}
    for data in started:
        assert data["seats"][1]["playerId"] == "joiner-2"


async def new_game_open(rest: Rest, player_id: str | None) -> tuple[str, str]:
    """A two-seat Trambahn game with seat 0 taken (`player_id` attached at creation)."""
    created = await rest.create(playerIds=[player_id, None])
    game_id = created["game"]["id"]
    joined = await rest.ok("POST", f"/games/{game_id}/seats", json={"name": "fay"})
    return game_id, joined["token"]


async def test_the_feed_subscription_gives_the_same_announcements(server: ServiceProcess) -> None:
    game_id, tokens = await new_game(server.url, [None, None])
    await play(server.url, game_id, tokens, 3)
    admin = {"authorization": f"Bearer {ADMIN}"}
    _, over_sse = await read_sse(
        feed_url(server, gameId=game_id, after="0"), admin, lambda m: len(m) >= 3
    )
    query = (FEED, "feed", {"g": game_id, "a": "0"})
    async with subscription(server.ws_url, game_id, payload={"token": ADMIN}, query=query) as feed:
        received = await feed.take(len(over_sse))
    assert [e["position"] for e in received] == [m["id"] for m in over_sse]
    assert [e["type"] for e in received] == [m["event"] for m in over_sse]
    async with subscription(server.ws_url, game_id, payload={}, query=query) as refused:
        with pytest.raises(Exception, match="UNAUTHORIZED"):
            await asyncio.wait_for(refused.next(), 10)


@pytest.fixture(scope="module")
def short(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """A server whose feed streams read at most 10 announcements to catch up."""
    env = {
        "BOARDSTATE_ADMIN_TOKEN": ADMIN,
        "BOARDSTATE_WEBHOOK_POLL_MS": "50",
        "BOARDSTATE_FEED_MAX_CATCH_UP": "10",
    }
    with ServiceProcess(redis_server.url, unique_prefix(), env) as process:
        yield process


def feed_positions(server: ServiceProcess) -> list[str]:
    """The feed's positions as Redis holds them."""
    client = redis.Redis.from_url(server.redis_url)
    try:
        found: Any = client.xrange(f"{server.prefix}:{{hooks}}:feed")
        return [entry.decode() for entry, _ in found]
    finally:
        client.close()


async def test_a_client_far_behind_reads_on_where_each_stream_says_to_resume(
    short: ServiceProcess,
) -> None:
    for _ in range(9):
        await new_game(short.url, [None, None])
    await until(lambda: len(feed_positions(short)) >= 27, what="27 announcements")
    everything = feed_positions(short)
    admin = {"authorization": f"Bearer {ADMIN}"}

    over_sse: list[str] = []
    resume = "0"
    while len(over_sse) < len(everything):
        left = len(everything) - len(over_sse)

        def done(m: list[dict[str, str]], left: int = left) -> bool:
            return m[-1].get("event") == "resume" or len(m) >= left

        status, messages = await read_sse(feed_url(short, after=resume), admin, done)
        assert status == 200
        if messages[-1].get("event") == "resume":
            *messages, last = messages
            assert len(messages) == 10
            assert json.loads(last["data"]) == {"resumeAfter": last["id"], "limit": 10}
            resume = last["id"]
        over_sse += [m["id"] for m in messages]
    assert over_sse == everything

    over_graphql: list[str] = []
    resume = "0"
    while len(over_graphql) < len(everything):
        query = (FEED, "feed", {"a": resume})
        async with subscription(short.ws_url, "-", payload={"token": ADMIN}, query=query) as feed:
            while len(over_graphql) < len(everything):
                try:
                    event = await feed.next(30.0)
                except GraphQLErrors as ended:
                    resume = over_graphql[-1]
                    limit = {"code": "CATCH_UP_LIMIT", "resumeAfter": resume, "limit": 10}
                    assert [e["extensions"] for e in ended.errors] == [limit]
                    break
                assert event is not None
                over_graphql.append(event["position"])
    assert over_graphql == everything
