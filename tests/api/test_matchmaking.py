"""Matchmaking (issue 30, item 3; architecture §5e) on two real replicas sharing one Redis.

Seeks are paired into games atomically while both replicas race (200 seeks from 100 players
make only full, distinct games; no seek is matched twice or lost); a match whose replica dies
before creating its game is created by the other; seeks expire; challenges are accepted,
declined and expire; a rematch rotates the seats; a seek asking for a bot starts at once. Both
doors: REST (`/v1/seeks`, `/v1/challenges`, `/v1/games/{id}/rematch`) and GraphQL.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import secrets
import signal
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from redis.asyncio import Redis

from boardstate.service.features.matchmaking.match_spec import GameSpec
from boardstate.service.features.matchmaking.matchmaker import now_ms
from boardstate.service.features.matchmaking.seeks import new_seek, seek_id_of
from boardstate.service.store.players.matchmaking_store import RedisMatchmaking
from tests.api.client import Api
from tests.api.rest_client import Rest, RestError
from tests.api.server import ServiceProcess, unique_prefix
from tests.redis_support import RedisServer

ENV = {"BOARDSTATE_MATCH_LEASE_MS": "1500", "BOARDSTATE_CHALLENGE_TTL": "3"}


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


POOLS = iter(random.sample(range(100, 100_001), 5_000))
"""Per-move clocks drawn without repeats: twenty random draws once shared one (1 in 500)."""


def options() -> dict[str, Any]:
    """Options no other seek of this module shares (each call pools apart)."""
    return {"clock": {"perMoveSeconds": next(POOLS)}}


async def test_two_seeks_make_one_started_game_and_both_tokens_act(rest: list[Rest]) -> None:
    (_ann, ann_token), (_bob, bob_token) = [await new_player(rest[0]) for _ in range(2)]
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


SEEK = """mutation($o: JSON) { createSeek(gameType: "trambahn", players: 2, options: $o) {
  ... on Seek { seekId status gameId seat } ... on Rejected { code } } }"""


async def test_200_seeks_from_100_players_on_two_replicas_make_only_full_distinct_games(
    rest: list[Rest], gql: list[Api]
) -> None:
    players = [await new_player(rest[i % 2]) for i in range(100)]
    body = {"gameType": "trambahn", "players": 2, "options": options()}

    async def seek(i: int) -> dict[str, Any]:
        """Seek `i` on replica i % 2, through REST or GraphQL (i % 4 < 2)."""
        player, token = players[i % 100]
        if i % 4 < 2:
            answer: dict[str, Any] = await rest[i % 2].ok("POST", "/seeks", token, json=body)
        else:
            answer = (await gql[i % 2].gql(SEEK, token, o=body["options"]))["createSeek"]
        return answer | {"token": token, "who": player}

    answers = await asyncio.gather(*(seek(i) for i in random.sample(range(200), 200)))
    final = [
        await rest[0].ok("GET", f"/seeks/{a['seekId']}", a["token"]) | {"who": a["who"]}
        for a in answers
    ]
    assert len({s["seekId"] for s in final}) == 200
    games: dict[str, list[dict[str, Any]]] = {}
    for s in final:
        if s["status"] == "matched":
            games.setdefault(s["gameId"], []).append(s)
    for game_id, seeks in games.items():
        assert len(seeks) == 2  # full
        assert sorted(s["seat"] for s in seeks) == [0, 1]  # no seat matched twice
        assert len({s["who"] for s in seeks}) == 2  # two players
        created = (await rest[1].request("GET", f"/games/{game_id}/log")).text.splitlines()[0]
        for s in seeks:
            assert s["who"] in created
        assert (await rest[0].ok("GET", f"/games/{game_id}"))["status"] == "ACTIVE"
    waiting = [s for s in final if s["status"] == "open"]
    # nothing lost: what still waits could not be paired (one player's seeks at most)
    assert len({s["who"] for s in waiting}) <= 1
    assert 2 * len(games) + len(waiting) == 200


async def test_a_match_whose_replica_died_before_its_game_is_created_by_another(
    rest: list[Rest], replicas: list[ServiceProcess], redis_server: RedisServer
) -> None:
    client = Redis.from_url(redis_server.url)
    store = RedisMatchmaking(client, replicas[0].prefix, 3_600_000, 1500)
    spec = GameSpec("trambahn", 2, options())
    now, match_id = now_ms(), "m_" + secrets.token_urlsafe(12)
    seeks = []
    for player, token in [await new_player(rest[0]) for _ in range(2)]:
        seek = new_seek(seek_id_of(player, None), player, player, spec, 1500.0, now, 600)
        outcome = await store.seek(now, seek, spec.pool(), 2, 5, match_id)
        seeks.append((seek["seekId"], token))
    assert outcome == ("matched", match_id)
    await client.aclose()  # this "replica" stops here: it never creates the game
    for _ in range(300):
        found = await rest[1].request("GET", f"/games/{match_id}")
        if found.status_code == 200:
            break
        await asyncio.sleep(0.1)
    assert found.json()["status"] == "ACTIVE"
    seats = [(await rest[0].ok("GET", f"/seeks/{i}", t))["seat"] for i, t in seeks]
    assert sorted(seats) == [0, 1]


async def challenge_of(rest: Rest, token: str, invite: list[str], **more: Any) -> Any:
    body = {"gameType": "trambahn", "players": 2, "invite": invite} | more
    return await rest.ok("POST", "/challenges", token, json=body)


async def test_a_challenge_accepted_starts_its_game(rest: list[Rest]) -> None:
    (ann, ann_token), (bob, bob_token) = [await new_player(rest[0]) for _ in range(2)]
    made = await challenge_of(rest[0], ann_token, [bob])
    assert (made["status"], made["challenger"], made["invited"]) == ("open", ann, [bob])
    for token in (ann_token, bob_token):  # made or received: both list it
        listed = (await rest[1].ok("GET", "/challenges", token))["items"]  # a page (issue 37)
        assert [c["challengeId"] for c in listed] == [made["challengeId"]]
    path = f"/challenges/{made['challengeId']}"
    with pytest.raises(RestError) as not_you:
        await rest[1].ok("POST", f"{path}/accept", ann_token)
    assert (not_you.value.status, not_you.value.code) == (403, "NOT_CHALLENGED")
    _, eve_token = await new_player(rest[0])
    with pytest.raises(RestError) as hidden:
        await rest[1].ok("GET", path, eve_token)
    assert hidden.value.code == "CHALLENGE_NOT_FOUND"
    accepted = await rest[1].ok("POST", f"{path}/accept", bob_token)
    assert accepted["status"] == "matched"
    assert sorted(accepted["seats"]) == [0, 1]
    again = await rest[0].ok("POST", f"{path}/accept", bob_token)  # idempotent
    assert again["gameId"] == accepted["gameId"]
    game = await rest[0].ok("GET", f"/games/{accepted['gameId']}")
    assert game["status"] == "ACTIVE"
    with pytest.raises(RestError) as closed:
        await rest[0].ok("POST", f"{path}/cancel", ann_token)
    assert (closed.value.status, closed.value.code) == (409, "CHALLENGE_CLOSED")


async def test_a_challenge_declined_or_expired_closes(rest: list[Rest]) -> None:
    (ann, ann_token), (bob, bob_token) = [await new_player(rest[0]) for _ in range(2)]
    declined = await challenge_of(rest[0], ann_token, [bob])
    path = f"/challenges/{declined['challengeId']}"
    answer = await rest[1].ok("POST", f"{path}/decline", bob_token)
    assert (answer["status"], answer["declinedBy"]) == ("declined", bob)
    with pytest.raises(RestError) as closed:
        await rest[0].ok("POST", f"{path}/accept", bob_token)
    assert closed.value.body["details"]["status"] == "declined"
    expiring = await challenge_of(rest[0], ann_token, [bob])
    await asyncio.sleep(3.3)  # BOARDSTATE_CHALLENGE_TTL=3
    path = f"/challenges/{expiring['challengeId']}"
    assert (await rest[1].ok("GET", path, bob_token))["status"] == "expired"
    with pytest.raises(RestError) as late:
        await rest[1].ok("POST", f"{path}/accept", bob_token)
    assert late.value.body["details"]["status"] == "expired"
    with pytest.raises(RestError) as shape:
        await challenge_of(rest[0], ann_token, [ann])
    assert shape.value.code == "BAD_MATCH_REQUEST"


async def test_graphql_challenge_with_a_bot_seat(gql: list[Api], rest: list[Rest]) -> None:
    (ann, ann_token), (bob, bob_token) = [await new_player(rest[0]) for _ in range(2)]
    made = await gql[0].gql(
        """mutation($to: [String!]!) { createChallenge(invite: $to, gameType: "trekking",
        players: 3, bots: 1, botPolicy: "random") { ... on Challenge { challengeId status }
        ... on Rejected { code } } }""",
        ann_token,
        to=[bob],
    )
    challenge_id = made["createChallenge"]["challengeId"]
    accepted = await gql[1].gql(
        """mutation($id: String!) { acceptChallenge(challengeId: $id) {
        ... on Challenge { status gameId seats } ... on Rejected { code } } }""",
        bob_token,
        id=challenge_id,
    )
    result = accepted["acceptChallenge"]
    assert result["status"] == "matched"
    game = await rest[0].ok("GET", f"/games/{result['gameId']}")
    assert game["status"] == "ACTIVE"
    log = (await rest[1].request("GET", f"/games/{result['gameId']}/log")).text
    created = json.loads(log.splitlines()[0])["data"]
    assert len(created["table"]["bots"]) == 1
    assert sorted(p for p in created["playerIds"] if p) == sorted([ann, bob])
    read = await gql[1].gql(
        "query($id: String!) { challenge(challengeId: $id) { status } }", ann_token, id=challenge_id
    )
    assert read["challenge"]["status"] == "matched"
    listed = await gql[0].gql("{ challenges { edges { node { challengeId } } } }", bob_token)
    assert listed["challenges"]["edges"] == []  # a page (issue 37): the matched one left it


async def finished_game(rest: Rest) -> tuple[str, list[str], list[str]]:
    """A Trambahn game of two players (tokens) that seat 0 resigned: (id, ids, tokens)."""
    players = [await new_player(rest) for _ in range(2)]
    body = {"gameType": "trambahn", "players": 2, "options": options()}
    first = await rest.ok("POST", "/seeks", players[0][1], json=body)
    second = await rest.ok("POST", "/seeks", players[1][1], json=body)
    game_id = second["gameId"]
    first = await rest.ok("GET", f"/seeks/{first['seekId']}", players[0][1])
    by_seat = {first["seat"]: players[0], second["seat"]: players[1]}
    ids, tokens = [by_seat[s][0] for s in (0, 1)], [by_seat[s][1] for s in (0, 1)]
    await rest.ok("POST", f"/games/{game_id}/seats/0/resign", tokens[0])
    return game_id, ids, tokens


async def test_a_rematch_rotates_the_seats(rest: list[Rest], gql: list[Api]) -> None:
    game_id, ids, tokens = await finished_game(rest[0])
    asked = await rest[0].ok("POST", f"/games/{game_id}/rematch", tokens[1])
    assert (asked["status"], asked["asked"], asked["waitingFor"]) == ("open", [1], [0])
    again = await rest[1].ok("POST", f"/games/{game_id}/rematch", tokens[1])
    assert again["status"] == "open"  # asking twice is the same request
    done = await gql[1].gql(
        """mutation($g: ID!) { rematch(gameId: $g) { ... on Rematch { status gameId seat }
        ... on Rejected { code } } }""",
        tokens[0],
        g=game_id,
    )
    created = done["rematch"]
    assert (created["status"], created["seat"]) == ("created", 1)
    log = (await rest[0].request("GET", f"/games/{created['gameId']}/log")).text
    first = json.loads(log.splitlines()[0])
    assert first["data"]["playerIds"] == [ids[1], ids[0]]
    assert first["data"]["rematchOf"] == game_id
    same = await rest[1].ok("POST", f"/games/{game_id}/rematch", tokens[1])
    assert (same["gameId"], same["seat"]) == (created["gameId"], 0)


async def test_a_rematch_needs_a_finished_game_and_one_of_its_players(rest: list[Rest]) -> None:
    created = await rest[0].ok(
        "POST", "/games", json={"gameType": "trambahn", "players": 2, "seats": ["a", "b"]}
    )
    game_id, tokens = created["game"]["id"], [t["token"] for t in created["tokens"]]
    with pytest.raises(RestError) as unfinished:
        await rest[0].ok("POST", f"/games/{game_id}/rematch", tokens[0])
    assert (unfinished.value.status, unfinished.value.code) == (409, "GAME_NOT_FINISHED")
    await rest[0].ok("POST", f"/games/{game_id}/seats/1/resign", tokens[1])
    with pytest.raises(RestError) as stranger:
        await rest[1].ok("POST", f"/games/{game_id}/rematch", "not-a-seat-token")
    assert stranger.value.code == "UNAUTHORIZED"
    first = await rest[0].ok("POST", f"/games/{game_id}/rematch", tokens[0])
    assert first["status"] == "open"
    second = await rest[1].ok("POST", f"/games/{game_id}/rematch", tokens[1])
    assert (second["status"], second["seat"]) == ("created", 0)
    assert second["token"]  # a seat-token player gets its new seat's token
    new_id = second["gameId"]
    game = await rest[0].ok("GET", f"/games/{new_id}")
    seat = game["toAct"][0]
    mine = await rest[0].ok("POST", f"/games/{game_id}/rematch", tokens[0])
    new_tokens = {0: second["token"], 1: mine["token"]}
    assert await rest[1].ok("GET", f"/games/{new_id}/legal-moves?seat={seat}", new_tokens[seat])


async def test_a_replica_killed_amid_matching_seeks_loses_no_match(
    rest: list[Rest], replicas: list[ServiceProcess], redis_server: RedisServer
) -> None:
    doomed = ServiceProcess(redis_server.url, replicas[0].prefix, ENV).start()
    players = [await new_player(rest[0]) for _ in range(40)]
    bodies = [{"gameType": "trambahn", "players": 2, "options": options()} for _ in range(20)]
    for (_, token), body in zip(players[:20], bodies, strict=True):  # one pool each
        assert (await rest[0].ok("POST", "/seeks", token, json=body))["status"] == "open"
    late = Rest(doomed.url)
    key = {"idempotency-key": "late"}  # the late seeks' ids are known without their answers
    sent = [
        asyncio.create_task(late.request("POST", "/seeks", token, json=body, headers=key))
        for (_, token), body in zip(players[20:], bodies, strict=True)
    ]
    client = Redis.from_url(redis_server.url)
    store = RedisMatchmaking(client, replicas[0].prefix, 0, 0)  # a reader of the seeks only
    late_ids = [seek_id_of(player, "late") for player, _ in players[20:]]
    for _ in range(1000):  # kill it as soon as one of its matches is made
        stored = [await store.seek_of(seek_id) for seek_id in late_ids]
        if any(f is not None and f[1].startswith("matched") for f in stored):
            break
        await asyncio.sleep(0.005)
    os.kill(doomed.pid, signal.SIGKILL)  # amid the matches: some made, their games maybe not
    await client.aclose()
    await asyncio.gather(*sent, return_exceptions=True)
    await late.close()
    doomed.stop()
    games = []
    for seek_id, (_, token) in zip(late_ids, players[20:], strict=True):
        for _ in range(300):  # the lease (1.5 s) and a poll (5 s), generously
            now = await rest[1].request("GET", f"/seeks/{seek_id}", token)
            if now.status_code == 404 or now.json()["status"] == "open":
                break  # the request never reached the script, or found nobody
            found = await rest[1].request("GET", f"/games/{now.json()['gameId']}")
            if found.status_code == 200:
                assert found.json()["status"] == "ACTIVE"
                games.append(now.json()["gameId"])
                break
            await asyncio.sleep(0.1)
        else:
            pytest.fail(f"matched seek {seek_id} has no game")
    assert games  # the kill came after the first match at least
    assert len(games) == len(set(games))  # one game per pair


async def test_graphql_declines_and_cancels_challenges(gql: list[Api], rest: list[Rest]) -> None:
    (_, ann_token), (bob, bob_token) = [await new_player(rest[0]) for _ in range(2)]
    create = """mutation($to: [String!]!) { createChallenge(invite: $to, gameType: "trambahn",
      players: 2) { ... on Challenge { challengeId } ... on Rejected { code } } }"""
    answer = """mutation($id: String!) { %s(challengeId: $id) {
      ... on Challenge { status declinedBy } ... on Rejected { code } } }"""
    first = (await gql[0].gql(create, ann_token, to=[bob]))["createChallenge"]["challengeId"]
    declined = await gql[1].gql(answer % "declineChallenge", bob_token, id=first)
    assert declined["declineChallenge"] == {"status": "declined", "declinedBy": bob}
    late = await gql[0].gql(answer % "acceptChallenge", bob_token, id=first)
    assert late["acceptChallenge"] == {"code": "CHALLENGE_CLOSED"}
    second = (await gql[0].gql(create, ann_token, to=[bob]))["createChallenge"]["challengeId"]
    not_yours = await gql[1].gql(answer % "cancelChallenge", bob_token, id=second)
    assert not_yours["cancelChallenge"] == {"code": "NOT_CHALLENGED"}
    cancelled = await gql[1].gql(answer % "cancelChallenge", ann_token, id=second)
    assert cancelled["cancelChallenge"] == {"status": "cancelled", "declinedBy": None}


async def test_a_rematch_against_a_bot_is_one_request(rest: list[Rest]) -> None:
    player, token = await new_player(rest[0])
    body = {"gameType": "trambahn", "players": 2, "bots": 1, "botPolicy": "random"}
    seek = await rest[0].ok("POST", "/seeks", token, json=body | {"options": options()})
    old, seat = seek["gameId"], seek["seat"]
    await rest[1].ok("POST", f"/games/{old}/seats/{seat}/resign", token)
    rematch = await rest[1].ok("POST", f"/games/{old}/rematch", token)
    assert (rematch["status"], rematch["seat"]) == ("created", (seat + 1) % 2)
    log = (await rest[0].request("GET", f"/games/{rematch['gameId']}/log")).text
    created = json.loads(log.splitlines()[0])["data"]
    assert created["playerIds"][rematch["seat"]] == player
    assert [b["seat"] for b in created["table"]["bots"]] == [seat]  # the bot moved on too
