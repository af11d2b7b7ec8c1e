"""Nobody fills another player's stream or game list by writing their playerId (issue 37, item 6;
docs/players.md, "Members and names"), on a real service with the default limits and budgets.

The attack of issue 37: games created "for" a player (`playerIds` naming them) by anyone at all,
unrated, on both doors, pushed junk events into that player's capped stream and junk games into
their list, and their player token then acted for those seats. Here an attacker writes a
victim's playerId every way the API takes one: `createGame` / `POST /v1/games` anonymously, with
a seat token of another game, with their own player token beside their own id; `joinGame` /
`POST /v1/games/{id}/seats` anonymously and with a seat token; then plays the junk games. The
victim's stream (SSE and the GraphQL subscription) holds only the events of the game the
victim joined, their list (REST and GraphQL) only that game, and the victim's token acts for no
junk seat on REST, GraphQL or the command socket. The names stay what they were for the
integrator: on the feed, with `member: false`. The integrator's ways of seating players (the
admin token, a player's own token, matchmaking) still make memberships; a seat kept for a member
is taken only on that member's word; a rematch does not turn a name into a membership.

Also here, the smaller breaks of the same surfaces: a player-stream position in the future is a
typed 400 / GraphQL error on both doors (as a game stream's position past its log is), and the
feed answers an unknown bearer 401 `UNAUTHORIZED`, as every other route does.
"""

from __future__ import annotations

import asyncio
import base64
import json
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import jwt
import pytest

from tests.api.client import GraphQLErrors, subscription
from tests.api.server import ServiceProcess
from tests.api.socket_support import RawSocket
from tests.api.sse_client import open_stream
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

ADMIN = "memberships-admin-token-0123456789"
SECRET = b"the integrator's shared secret, 32 bytes or more"
KID = "accounts-1"
CREATE = """mutation($ids: [String], $seats: [String!]) {
  createGame(gameType: "trambahn", players: 2, seats: $seats, playerIds: $ids) {
    __typename ... on GameCreated { game { id } tokens { seat token } } ... on Rejected { code } } }"""
JOIN = """mutation($g: ID!, $p: String, $s: Int) { joinGame(gameId: $g, name: "x", playerId: $p,
  seat: $s) { __typename ... on SeatJoined { seat token } ... on Rejected { code } } }"""
SUBMIT = """mutation($g: ID!, $s: Int!, $m: JSON!) { submitMove(gameId: $g, seat: $s, move: $m) {
  __typename ... on Rejected { code } } }"""
MY_GAMES = "query { me { games { totalCount edges { node { id } } } } }"
EVENTS = "subscription($a: String) { playerEvents(after: $a) { id kind data } }"
FEED = 'subscription { feed(after: "0") { position } }'


def integrator_token(sub: str) -> str:
    now = int(time.time())
    claims = {"sub": sub, "aud": "boardstate", "iat": now, "exp": now + 600}
    return jwt.encode(claims, SECRET, "HS256", headers={"kid": KID})


def bearer(token: str | None) -> dict[str, str]:
    return {} if token is None else {"authorization": f"Bearer {token}"}


@pytest.fixture(scope="module")
def service(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """Default limits and budgets (rate limits on), an admin token and an integrator key."""
    k = base64.urlsafe_b64encode(SECRET).rstrip(b"=").decode()
    jwks = {"keys": [{"kty": "oct", "kid": KID, "alg": "HS256", "k": k}]}
    env = {
        "BOARDSTATE_RATE_LIMITS": "1",
        "BOARDSTATE_ADMIN_TOKEN": ADMIN,
        "BOARDSTATE_PLAYER_JWKS": json.dumps(jwks),
    }
    with ServiceProcess(redis_server.url, env=env) as process:
        yield process


@pytest.fixture
async def http(service: ServiceProcess) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=service.url, timeout=30, trust_env=False) as client:
        yield client


async def polite(http: httpx.AsyncClient, method: str, path: str, **kw: Any) -> httpx.Response:
    """One request, sent again after `Retry-After` while the rate limits say 429 (a client
    that keeps to the default limits, as an honest one does)."""
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


async def gql(http: httpx.AsyncClient, query: str, token: str | None = None, **v: Any) -> Any:
    answer = await polite(
        http, "POST", "/graphql", json={"query": query, "variables": v}, headers=bearer(token)
    )
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert not body.get("errors"), body
    return body["data"]


async def rest_create(
    http: httpx.AsyncClient, ids: list[str | None], token: str | None = None, seats: bool = True
) -> dict[str, Any]:
    body: dict[str, Any] = {"gameType": "trambahn", "players": 2, "playerIds": ids}
    if seats:
        body["seats"] = ["x", "y"]
    answer = await polite(http, "POST", "/v1/games", json=body, headers=bearer(token))
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


async def play(http: httpx.AsyncClient, game_id: str, tokens: list[str], moves: int) -> None:
    """`moves` moves by whoever is to act, with the seat tokens."""
    for _ in range(moves):
        game = (await polite(http, "GET", f"/v1/games/{game_id}")).json()
        if game["status"] != "ACTIVE":
            return
        seat = game["toAct"][0]
        legal = await polite(
            http,
            "GET",
            f"/v1/games/{game_id}/legal-moves",
            params={"seat": seat},
            headers=bearer(tokens[seat]),
        )
        answer = await polite(
            http,
            "POST",
            f"/v1/games/{game_id}/moves",
            json={"seat": seat, "move": legal.json()["moves"][0]},
            headers=bearer(tokens[seat]),
        )
        assert answer.status_code == 201, answer.text


async def on_the_feed(service: ServiceProcess, game_ids: set[str]) -> dict[str, list[Any]]:
    """Reads the feed (admin) from its start until each game of `game_ids` has started on it;
    returns each game's seats as its `game.started` told them."""
    seats: dict[str, list[Any]] = {}
    async with open_stream(service.url, "/v1/feed/stream?after=0", bearer(ADMIN)) as stream:
        while not game_ids <= set(seats):
            message = await stream.next(wait=60)
            assert message is not None
            body = message.json()
            if body["type"] == "game.started":
                seats[body["data"]["gameId"]] = body["data"]["seats"]
    return seats


async def test_names_written_by_others_fill_nothing_of_the_player_on_any_door(
    service: ServiceProcess, http: httpx.AsyncClient
) -> None:
    victim = (await polite(http, "POST", "/v1/players")).json()
    mallory = (await polite(http, "POST", "/v1/players")).json()
    me = victim["playerId"]
    # The victim's one real game: created with the victim's own token.
    real = await rest_create(http, [me, None], victim["token"])
    real_id, real_tokens = real["game"]["id"], [t["token"] for t in real["tokens"]]
    # The attack, on both doors, every way a playerId is written.
    junk: list[tuple[str, list[str]]] = []
    for _ in range(4):
        made = await rest_create(http, [me, None])
        junk.append((made["game"]["id"], [t["token"] for t in made["tokens"]]))
        made = (await gql(http, CREATE, ids=[None, me], seats=["x", "y"]))["createGame"]
        assert made["__typename"] == "GameCreated", made
        junk.append((made["game"]["id"], [t["token"] for t in made["tokens"]]))
    made = await rest_create(http, [me, None], token=junk[0][1][0])  # a seat token's word
    junk.append((made["game"]["id"], [t["token"] for t in made["tokens"]]))
    made = await rest_create(http, [mallory["playerId"], me], token=mallory["token"])
    junk.append((made["game"]["id"], [t["token"] for t in made["tokens"]]))
    for door, joiner in (("rest", None), ("graphql", None), ("rest", junk[1][1][0])):
        game_id = (await rest_create(http, [None, None], seats=False))["game"]["id"]
        if door == "rest":
            path = f"/v1/games/{game_id}/seats"
            body = {"name": "x", "playerId": me, "seat": 0}
            taken = await polite(http, "POST", path, json=body, headers=bearer(joiner))
            assert taken.status_code == 201, taken.text
            first = taken.json()["token"]
        else:
            joined = (await gql(http, JOIN, g=game_id, p=me, s=0))["joinGame"]
            assert joined["__typename"] == "SeatJoined", joined
            first = joined["token"]
        other = await polite(http, "POST", f"/v1/games/{game_id}/seats", json={"name": "y"})
        junk.append((game_id, [first, other.json()["token"]]))
    # Naming the victim with another player's token is refused outright (as before).
    named = await polite(
        http,
        "POST",
        f"/v1/games/{junk[-1][0]}/seats",
        json={"name": "z", "playerId": me},
        headers=bearer(mallory["token"]),
    )
    assert named.status_code in (401, 409), named.text
    for game_id, tokens in junk:
        await play(http, game_id, tokens, 3)
    # Every junk announcement is on the feed before the sentinel below (the fan-out reads the
    # feed in order: once the sentinel reaches the victim, every junk game has been handled).
    told = await on_the_feed(service, {g for g, _ in junk} | {real_id})
    # A sentinel after every junk announcement: the real game ends.
    resigned = await polite(
        http, "POST", f"/v1/games/{real_id}/seats/1/resign", headers=bearer(real_tokens[1])
    )
    assert resigned.status_code == 200, resigned.text
    async with open_stream(
        service.url, "/v1/players/me/stream?after=0", bearer(victim["token"])
    ) as s:
        seen: list[dict[str, Any]] = []
        while not seen or seen[-1]["kind"] != "game.ended":
            message = await s.next(wait=60)
            assert message is not None
            seen.append(message.json())
    assert {e["data"]["gameId"] for e in seen} == {real_id}, seen
    query = (EVENTS, "playerEvents", {"a": "0"})
    async with subscription(service.ws_url, "", payload=bearer(victim["token"]), query=query) as ev:
        nodes = await ev.take(len(seen), wait=60)
    assert [n["id"] for n in nodes] == [e["id"] for e in seen]
    listed = (
        await polite(http, "GET", "/v1/players/me/games", headers=bearer(victim["token"]))
    ).json()
    assert [g["id"] for g in listed["items"]] == [real_id]
    mine = (await gql(http, MY_GAMES, victim["token"]))["me"]["games"]
    assert (mine["totalCount"], [e["node"]["id"] for e in mine["edges"]]) == (1, [real_id])
    # The victim's token acts for none of the seats written with its id, on any door.
    for game_id, _ in junk:
        for seat in (0, 1):
            answer = await polite(
                http,
                "GET",
                f"/v1/games/{game_id}/legal-moves",
                params={"seat": seat},
                headers=bearer(victim["token"]),
            )
            assert (answer.status_code, answer.json()["code"]) == (401, "UNAUTHORIZED")
    game_id = junk[0][0]
    refused = (await gql(http, SUBMIT, victim["token"], g=game_id, s=0, m={}))["submitMove"]
    assert refused == {"__typename": "Rejected", "code": "UNAUTHORIZED"}
    socket = await RawSocket(service.port, victim["token"]).open()
    try:
        told_socket = await polite_call(
            socket, {"type": "legalMoves", "gameId": game_id, "seat": 0}
        )
    finally:
        await socket.close()
    assert (told_socket["type"], told_socket["code"]) == ("error", "UNAUTHORIZED"), told_socket
    # The names are still the integrator's labels, on the feed, marked as names.
    for game_id, _ in junk:
        victim_seats = [s.get("member") for s in told[game_id] if s["playerId"] == me]
        assert victim_seats == [False], told[game_id]
    assert [s.get("member") for s in told[real_id]] == [True, False]


async def test_the_integrators_ways_still_seat_members_and_a_kept_seat_keeps_its_member(
    service: ServiceProcess, http: httpx.AsyncClient
) -> None:
    ann, bob = f"ann-{time.time_ns()}", f"bob-{time.time_ns()}"
    ann_token, bob_token = integrator_token(ann), integrator_token(bob)
    # The integrator's backend (the admin token) seats both: both are members.
    both = await rest_create(http, [ann, bob], ADMIN)
    game_id = both["game"]["id"]
    seat = both["game"]["toAct"][0]
    acting = ann_token if seat == 0 else bob_token
    answer = await polite(
        http,
        "GET",
        f"/v1/games/{game_id}/legal-moves",
        params={"seat": seat},
        headers=bearer(acting),
    )
    assert answer.status_code == 200, answer.text
    # A seat kept for a member is taken only on that member's word.
    kept = (await rest_create(http, [ann, None], ADMIN, seats=False))["game"]["id"]
    path = f"/v1/games/{kept}/seats"
    for headers, body, code in (
        ({}, {"name": "eve", "seat": 0}, "UNAUTHORIZED"),
        (bearer(bob_token), {"name": "bob", "seat": 0}, "BAD_NAME"),
        (bearer(ADMIN), {"name": "eve", "seat": 0, "playerId": "eve"}, "BAD_NAME"),
    ):
        refused = await polite(http, "POST", path, json=body, headers=headers)
        assert refused.json()["code"] == code, (body, refused.text)
    joined = (await gql(http, JOIN, ann_token, g=kept, s=0))["joinGame"]
    assert joined == {"__typename": "SeatJoined", "seat": 0, "token": joined["token"]}
    assert (
        await polite(http, "POST", path, json={"name": "kim"}, headers=bearer(bob_token))
    ).status_code == 201
    told = await on_the_feed(service, {game_id, kept})
    assert [s["member"] for s in told[game_id]] == [True, True]
    assert [(s["playerId"], s["member"]) for s in told[kept]] == [(ann, True), (bob, True)]
    # A rematch seats the old game's members, never a name someone wrote.
    named = await rest_create(http, [bob, None])
    old_id, old_tokens = named["game"]["id"], [t["token"] for t in named["tokens"]]
    await polite(http, "POST", f"/v1/games/{old_id}/seats/0/resign", headers=bearer(old_tokens[0]))
    for token in old_tokens:
        asked = await polite(http, "POST", f"/v1/games/{old_id}/rematch", headers=bearer(token))
        assert asked.status_code in (200, 201), asked.text
    new_id = asked.json()["gameId"]
    again = await on_the_feed(service, {new_id})
    assert all(s["playerId"] is None for s in again[new_id]), again[new_id]
    new_game = (await polite(http, "GET", f"/v1/games/{new_id}")).json()
    for seat in range(2):
        answer = await polite(
            http,
            "GET",
            f"/v1/games/{new_id}/legal-moves",
            params={"seat": seat},
            headers=bearer(bob_token),
        )
        assert answer.status_code == 401, (new_game, answer.text)


async def test_a_player_stream_position_in_the_future_is_refused_on_both_doors(
    service: ServiceProcess, http: httpx.AsyncClient
) -> None:
    player = (await polite(http, "POST", "/v1/players")).json()
    auth = bearer(player["token"])
    future = f"{int(time.time() * 1000) + 10 * 86_400_000}-0"
    for path, headers in (
        (f"/v1/players/me/stream?after={future}", auth),
        ("/v1/players/me/stream", auth | {"last-event-id": future}),
    ):
        async with open_stream(service.url, path, headers) as stream:
            answer = stream.response
            assert answer.status_code == 400, (path, headers)  # not a stream waiting for ever
            body = json.loads(await answer.aread())
        assert body["code"] == "BAD_FEED_FILTER", body
        assert answer.headers["content-type"].startswith("application/problem+json")
    query = (EVENTS, "playerEvents", {"a": future})
    async with subscription(service.ws_url, "", payload=auth, query=query) as events:
        with pytest.raises(GraphQLErrors) as refused:
            await events.next(wait=30)
    assert refused.value.codes == ["BAD_FEED_FILTER"]
    document = f'subscription {{ playerEvents(after: "{future}") {{ id }} }}'
    answer = await polite(
        http,
        "POST",
        "/graphql",
        json={"query": document},
        headers=auth | {"accept": "text/event-stream"},
    )
    assert '"code":"BAD_FEED_FILTER"' in answer.text.replace(" ", ""), answer.text
    assert "event: complete" in answer.text
    # A position in the past, after the newest event (nothing is kept yet): it reads on.
    async with open_stream(service.url, "/v1/players/me/stream?after=1000-0", auth) as stream:
        assert stream.response.status_code == 200


async def test_the_feed_answers_an_unknown_bearer_401_on_both_doors(
    service: ServiceProcess, http: httpx.AsyncClient
) -> None:
    game = await rest_create(http, [None, None])
    seat_token = game["tokens"][0]["token"]
    for token in ("a-random-bearer-0123456789", seat_token):
        answer = await polite(http, "GET", "/v1/feed/stream", headers=bearer(token))
        assert (answer.status_code, answer.json()["code"]) == (401, "UNAUTHORIZED"), answer.text
        assert answer.headers["content-type"].startswith("application/problem+json")
        async with subscription(
            service.ws_url, "", payload=bearer(token), query=(FEED, "feed", {})
        ) as ev:
            with pytest.raises(GraphQLErrors) as refused:
                await ev.next(wait=30)
        assert refused.value.codes == ["UNAUTHORIZED"]
    own = f"/v1/feed/stream?gameId={game['game']['id']}&after=0"
    async with open_stream(service.url, own, bearer(seat_token)) as stream:
        assert stream.response.status_code == 200  # its own game, as before
    await asyncio.sleep(0)
