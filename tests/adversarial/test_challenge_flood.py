"""Attacks on challenges (issue 37), on both doors, with the default limits and budgets.

* **Count**: 976 challenges reached one player in 7 s. Now a player is invited to at most
  `BOARDSTATE_MAX_CHALLENGES_RECEIVED` (50) open challenges, a player makes at most
  `BOARDSTATE_MAX_OPEN_CHALLENGES` (10), an address `BOARDSTATE_MAX_OPEN_CHALLENGES_PER_ADDRESS`
  (50): `TOO_MANY_CHALLENGES` (409) past them, nothing stored.
* **Work**: `GET /v1/challenges` was one point for the whole list (0.18 s of CPU with 976), 30
  GraphQL aliases 19 points. Now the list is paged (`limit`/`cursor`, `first`/`after`) and each
  item of a page is charged, on both doors, as the other lists are.
* **Size**: a challenge to a made-up playerId created a 4.8 KB inbox kept 30 days. Now only a
  player the service knows may be invited (`PLAYER_NOT_FOUND`, 404), and nothing is written.
* **Identity**: another player's challenge was 404 on GET but 403 on accept (an existence
  oracle). Now a stranger gets the answer a missing id gets, on every operation.

The many addresses are a trusted proxy's `X-Forwarded-For`; no limit is relaxed.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import time
from collections.abc import AsyncIterator, Iterator

import httpx
import jwt
import pytest
import redis

from tests.adversarial.match_support import DOORS, TRUSTING, Door
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

FIELDS = ["challengeId", "challenger", "invited", "accepted", "gameType", "players"]
FIELDS += ["options", "rated", "bots", "status"]
RECEIVED = 50  # BOARDSTATE_MAX_CHALLENGES_RECEIVED
MADE = 10  # BOARDSTATE_MAX_OPEN_CHALLENGES
ADDRESS_CAP = 50  # BOARDSTATE_MAX_OPEN_CHALLENGES_PER_ADDRESS


@pytest.fixture(scope="module")
def limited(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url, env=TRUSTING) as server:
        yield server


@pytest.fixture
async def http(limited: ServiceProcess) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=limited.url, trust_env=False, timeout=60) as client:
        yield client


async def test_a_flood_of_challenges_to_one_player_is_capped_paged_and_priced(
    http: httpx.AsyncClient,
) -> None:
    victim = Door(http, "rest", "198.51.100.50")
    victim_id, victim_token = await victim.player()

    async def flood(i: int) -> list[dict[str, object]]:
        door = Door(http, DOORS[i % 2], f"203.0.113.{100 + i}")
        answers = []
        for _ in range(3):
            _, token = await door.player()
            answers += [await door.challenge(token, victim_id) for _ in range(MADE)]
        return answers

    answers = [a for made in await asyncio.gather(*map(flood, range(3))) for a in made]
    opened = [a for a in answers if a.get("status") == "open"]
    refused = [a for a in answers if "status" not in a]
    assert len(opened) == RECEIVED, len(opened)  # before: all 90
    assert len(refused) == len(answers) - RECEIVED
    for answer in refused:
        assert answer["code"] == "TOO_MANY_CHALLENGES", answer
        assert answer["details"] == {"limit": RECEIVED, "scope": "invited", "playerId": victim_id}
    # the victim reads them a page at a time, oldest first, every one once, on both doors
    for door in (victim, Door(http, "graphql", "198.51.100.50")):
        seen: list[str] = []
        after = None
        while True:
            ids, after, total = await door.page(victim_token, 20, after)
            assert len(ids) <= 20
            assert total == RECEIVED
            seen += ids
            if after is None:
                break
        assert sorted(seen) == sorted(str(a["challengeId"]) for a in opened)
        assert len(seen) == len(set(seen))


async def test_a_challenger_and_an_address_hold_a_bounded_number_of_open_challenges(
    http: httpx.AsyncClient,
) -> None:
    """The two caps the flood above never reaches: one player's open challenges (`made`, 10)
    and one address's (`address`, 50), on both doors; a cancelled challenge frees its place,
    and another address is not affected. Before: open, without end."""
    address = "198.51.100.95"
    doors = [Door(http, kind, address) for kind in DOORS]
    # the players are signed up elsewhere (one address signs up ten players a minute) and
    # invited in turns, so that no one is invited to more than the 50 open challenges a
    # player may be invited to
    players = [await Door(http, "rest", f"198.18.1.{i + 1}").player() for i in range(9)]
    invited = [player_id for player_id, _ in players[6:]]
    turn = iter(range(1000))

    async def challenge(token: str, door: Door | None = None) -> dict[str, object]:
        n = next(turn)
        return await (door or doors[n % 2]).challenge(token, invited[n % len(invited)])

    _, ann = players[0]
    made = [await challenge(ann) for _ in range(MADE)]
    assert [m.get("status") for m in made] == ["open"] * MADE, made
    for door in doors:
        refused = await challenge(ann, door)
        assert (refused.get("code"), refused.get("details")) == (
            "TOO_MANY_CHALLENGES",
            {"limit": MADE, "scope": "made"},
        ), refused
        assert refused["http"] == (409 if door.kind == "rest" else 200)
    cancelled = await doors[1].answer(ann, str(made[0]["challengeId"]), "cancel")
    assert cancelled["status"] == "cancelled", cancelled
    assert (await challenge(ann))["status"] == "open"  # its place is free again
    for _, token in players[1:5]:  # 10 + 4 x 10: the address's 50
        opened = [await challenge(token) for _ in range(MADE)]
        assert [o.get("status") for o in opened] == ["open"] * MADE, opened
    _, last = players[5]
    for door in doors:
        refused = await challenge(last, door)
        assert (refused.get("code"), refused.get("details")) == (
            "TOO_MANY_CHALLENGES",
            {"limit": ADDRESS_CAP, "scope": "address"},
        ), refused
    elsewhere = Door(http, "graphql", "198.51.100.96")
    assert (await challenge(last, elsewhere))["status"] == "open"


def used(response: httpx.Response) -> int:
    return int(response.headers["x-ratelimit-used"])


async def test_a_page_costs_its_items(http: httpx.AsyncClient) -> None:
    door = Door(http, "rest", "198.51.100.60")
    _, token = await door.player()
    headers = door.headers(token)
    charges = []
    for limit in (1, 100, 1):
        before = await http.get("/v1/challenges", params={"limit": 0}, headers=headers)
        after = await http.get("/v1/challenges", params={"limit": limit}, headers=headers)
        assert after.status_code == 200, after.text
        charges.append(used(after) - used(before))
    assert charges[0] == charges[2] == 1
    assert charges[1] == 22  # a page of 100: 60 + 100 x 21 plain reads (before: 1 point)
    # GraphQL: a page costs its items too (`rateLimit { cost }`: this operation's points) ...
    priced = "{ challenges(first: 100) { edges { node { challengeId } } } rateLimit { cost } }"
    answer = await http.post("/graphql", json={"query": priced}, headers=headers)
    assert answer.json()["data"]["rateLimit"]["cost"] == 4  # 60 + 100 x 3
    # ... so 30 aliases of full pages (10 fields each) cost 30 pages (before: 19 points, 5.4 s)
    fields = " ".join(FIELDS)
    pages = " ".join(f"c{i}: challenges {{ edges {{ node {{ {fields} }} }} }}" for i in range(30))
    charged = await http.post(
        "/graphql", json={"query": f"{{ {pages} rateLimit {{ cost }} }}"}, headers=headers
    )
    assert charged.json()["data"]["rateLimit"]["cost"] == 378  # 30 x (60 + 100 x 12) / 100


@pytest.mark.parametrize("door_kind", DOORS)
async def test_a_challenge_to_a_made_up_player_is_refused_and_writes_nothing(
    http: httpx.AsyncClient, limited: ServiceProcess, redis_server: RedisServer, door_kind: str
) -> None:
    door = Door(http, door_kind, "198.51.100.70")
    _, token = await door.player()
    made_up = f"p_madeUp{door_kind}0123456"
    refused = await door.challenge(token, made_up)
    assert refused["code"] == "PLAYER_NOT_FOUND", refused  # before: 201, and an inbox
    assert refused["http"] == (404 if door_kind == "rest" else 200)
    assert refused["details"] == {"playerId": made_up}
    digest = hashlib.sha256(made_up.encode()).hexdigest()[:32]
    client = redis.Redis.from_url(redis_server.url)
    try:
        assert list(client.scan_iter(f"{limited.prefix}:{{player:{digest}}}*")) == []
    finally:
        client.close()
    real, _ = await door.player()  # a player the service issued is known at once
    assert (await door.challenge(token, real))["status"] == "open"


@pytest.mark.parametrize("door_kind", DOORS)
async def test_a_strangers_challenge_is_answered_as_a_missing_one(
    http: httpx.AsyncClient, door_kind: str
) -> None:
    door = Door(http, door_kind, "198.51.100.80")
    (_, ann), (bob_id, bob), (_, eve) = [await door.player() for _ in range(3)]
    open_one = (await door.challenge(ann, bob_id))["challengeId"]
    closed = (await door.challenge(ann, bob_id))["challengeId"]
    assert (await door.answer(bob, closed, "decline"))["status"] == "declined"
    missing = "c_" + "A" * 16

    async def answers(challenge_id: str) -> list[tuple[object, ...]]:
        found = [await door.one(eve, challenge_id)]
        found += [await door.answer(eve, challenge_id, a) for a in ("accept", "decline", "cancel")]
        return [
            (a.get("http"), a.get("code"), str(a.get("message", "")).replace(challenge_id, "ID"))
            for a in found
        ]

    expected = await answers(missing)
    assert {code for _, code, _ in expected} == {"CHALLENGE_NOT_FOUND"}
    assert await answers(open_one) == expected  # before: 403 NOT_CHALLENGED on accept
    assert await answers(closed) == expected  # before: 403 / 409 CHALLENGE_CLOSED
    assert (await door.one(bob, open_one))["status"] == "open"  # untouched


SECRET = b"the integrator's secret of issue 37, 32+ bytes long"
JWKS = {"keys": [{"kty": "oct", "kid": "k37", "alg": "HS256", "k": ""}]}
JWKS["keys"][0]["k"] = base64.urlsafe_b64encode(SECRET).rstrip(b"=").decode()


@pytest.fixture(scope="module")
def short_lived(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """Challenges that expire after 2 s (not a limit: a life), and an integrator's key."""
    env = TRUSTING | {"BOARDSTATE_CHALLENGE_TTL": "2", "BOARDSTATE_PLAYER_JWKS": json.dumps(JWKS)}
    with ServiceProcess(redis_server.url, env=env) as server:
        yield server


def held(redis_server: RedisServer, service: ServiceProcess) -> dict[str, int]:
    """How many entries the challenge lists and counts hold (`bs:{mm}:invites`, `:holds`)."""
    client = redis.Redis.from_url(redis_server.url)
    try:
        return {n: client.zcard(f"{service.prefix}:{{mm}}:{n}") for n in ("invites", "holds")}
    finally:
        client.close()


async def test_expired_challenges_leave_the_lists_when_they_expire(
    short_lived: ServiceProcess, redis_server: RedisServer
) -> None:
    async with httpx.AsyncClient(base_url=short_lived.url, trust_env=False, timeout=60) as http:
        doors = [Door(http, kind, "198.51.100.90") for kind in DOORS]
        (_, ann), (bob_id, bob) = [await doors[0].player() for _ in range(2)]
        made = [await doors[i % 2].challenge(ann, bob_id) for i in range(MADE)]
        assert [m["status"] for m in made] == ["open"] * MADE
        assert held(redis_server, short_lived)["invites"] == 2 * MADE  # listed under both
        for _ in range(300):  # their life is 2 s; wait for the last one generously
            if (await doors[0].one(bob, made[-1]["challengeId"]))["status"] == "expired":
                break
            await asyncio.sleep(0.1)
        for door in doors:  # a list meets none of them: gone from the index, not skipped
            assert await door.page(bob, 100) == ([], None, 0)
        assert held(redis_server, short_lived) == {"invites": 0, "holds": 0}  # before: 20, an hour
        for challenge in made:  # still readable by id, as expired
            assert (await doors[1].one(ann, challenge["challengeId"]))["status"] == "expired"
        again = await doors[1].challenge(ann, bob_id)  # the caps count open ones only
        assert again["status"] == "open", again


async def test_an_integrators_player_is_known_once_its_token_was_verified(
    short_lived: ServiceProcess,
) -> None:
    now = int(time.time())
    claims = {"sub": "user-37", "aud": "boardstate", "exp": now + 600}
    user = jwt.encode(claims, SECRET, "HS256", headers={"kid": "k37"})
    async with httpx.AsyncClient(base_url=short_lived.url, trust_env=False, timeout=60) as http:
        doors = [Door(http, kind, "198.51.100.91") for kind in DOORS]
        _, ann = await doors[0].player()
        for door in doors:  # never seen: unknown, whatever the integrator knows
            refused = await door.challenge(ann, "user-37")
            assert refused["code"] == "PLAYER_NOT_FOUND", refused
        me = await http.get("/v1/players/me", headers=doors[0].headers(user))
        assert me.json()["playerId"] == "user-37"  # verified once: known from now on
        made = [await door.challenge(ann, "user-37") for door in doors]
        assert [m.get("status") for m in made] == ["open", "open"], made
        listed, _, _ = await doors[1].page(user, 10)
        assert listed == [m["challengeId"] for m in made]
