"""Player tokens on both doors and two replicas (issue 30, item 1; architecture §5e).

Two real service processes share one Redis and one integrator key set (an RSA key in a JWKS
file). A token the service issued on one replica acts on the other; a player token acts for
every seat its `playerId` holds (moves, legal moves, its hidden view, resign) and for no other;
a join with a player token attaches its player; seat tokens keep working; a forged, expired,
wrong-audience or unsigned token is refused with `PLAYER_TOKEN_INVALID` on every route that
takes a token, on both doors.
"""

from __future__ import annotations

import asyncio
import base64
import json
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from websockets.asyncio.client import connect
from websockets.typing import Subprotocol

from tests.api.client import Api
from tests.api.rest_client import Rest, RestError
from tests.api.server import ServiceProcess, unique_prefix
from tests.redis_support import RedisServer

KEY = rsa.generate_private_key(public_exponent=65537, key_size=2048)
OTHER_KEY = rsa.generate_private_key(public_exponent=65537, key_size=2048)
KID = "integrator-1"
ADMIN = "player-tokens-admin-token-0123456789"
"""The integrator's backend seats its players with the admin token (docs/players.md)."""

ME = "query { me { playerId issuedByService } }"
CREATE_PLAYER = """mutation { createPlayer { __typename
  ... on PlayerToken { playerId token expiresAt } ... on Rejected { code details } } }"""
SUBMIT = """mutation($g: ID!, $s: Int!, $m: JSON!) { submitMove(gameId: $g, seat: $s, move: $m) {
  __typename ... on MoveAccepted { version } ... on Rejected { code details } } }"""
JOIN = """mutation($g: ID!, $p: String) { joinGame(gameId: $g, name: "kim", playerId: $p) {
  __typename ... on SeatJoined { seat } ... on Rejected { code details } } }"""
SUBSCRIBE_EVENTS = "subscription($g: ID!) { gameEvents(gameId: $g) { version } }"
RESIGN = """mutation($g: ID!, $s: Int!) { resign(gameId: $g, seat: $s) {
  __typename ... on Rejected { code details } } }"""


def integrator_token(sub: str, key: Any = KEY, **over: Any) -> str:
    now = int(time.time())
    claims = {"sub": sub, "aud": "boardstate", "exp": now + 600, "iat": now} | over
    return jwt.encode(claims, key, "RS256", headers={"kid": KID})


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def bad_tokens(sub: str) -> dict[str, str]:
    """Tokens naming `sub` that must all be refused, by the reason they must be refused for."""
    unsigned = (
        _b64(json.dumps({"alg": "none"}).encode())
        + "."
        + _b64(
            json.dumps({"sub": sub, "aud": "boardstate", "exp": int(time.time()) + 600}).encode()
        )
    )
    return {
        "signature": integrator_token(sub, OTHER_KEY),
        "expired": integrator_token(sub, exp=int(time.time()) - 3600),
        "audience": integrator_token(sub, aud="another-service"),
        "algorithm": unsigned + ".",
    }


@pytest.fixture(scope="module")
def replicas(
    redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[list[ServiceProcess]]:
    jwks: Path = tmp_path_factory.mktemp("keys") / "jwks.json"
    public = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(KEY.public_key()))
    jwks.write_text(json.dumps({"keys": [public | {"kid": KID, "alg": "RS256"}]}))
    env = {"BOARDSTATE_PLAYER_JWKS": str(jwks), "BOARDSTATE_ADMIN_TOKEN": ADMIN}
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


async def game_of(rest: Rest, players: list[str | None]) -> tuple[str, list[str], int]:
    """A started two-seat Trambahn game with `players` attached by the integrator's backend (the
    admin token: memberships): id, seat tokens, seat to act."""
    body = {"gameType": "trambahn", "players": 2, "seats": ["ann", "bob"], "playerIds": players}
    created = await rest.ok("POST", "/games", ADMIN, json=body)
    game = created["game"]
    return game["id"], [t["token"] for t in created["tokens"]], game["toAct"][0]


async def test_a_service_issued_token_from_one_replica_names_its_player_on_the_other(
    rest: list[Rest], gql: list[Api]
) -> None:
    issued = await rest[0].ok("POST", "/players")
    assert issued["playerId"].startswith("p_")
    me = (await gql[1].gql(ME, issued["token"]))["me"]
    assert me == {"playerId": issued["playerId"], "issuedByService": True}
    made = (await gql[1].gql(CREATE_PLAYER))["createPlayer"]
    assert made["__typename"] == "PlayerToken"
    assert (await rest[0].ok("GET", "/players/me", made["token"]))["playerId"] == made["playerId"]
    fresh = await rest[1].ok("POST", "/players/me/token", made["token"])
    assert fresh["playerId"] == made["playerId"]


async def test_a_player_token_acts_for_the_seats_its_player_holds_on_both_doors(
    rest: list[Rest], gql: list[Api]
) -> None:
    ann, bob = integrator_token("ann-1"), integrator_token("bob-1")
    game_id, seat_tokens, seat = await game_of(rest[0], ["ann-1", "bob-1"])
    mine, theirs = (ann, bob) if seat == 0 else (bob, ann)
    moves = await rest[1].legal_moves(game_id, seat, mine)
    assert moves
    with pytest.raises(RestError) as refused:
        await rest[0].legal_moves(game_id, seat, theirs)
    assert refused.value.code == "UNAUTHORIZED"
    hidden = await rest[0].ok("GET", f"/games/{game_id}/state", mine, params={"seat": seat})
    by_seat_token = await rest[0].ok(
        "GET", f"/games/{game_id}/state", seat_tokens[seat], params={"seat": seat}
    )
    assert hidden == by_seat_token
    wrong = (await gql[0].gql(SUBMIT, theirs, g=game_id, s=seat, m=moves[0]))["submitMove"]
    assert wrong["code"] == "UNAUTHORIZED"
    accepted = (await gql[1].gql(SUBMIT, mine, g=game_id, s=seat, m=moves[0]))["submitMove"]
    assert accepted["__typename"] == "MoveAccepted"
    resigned = (await gql[0].gql(RESIGN, ann, g=game_id, s=0))["resign"]
    assert resigned["__typename"] != "Rejected", resigned
    assert (await rest[1].game(game_id))["status"] == "FINISHED"


async def test_seat_tokens_keep_working_beside_player_tokens(rest: list[Rest]) -> None:
    game_id, seat_tokens, seat = await game_of(rest[0], ["ann-2", None])
    moves = await rest[1].legal_moves(game_id, seat, seat_tokens[seat])
    answer = await rest[1].move(game_id, seat, moves[0], seat_tokens[seat])
    assert answer.status_code == 201, answer.text


async def test_joining_with_a_player_token_attaches_its_player(
    rest: list[Rest], gql: list[Api]
) -> None:
    kim = integrator_token("kim-1")
    created = await rest[0].create(None)
    game_id = created["game"]["id"]
    joined = await rest[1].ok("POST", f"/games/{game_id}/seats", kim, json={"name": "kim"})
    other = (await gql[0].gql(JOIN, kim, g=game_id, p="not-kim"))["joinGame"]
    assert other["code"] == "UNAUTHORIZED"
    ok = (await gql[0].gql(JOIN, integrator_token("lee-1"), g=game_id))["joinGame"]
    assert ok["__typename"] == "SeatJoined"
    game = await rest[0].game(game_id)
    assert game["status"] == "ACTIVE"
    seat = game["toAct"][0]
    token = kim if seat == joined["seat"] else integrator_token("lee-1")
    assert await rest[0].legal_moves(game_id, seat, token)


async def test_refused_player_tokens_are_refused_on_every_route_of_both_doors(
    rest: list[Rest], gql: list[Api], replicas: list[ServiceProcess]
) -> None:
    game_id, _, seat = await game_of(rest[0], ["eve-1", "max-1"])
    for why, token in bad_tokens("eve-1").items():
        for method, path, kwargs in (
            ("GET", f"/games/{game_id}/legal-moves", {"params": {"seat": seat}}),
            ("GET", f"/games/{game_id}/state", {"params": {"seat": seat}}),
            ("GET", f"/games/{game_id}/state", {}),
            ("POST", f"/games/{game_id}/moves", {"json": {"seat": seat, "move": {}}}),
            ("POST", f"/games/{game_id}/seats/{seat}/resign", {}),
            ("POST", f"/games/{game_id}/seats/{seat}/takeback", {}),
            ("DELETE", f"/games/{game_id}/seats/{seat}", {}),
            ("GET", "/players/me", {}),
            ("POST", "/players/me/token", {}),
        ):
            response = await rest[1].request(method, path, token, **kwargs)
            assert response.status_code == 401, (why, method, path, response.text)
            body = response.json()
            assert body["code"] == "PLAYER_TOKEN_INVALID", (why, path, body)
            assert body["details"]["reason"] == why, (why, path, body)
        async with httpx.AsyncClient(base_url=replicas[0].url, trust_env=False) as http:
            stream = await http.get(
                f"/v1/games/{game_id}/events/stream",
                headers={"authorization": f"Bearer {token}"},
            )
            assert stream.status_code == 401, (why, stream.text)
        for query, variables in (
            (SUBMIT, {"g": game_id, "s": seat, "m": {}}),
            (ME, {}),
            ("query($g: ID!) { game(id: $g) { state } }", {"g": game_id}),
            ("query { gameTypes { id } }", {}),
        ):
            answer = await gql[0].http.post(
                "/graphql",
                json={"query": query, "variables": variables},
                headers={"authorization": f"Bearer {token}"},
            )
            assert answer.status_code == 401, (why, query, answer.text)
            error = answer.json()["errors"][0]["extensions"]
            assert error["code"] == "PLAYER_TOKEN_INVALID", (why, query, error)
            assert error["details"]["reason"] == why, (why, query, error)


async def test_a_route_of_the_players_own_needs_a_player_token(
    rest: list[Rest], gql: list[Api]
) -> None:
    _, seat_tokens, _ = await game_of(rest[0], [None, None])
    for token in (None, seat_tokens[0]):
        response = await rest[0].request("GET", "/players/me", token)
        assert response.status_code == 401
        assert response.json()["code"] in ("PLAYER_TOKEN_REQUIRED", "PLAYER_TOKEN_INVALID")
    body = await gql[0].raw(ME)
    assert body["errors"][0]["extensions"]["code"] == "PLAYER_TOKEN_REQUIRED"


async def test_a_refused_player_token_on_the_graphql_socket_gets_a_typed_error(
    rest: list[Rest], replicas: list[ServiceProcess]
) -> None:
    game_id, _, _ = await game_of(rest[0], ["ivy-1", None])
    url = replicas[1].url.replace("http://", "ws://") + "/graphql"
    for why, token in bad_tokens("ivy-1").items():
        async with connect(
            url, subprotocols=[Subprotocol("graphql-transport-ws")], proxy=None
        ) as ws:
            init = {"type": "connection_init", "payload": {"authorization": f"Bearer {token}"}}
            await ws.send(json.dumps(init))
            assert json.loads(await ws.recv())["type"] == "connection_ack"
            query = {"query": SUBSCRIBE_EVENTS, "variables": {"g": game_id}}
            await ws.send(json.dumps({"id": "1", "type": "subscribe", "payload": query}))
            message = json.loads(await asyncio.wait_for(ws.recv(), 30))
            assert message["type"] == "error", (why, message)
            extensions = message["payload"][0]["extensions"]
            assert extensions["code"] == "PLAYER_TOKEN_INVALID", (why, message)
            assert extensions["details"]["reason"] == why
