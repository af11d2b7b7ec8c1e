"""Player tokens are retired and revoked, on two replicas sharing one Redis (issue 37, item 7;
docs/players.md, "Refresh, revoke"; docs/security.md, "Players"), with the default limits and
budgets and the default overlap (60 s).

The break of issue 37: 20 refreshes left 21 valid tokens, and a player could not revoke a stolen
one. Here:

* a chain of 20 refreshes, alternating replicas, leaves exactly two valid tokens: the newest and
  the one it replaced (inside its overlap); every older one is refused on both replicas with
  `PLAYER_TOKEN_INVALID`, reason `revoked`, and refreshing it again is refused too;
* ten refreshes of one token at once, half on each replica (a client retrying, or a thief
  racing the owner), all answer tokens of one generation: the next refresh retires the token
  they came from at once, so no chain forks;
* `revokePlayerTokens` (GraphQL) and `POST /v1/players/me/tokens/revoke` (REST) answer typed
  results, and at once every older token is refused on every surface of both replicas: REST,
  GraphQL over HTTP, the GraphQL websocket, the command socket (`hello`, and a socket opened
  before), the player's stream (opening it, and one open since before: it ends); the fresh
  token works; a revocation needs a player token (typed refusals);
* an integrator's token is revoked by its `iat`: signed before the revocation (or without
  `iat`) refused, signed after it accepted;
* an expiry after January 2038 (`exp` > 2^31) is read on both doors.
"""

from __future__ import annotations

import asyncio
import base64
import calendar
import contextlib
import json
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import jwt
import pytest
from websockets.exceptions import InvalidStatus

from tests.api.client import GraphQLErrors, subscription
from tests.api.server import ServiceProcess, unique_prefix
from tests.api.socket_support import RawSocket
from tests.api.sse_client import open_stream
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

ADMIN = "token-lifecycle-admin-token-0123456789"
SECRET = b"the integrator's shared secret, 32 bytes or more"
KID = "accounts-1"
ME = "query { me { playerId expiresAt issuedByService } }"
REFRESH = """mutation { refreshPlayerToken { __typename
  ... on PlayerToken { playerId token expiresAt } ... on Rejected { code details } } }"""
REVOKE = """mutation { revokePlayerTokens { __typename
  ... on PlayerTokensRevoked { playerId revokedAt token expiresAt }
  ... on Rejected { code details } } }"""
EVENTS = "subscription($a: String) { playerEvents(after: $a) { id kind } }"
STREAM = "/v1/players/me/stream?after=0"


def integrator_token(sub: str, **over: Any) -> str:
    now = int(time.time())
    claims = {"sub": sub, "aud": "boardstate", "iat": now, "exp": now + 600} | over
    claims = {k: v for k, v in claims.items() if v is not None}
    return jwt.encode(claims, SECRET, "HS256", headers={"kid": KID})


def bearer(token: str | None) -> dict[str, str]:
    return {} if token is None else {"authorization": f"Bearer {token}"}


@pytest.fixture(scope="module")
def replicas(redis_server: RedisServer) -> Iterator[list[ServiceProcess]]:
    """Two replicas, one Redis, the default limits and budgets."""
    k = base64.urlsafe_b64encode(SECRET).rstrip(b"=").decode()
    jwks = {"keys": [{"kty": "oct", "kid": KID, "alg": "HS256", "k": k}]}
    env = {
        "BOARDSTATE_RATE_LIMITS": "1",
        "BOARDSTATE_ADMIN_TOKEN": ADMIN,
        "BOARDSTATE_PLAYER_JWKS": json.dumps(jwks),
    }
    prefix = unique_prefix()
    pair = ServiceProcess.start_together(
        *(ServiceProcess(redis_server.url, prefix, env) for _ in range(2))
    )
    yield pair
    for process in pair:
        process.stop()


@pytest.fixture
async def http(replicas: list[ServiceProcess]) -> AsyncIterator[list[httpx.AsyncClient]]:
    clients = [httpx.AsyncClient(base_url=r.url, timeout=30, trust_env=False) for r in replicas]
    yield clients
    for client in clients:
        await client.aclose()


async def polite(http: httpx.AsyncClient, method: str, path: str, **kw: Any) -> httpx.Response:
    """One request, sent again after `Retry-After` while the rate limits answer 429."""
    for _ in range(30):
        answer = await http.request(method, path, **kw)
        if answer.status_code != 429:
            return answer
        await asyncio.sleep(float(answer.headers.get("retry-after", "1")))
    raise AssertionError(f"{method} {path}: still rate-limited")


async def polite_call(socket: RawSocket, message: dict[str, Any]) -> dict[str, Any]:
    """One command-socket operation, sent again after its `retryAfter` while it is refused
    `RATE_LIMITED` (a client that keeps to the default limits)."""
    for _ in range(30):
        answer = await socket.call(message)
        if answer.get("code") != "RATE_LIMITED":
            return answer
        await asyncio.sleep(float(answer["details"].get("retryAfter", 1)))
    raise AssertionError(f"{message}: still rate-limited")


async def opened_politely(stack: contextlib.AsyncExitStack, open_one: Any) -> Any:
    """Opens a stream (`open_one()`: an async context manager, entered on `stack`) again after
    `Retry-After` while the rate limits refuse it, whichever way its door says so: a 429, or a
    subscription's first message `RATE_LIMITED`, or a refused websocket handshake."""
    for _ in range(30):
        inner = contextlib.AsyncExitStack()
        try:
            opened = await inner.enter_async_context(open_one())
            wait = await _refused_for(opened)
        except InvalidStatus as refused:  # a websocket handshake answered 429
            if refused.response.status_code != 429:
                raise
            wait = 1.0
        if wait is None:
            stack.push_async_exit(inner)
            return opened
        await inner.aclose()
        await asyncio.sleep(wait)
    raise AssertionError("still rate-limited")


async def _refused_for(opened: Any) -> float | None:
    """How long to wait before opening `opened` again (None: it is open)."""
    response = getattr(opened, "response", None)
    if response is not None:
        return (
            float(response.headers.get("retry-after", "1")) if response.status_code == 429 else None
        )
    try:
        first = await opened.next(wait=60)
    except GraphQLErrors as refused:
        if refused.codes != ["RATE_LIMITED"]:
            raise
        return 1.0
    opened.queue.put_nowait(first)  # read again by the test
    return None


async def socket_politely(port: int, token: str) -> RawSocket:
    """A command socket opened with `token`, again after a second while its handshake is 429."""
    for _ in range(30):
        try:
            return await RawSocket(port, token).open()
        except InvalidStatus as refused:
            if refused.response.status_code != 429:
                raise
            await asyncio.sleep(1)
    raise AssertionError("still rate-limited")


async def gql(http: httpx.AsyncClient, query: str, token: str | None) -> Any:
    answer = await polite(http, "POST", "/graphql", json={"query": query}, headers=bearer(token))
    return answer.status_code, answer.json()


async def refused_everywhere(http: list[httpx.AsyncClient], token: str) -> None:
    """`token` is refused as revoked on both replicas, both doors."""
    for client in http:
        answer = await polite(client, "GET", "/v1/players/me", headers=bearer(token))
        assert answer.status_code == 401, answer.text
        assert (answer.json()["code"], answer.json()["details"]["reason"]) == (
            "PLAYER_TOKEN_INVALID",
            "revoked",
        )
        status, body = await gql(client, ME, token)
        assert status == 401, body
        extensions = body["errors"][0]["extensions"]
        assert (extensions["code"], extensions["details"]["reason"]) == (
            "PLAYER_TOKEN_INVALID",
            "revoked",
        )


async def valid(client: httpx.AsyncClient, token: str) -> bool:
    answer = await polite(client, "GET", "/v1/players/me", headers=bearer(token))
    assert answer.status_code in (200, 401), answer.text
    return answer.status_code == 200


async def until_refused(events: Any) -> None:
    """Reads a subscription's events until it reports an error (raised)."""
    while await events.next(wait=60) is not None:
        pass


def generation(token: str) -> int:
    return int(jwt.decode(token, options={"verify_signature": False}).get("gen", 0))


async def test_a_chain_of_refreshes_leaves_two_valid_tokens_not_twenty_one(
    http: list[httpx.AsyncClient],
) -> None:
    tokens = [(await polite(http[0], "POST", "/v1/players")).json()["token"]]
    for i in range(20):
        client = http[i % 2]
        answer = await polite(client, "POST", "/v1/players/me/token", headers=bearer(tokens[-1]))
        assert answer.status_code == 201, answer.text
        tokens.append(answer.json()["token"])
    on_each = [[await valid(client, token) for token in tokens] for client in http]
    assert on_each[0] == on_each[1] == [False] * 19 + [True, True]
    await refused_everywhere(http, tokens[0])
    again = await polite(http[1], "POST", "/v1/players/me/token", headers=bearer(tokens[5]))
    assert (again.status_code, again.json()["details"]["reason"]) == (401, "revoked")
    status, body = await gql(http[0], REFRESH, tokens[10])
    assert status == 401, body  # the gate refuses it before the mutation runs


async def test_refreshes_of_one_token_racing_on_two_replicas_do_not_fork_the_chain(
    http: list[httpx.AsyncClient],
) -> None:
    first = (await polite(http[0], "POST", "/v1/players")).json()["token"]
    answers = await asyncio.gather(
        *(
            polite(http[i % 2], "POST", "/v1/players/me/token", headers=bearer(first))
            for i in range(10)
        )
    )
    assert [a.status_code for a in answers] == [201] * 10, [a.text for a in answers]
    siblings = [a.json()["token"] for a in answers]
    assert {generation(t) for t in siblings} == {1}
    newest = await polite(http[1], "POST", "/v1/players/me/token", headers=bearer(siblings[3]))
    assert generation(newest.json()["token"]) == 2
    assert not await valid(http[0], first)  # two generations back: retired at once
    assert all([await valid(http[i % 2], t) for i, t in enumerate(siblings)])  # the overlap
    late = await polite(http[0], "POST", "/v1/players/me/token", headers=bearer(first))
    assert (late.status_code, late.json()["details"]["reason"]) == (401, "revoked")


async def test_a_revocation_refuses_every_older_token_on_every_surface_of_both_replicas(
    http: list[httpx.AsyncClient], replicas: list[ServiceProcess]
) -> None:
    made = (await polite(http[0], "POST", "/v1/players")).json()
    player, stolen = made["playerId"], made["token"]
    kept = (await polite(http[1], "POST", "/v1/players/me/token", headers=bearer(stolen))).json()
    body = {
        "gameType": "trambahn",
        "players": 2,
        "seats": ["me", "them"],
        "playerIds": [player, None],
    }
    game = (await polite(http[0], "POST", "/v1/games", json=body, headers=bearer(stolen))).json()
    game_id = game["game"]["id"]
    # Opened before the revocation, with the stolen token: a stream, a subscription, a socket.
    socket = await socket_politely(replicas[1].port, stolen)
    query: tuple[str, str, dict[str, Any]] = (EVENTS, "playerEvents", {"a": "0"})
    async with contextlib.AsyncExitStack() as stack:
        stream = await opened_politely(
            stack, lambda: open_stream(replicas[0].url, STREAM, bearer(stolen))
        )
        events = await opened_politely(
            stack, lambda: subscription(replicas[1].ws_url, "", payload=bearer(stolen), query=query)
        )
        assert stream.response.status_code == 200
        status, answer = await gql(http[1], REVOKE, kept["token"])
        assert status == 200, answer
        done = answer["data"]["revokePlayerTokens"]
        assert done["__typename"] == "PlayerTokensRevoked", done
        assert done["playerId"] == player
        fresh = done["token"]
        assert generation(fresh) == generation(kept["token"]) + 1
        for token in (stolen, kept["token"]):
            await refused_everywhere(http, token)
        assert await valid(http[0], fresh)
        # The stream and the subscription opened before end (each re-checks its token).
        while (message := await stream.next(wait=60, comments=True)) is not None:
            last = message
        assert last.comment is not None
        assert last.comment.startswith("closed: PLAYER_TOKEN_INVALID (revoked)"), last
        with pytest.raises(GraphQLErrors) as ended:
            await until_refused(events)
        assert ended.value.codes == ["PLAYER_TOKEN_INVALID"], ended.value.args
    try:
        move = await polite_call(socket, {"type": "legalMoves", "gameId": game_id, "seat": 0})
        assert (move["type"], move["code"]) == ("error", "PLAYER_TOKEN_INVALID"), move
        assert move["details"]["reason"] == "revoked"
    finally:
        await socket.close()
    # Presented anew: refused on the command socket, the GraphQL socket, the player stream.
    again = await RawSocket(replicas[0].port, stolen).open()
    assert await again.closed(30) == 1008
    errors = [m for m in again.received if m["type"] == "error"]
    assert [(e["code"], e["details"]["reason"]) for e in errors] == [
        ("PLAYER_TOKEN_INVALID", "revoked")
    ]
    query = (EVENTS, "playerEvents", {"a": None})
    async with subscription(replicas[0].ws_url, "", payload=bearer(stolen), query=query) as ws:
        with pytest.raises(GraphQLErrors) as refused:
            await ws.next(wait=30)
    assert refused.value.codes == ["PLAYER_TOKEN_INVALID"]
    opened = await polite(http[1], "GET", "/v1/players/me/stream", headers=bearer(stolen))
    assert (opened.status_code, opened.json()["details"]["reason"]) == (401, "revoked")
    # The REST door answers the same, and a revocation needs a player token.
    done = await polite(http[1], "POST", "/v1/players/me/tokens/revoke", headers=bearer(fresh))
    assert done.status_code == 200, done.text
    assert set(done.json()) == {"playerId", "revokedAt", "token", "expiresAt"}
    await refused_everywhere(http, fresh)
    assert await valid(http[1], done.json()["token"])
    seat_token = game["tokens"][0]["token"]
    for token, code in ((None, "PLAYER_TOKEN_REQUIRED"), (seat_token, "PLAYER_TOKEN_INVALID")):
        answer = await polite(
            http[0], "POST", "/v1/players/me/tokens/revoke", headers=bearer(token)
        )
        assert (answer.status_code, answer.json()["code"]) == (401, code)
        status, body = await gql(http[1], REVOKE, token)
        assert body["data"]["revokePlayerTokens"]["code"] == code, body


async def test_an_integrators_tokens_are_revoked_by_their_iat(
    http: list[httpx.AsyncClient],
) -> None:
    player = f"acct-{time.time_ns()}"
    before = integrator_token(player, iat=int(time.time()) - 5)
    no_iat = integrator_token(player, iat=None)
    assert await valid(http[0], before)
    assert await valid(http[1], no_iat)
    answer = await polite(http[0], "POST", "/v1/players/me/tokens/revoke", headers=bearer(before))
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert (body["token"], body["expiresAt"]) == (None, None)  # its backend signs the next
    for token in (before, no_iat):
        await refused_everywhere(http, token)
    revoked_at = calendar.timegm(time.strptime(body["revokedAt"], "%Y-%m-%dT%H:%M:%SZ"))
    after = integrator_token(player, iat=revoked_at + 1)
    assert await valid(http[1], after)
    _, me = await gql(http[0], ME, after)
    assert me["data"]["me"]["playerId"] == player


async def test_an_expiry_after_2038_is_read_on_both_doors(
    http: list[httpx.AsyncClient],
) -> None:
    late = 2**31 + 10**7  # 2038-05
    token = integrator_token(f"late-{time.time_ns()}", exp=late)
    status, body = await gql(http[0], ME, token)
    assert (status, body.get("errors")) == (200, None), body
    assert body["data"]["me"]["expiresAt"] == late
    answer = await polite(http[1], "GET", "/v1/players/me", headers=bearer(token))
    assert answer.json()["expiresAt"] == late
