"""Stream caps per client address (issue 27), on a real service and real Redis, every door.

The red team filled the whole process cap (1,000 streams) from one address with seat tokens of
games it created itself (8 streams per token), and then everyone else got 503; feed streams
counted against no cap at all. Now every stream counts against the address it was opened from,
whatever token it uses: with the default caps one address holds at most 32 streams of any kind
(game events over REST, a websocket and graphql-sse; the feed over REST and a websocket), the
next is `TOO_MANY_STREAMS` with `scope: address` on every door, and another address is still
served. Feed streams have a process cap of their own as well.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterator

import pytest

from tests.adversarial.conftest import ADMIN_TOKEN
from tests.adversarial.stream_support import DOORS, Refused, live, open_counts, refusal
from tests.api.client import Api
from tests.api.server import ServiceProcess
from tests.api.webhook_support import until
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

ATTACKER = "203.0.113.7"
HONEST = "198.51.100.20"
PER_ADDRESS = 32
"""`BOARDSTATE_MAX_STREAMS_PER_ADDRESS`'s default, far below the process's 1,000."""
PER_TOKEN = 8


@pytest.fixture(scope="module")
def limited(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """Default caps and rate limits, trusting 127.0.0.1 as its proxy."""
    env = {
        "BOARDSTATE_ADMIN_TOKEN": ADMIN_TOKEN,
        "BOARDSTATE_RATE_LIMITS": "1",
        "BOARDSTATE_TRUSTED_PROXIES": "127.0.0.1",
        "BOARDSTATE_WEBHOOK_POLL_MS": "50",
    }
    with ServiceProcess(redis_server.url, env=env) as server:
        yield server


async def games_of(service: ServiceProcess, address: str, count: int) -> list[tuple[str, str]]:
    """`count` games created from `address`: (game id, seat token) for each seat."""
    api = Api(service.url)
    api.http.headers["x-forwarded-for"] = address
    try:
        seats = []
        for _ in range(count):
            game_id, tokens = await api.new_game()
            seats += [(game_id, token) for token in tokens]
        return seats
    finally:
        await api.close()


async def drained(service: ServiceProcess) -> None:
    async def closed() -> bool:
        return await open_counts(service) == (0, 0)

    await until(closed, seconds=60, what="every stream to give its slot back")


async def test_one_address_with_many_seat_tokens_cannot_exceed_its_cap(
    limited: ServiceProcess,
) -> None:
    seats = await games_of(limited, ATTACKER, 5)  # 10 seat tokens: room for 80 by token
    honest_game, honest_token = (await games_of(limited, HONEST, 1))[0]
    doors = itertools.cycle(DOORS)
    async with contextlib.AsyncExitStack() as held:
        for game_id, token in seats[: PER_ADDRESS // PER_TOKEN]:
            for _ in range(PER_TOKEN):
                await held.enter_async_context(live(limited, next(doors), game_id, token, ATTACKER))
        kinds = [DOORS[i % len(DOORS)].endswith("feed") for i in range(PER_ADDRESS)]
        assert await open_counts(limited) == (kinds.count(False), kinds.count(True))
        fresh_game, fresh_token = seats[-1]  # a token that holds nothing yet
        for door in DOORS:
            refused = await refusal(limited, door, fresh_game, fresh_token, ATTACKER)
            assert (refused.code, refused.scope, refused.limit) == (
                "TOO_MANY_STREAMS",
                "address",
                PER_ADDRESS,
            )
            assert refused.status in (None, 429)  # 429 on REST; a GraphQL error elsewhere
        with pytest.raises(Refused) as admin:  # the admin token does not lift it either
            async with live(limited, "rest-feed", fresh_game, ADMIN_TOKEN, ATTACKER):
                pass
        assert (admin.value.status, admin.value.scope) == (429, "address")
        # Another address is served on every door, with its seat token and as a spectator.
        for door in DOORS:
            async with live(limited, door, honest_game, honest_token, HONEST):
                pass
        async with live(limited, "rest", fresh_game, None, HONEST):
            pass
    await drained(limited)


@pytest.fixture(scope="module")
def feeds(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """Three feed streams per process, two streams per address."""
    env = {
        "BOARDSTATE_ADMIN_TOKEN": ADMIN_TOKEN,
        "BOARDSTATE_TRUSTED_PROXIES": "127.0.0.1",
        "BOARDSTATE_MAX_FEED_STREAMS": "3",
        "BOARDSTATE_MAX_STREAMS_PER_ADDRESS": "2",
        "BOARDSTATE_WEBHOOK_POLL_MS": "50",
    }
    with ServiceProcess(redis_server.url, env=env) as server:
        yield server


async def test_feed_streams_are_capped_per_address_and_per_process(feeds: ServiceProcess) -> None:
    game_id, _ = (await games_of(feeds, "192.0.2.1", 1))[0]
    async with contextlib.AsyncExitStack() as held:
        for door in ("rest-feed", "ws-feed"):
            await held.enter_async_context(live(feeds, door, game_id, ADMIN_TOKEN, "192.0.2.1"))
        for door, token in (("rest-feed", ADMIN_TOKEN), ("ws-feed", ADMIN_TOKEN), ("rest", None)):
            refused = await refusal(feeds, door, game_id, token, "192.0.2.1")
            assert (refused.code, refused.scope, refused.limit) == (
                "TOO_MANY_STREAMS",
                "address",
                2,
            )
        await held.enter_async_context(live(feeds, "ws-feed", game_id, ADMIN_TOKEN, "192.0.2.2"))
        assert await open_counts(feeds) == (0, 3)
        for door in ("rest-feed", "ws-feed"):
            refused = await refusal(feeds, door, game_id, ADMIN_TOKEN, "192.0.2.3")
            assert (refused.code, refused.scope, refused.limit) == ("TOO_MANY_STREAMS", "feed", 3)
            assert refused.status in (None, 503)  # the replica is full: 503 on REST
        # The feed's cap leaves game streams alone.
        for door in ("rest", "ws", "graphql-sse"):
            async with live(feeds, door, game_id, None, "192.0.2.3"):
                pass
    await drained(feeds)
