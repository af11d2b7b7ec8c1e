"""Attacks on the seek pool (issue 37), on both doors, with the default limits and budgets.

* **Poisoning**: before, each seek looked at the 256 oldest seeks of its pool, so 260 seeks
  nobody could take (`ratingMin` above every rating), made by 52 throwaway players, hid every
  later seek of that pool: two compatible honest seekers both stayed `open`. Now the pool is
  indexed by what makes seeks compatible (`service/store/players/seek_index.py`): the honest pairs are
  matched whatever the pool holds.
* **Count**: one client address holds at most `BOARDSTATE_MAX_OPEN_SEEKS_PER_ADDRESS` (50)
  open seeks, however many players it makes (before: no bound but the points budget).
* **Identity of a retry**: an `Idempotency-Key` used again with another seek was answered with
  the first seek (201); now `IDEMPOTENCY_KEY_REUSED` (409), as a move's `moveId` is. A key
  longer than the header's `maxLength` (128) was taken; now `BAD_INPUT` (400).
* **Shape**: a rating range outside 0..4000, upside down or holding no whole rating is refused
  (REST 400 by the body's schema, else `BAD_MATCH_REQUEST`); before, ±10⁹ was taken.

The many addresses are a trusted proxy's `X-Forwarded-For` (tests/adversarial/
test_forwarded_for.py); no limit is relaxed.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest

from tests.adversarial.match_support import DOORS, TRUSTING, Door
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

POISON_ADDRESSES = 13
PLAYERS_PER_ADDRESS = 4
SEEKS_PER_PLAYER = 5  # BOARDSTATE_MAX_OPEN_SEEKS
ADDRESS_CAP = 50  # BOARDSTATE_MAX_OPEN_SEEKS_PER_ADDRESS


@pytest.fixture(scope="module")
def limited(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url, env=TRUSTING) as server:
        yield server


@pytest.fixture
async def http(limited: ServiceProcess) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=limited.url, trust_env=False, timeout=60) as client:
        yield client


def pool() -> dict[str, Any]:
    """Options no other test's seeks share."""
    return {"clock": {"perMoveSeconds": random.randint(1000, 1_000_000)}}


async def test_seeks_nobody_can_take_hide_no_compatible_seek(http: httpx.AsyncClient) -> None:
    options = pool()

    async def poison(i: int) -> list[dict[str, Any]]:
        door = Door(http, DOORS[i % 2], f"203.0.113.{i + 1}")
        made = []
        for _ in range(PLAYERS_PER_ADDRESS):
            _, token = await door.player()
            for _ in range(SEEKS_PER_PLAYER):  # above every rating: nobody can take it
                made.append(await door.seek(token, options, ratingMin=3000))
        return made

    seeks = [
        s for made in await asyncio.gather(*map(poison, range(POISON_ADDRESSES))) for s in made
    ]
    assert [s.get("status") for s in seeks] == ["open"] * 260, seeks[:3]
    for i, door_kind in enumerate(DOORS):  # two honest, compatible seekers on each door
        ann = Door(http, door_kind, f"198.51.100.{2 * i + 1}")
        bob = Door(http, door_kind, f"198.51.100.{2 * i + 2}")
        waiting = await ann.seek((await ann.player())[1], options)
        assert waiting["status"] == "open", waiting
        taking = await bob.seek((await bob.player())[1], options)
        assert taking["status"] == "matched", (door_kind, taking)  # before: "open"
        assert taking["gameId"]


async def test_open_seeks_are_capped_per_address(http: httpx.AsyncClient) -> None:
    doors = [Door(http, kind, "192.0.2.77") for kind in DOORS]
    answers = []
    for i in range(ADDRESS_CAP // SEEKS_PER_PLAYER + 1):
        door = doors[i % 2]
        # made elsewhere: one address signs up ten players a minute (test_signup_limits.py)
        _, token = await Door(http, door.kind, f"198.18.0.{i + 1}").player()
        for _ in range(SEEKS_PER_PLAYER):
            answers.append(await door.seek(token, pool()))  # each its own pool
    assert [a.get("status") for a in answers[:ADDRESS_CAP]] == ["open"] * ADDRESS_CAP
    for refused in answers[ADDRESS_CAP:]:  # before: open, without end
        assert refused["code"] == "TOO_MANY_SEEKS", refused
        assert refused["details"] == {"limit": ADDRESS_CAP, "scope": "address"}
        assert refused["http"] in (409, 200)
    elsewhere = Door(http, "rest", "192.0.2.78")  # another address is not affected
    assert (await elsewhere.seek((await elsewhere.player())[1], pool()))["status"] == "open"


@pytest.mark.parametrize("door_kind", DOORS)
async def test_a_key_used_again_for_another_seek_is_refused(
    http: httpx.AsyncClient, door_kind: str
) -> None:
    door = Door(http, door_kind, "192.0.2.90")
    _, token = await door.player()
    options = pool()
    first = await door.seek(token, options, key="k-1")
    assert first["status"] == "open"
    again = await door.seek(token, options, key="k-1")  # a retry: the same seek
    assert again["seekId"] == first["seekId"]
    other = await door.seek(token, options, key="k-1", ratingMax=1700)
    assert other["code"] == "IDEMPOTENCY_KEY_REUSED", other  # before: the first seek, 201
    assert other["http"] == (409 if door_kind == "rest" else 200)
    moved = await door.seek(token, pool(), key="k-1")
    assert moved["code"] == "IDEMPOTENCY_KEY_REUSED", moved
    assert (await door.seek(token, options, key="k-1"))["seekId"] == first["seekId"]


@pytest.mark.parametrize("door_kind", DOORS)
async def test_an_overlong_or_empty_key_is_refused(http: httpx.AsyncClient, door_kind: str) -> None:
    door = Door(http, door_kind, "192.0.2.91")
    _, token = await door.player()
    keys = ["k" * 129, "k" * 1000]
    if door_kind == "graphql":
        keys += ["", "tab\there"]  # a header cannot carry these
    for key in keys:
        refused = await door.seek(token, pool(), key=key)
        assert (refused["http"], refused["code"]) == (
            400 if door_kind == "rest" else 200,
            "BAD_INPUT",
        ), refused  # before: 201, a seek
    assert (await door.seek(token, pool(), key="k" * 128))["status"] == "open"


async def test_rating_ranges_are_bounded(http: httpx.AsyncClient) -> None:
    rest, graphql = (Door(http, kind, "192.0.2.92") for kind in DOORS)
    _, token = await rest.player()
    for bounds in ({"ratingMin": 5000}, {"ratingMax": -1}, {"ratingMin": 1e9}):
        refused = await rest.seek(token, pool(), **bounds)  # before: 201 up to ±1e9
        assert (refused["http"], refused["code"]) == (400, "BAD_REQUEST"), refused
        refused = await graphql.seek(token, pool(), **bounds)
        assert refused["code"] == "BAD_MATCH_REQUEST", refused
        assert refused["details"]["max"] == 4000
    for bounds in (
        {"ratingMin": 1600, "ratingMax": 1400},
        {"ratingMin": 1500.2, "ratingMax": 1500.8},
    ):
        for door in (rest, graphql):
            refused = await door.seek(token, pool(), **bounds)
            assert refused["code"] == "BAD_MATCH_REQUEST", refused
            assert refused["http"] == (422 if door is rest else 200)
    for door in (rest, graphql):
        assert (await door.seek(token, pool(), ratingMin=0, ratingMax=4000))["status"] == "open"
