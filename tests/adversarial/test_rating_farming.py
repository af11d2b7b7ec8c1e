"""Ratings farmed with free accounts (issue 37; docs/security.md, "Ratings").

The break: ten times, a new service-issued player accepts a rated challenge and resigns at once,
without a move; the challenger went from 1500 to 2113 and first on the leaderboard in seconds,
from two addresses. Here the same, on one real server with the default limits and budgets
(rate limits and points on; the two addresses are two `X-Forwarded-For` values through a
trusted proxy, as behind a balancer), half of it through REST and half through GraphQL, and
the ratings and the leaderboard read on both doors:

* the farm: no game rates (the throwaways never moved), the challenger has no rating and is on
  no leaderboard once the ratings consumer has handled every one of the farm's game ends; a
  normal rated game played afterwards (both seats moved) still rates;
* the other ways to end a game before a seat moved: leaving after the start, and resigning at
  a later version (after the challenger's moves), on both doors (timeouts and stand-in moves:
  tests/api/test_ratings.py, whose replicas share a clock file);
* one pair, both moving, seven rated games in a day: the first five count, the others are held;
* ten throwaways that each play a move before resigning: real games, so the challenger is
  rated, but provisional, and so on no leaderboard (the rest of the risk: docs/security.md).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest

from tests.adversarial.conftest import ADMIN_TOKEN
from tests.api.ratings_feed import until_handled
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

PROXY = "127.0.0.2"
"""The balancer: the only peer whose `X-Forwarded-For` the server believes."""
FARM = ("203.0.113.7", "198.51.100.23")
"""The farmer's two addresses."""
DOORS = ("rest", "graphql")

NEW_PLAYER = "mutation { createPlayer { ... on PlayerToken { playerId token } ... on Rejected { code message } } }"
CHALLENGE = """mutation($invite: [String!]!) {
  createChallenge(invite: $invite, gameType: "trambahn", players: 2, rated: true) {
    ... on Challenge { challengeId status } ... on Rejected { code message }
  }
}"""
ACCEPT = """mutation($id: String!) {
  acceptChallenge(challengeId: $id) {
    ... on Challenge { status gameId seats } ... on Rejected { code message }
  }
}"""
RESIGN = """mutation($g: ID!, $s: Int!) {
  resign(gameId: $g, seat: $s) { ... on TableUpdated { version } ... on Rejected { code message } }
}"""
LEAVE = """mutation($g: ID!, $s: Int!) {
  leaveGame(gameId: $g, seat: $s) { ... on TableUpdated { version } ... on Rejected { code message } }
}"""
RATING = "gameType playerId rating mu sigma games rank provisional displayName"
RATINGS = f"query($p: String!) {{ playerRatings(playerId: $p) {{ {RATING} }} }}"
BOARD = f"""{{ leaderboard(gameType: "trambahn") {{ totalCount entries {{ {RATING} }} }} }}"""
HISTORY = """query($p: String!) {
  ratingHistory(playerId: $p, gameType: "trambahn") {
    totalCount entries { gameId place players rating change provisional }
  }
}"""


@pytest.fixture(scope="module")
def server(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """One server with the limits and budgets a user gets, behind a trusted balancer."""
    env = {
        "BOARDSTATE_RATE_LIMITS": "1",
        "BOARDSTATE_TRUSTED_PROXIES": PROXY,
        "BOARDSTATE_ADMIN_TOKEN": ADMIN_TOKEN,
    }
    with ServiceProcess(redis_server.url, env=env) as process:
        yield process


class Caller:
    """Requests from one client address (through the balancer)."""

    def __init__(self, url: str, address: str) -> None:
        transport = httpx.AsyncHTTPTransport(local_address=PROXY)
        headers = {"x-forwarded-for": address}
        self.http = httpx.AsyncClient(
            base_url=url, transport=transport, headers=headers, timeout=30, trust_env=False
        )

    async def send(self, method: str, path: str, token: str | None, **kw: Any) -> httpx.Response:
        """One request; a 429 is waited out as its `Retry-After` says, as a client should (the
        per-second request limits meet a client that moves as fast as the server answers)."""
        headers = {"authorization": f"Bearer {token}"} if token else {}
        for _ in range(30):
            answer = await self.http.request(method, path, headers=headers, **kw)
            if answer.status_code != 429:
                return answer
            await asyncio.sleep(float(answer.headers.get("retry-after", "1")))
        raise AssertionError(f"{method} {path}: still limited")

    async def rest(self, method: str, path: str, token: str | None = None, **kw: Any) -> Any:
        answer = await self.send(method, f"/v1{path}", token, **kw)
        assert answer.status_code < 300, (method, path, answer.status_code, answer.text)
        return answer.json()

    async def gql(self, query: str, token: str | None = None, **variables: Any) -> Any:
        body = {"query": query, "variables": variables}
        answer = await self.send("POST", "/graphql", token, json=body)
        found = answer.json()
        assert answer.status_code == 200, answer.text
        assert "errors" not in found, found
        return found["data"]

    async def close(self) -> None:
        await self.http.aclose()


@pytest.fixture
async def callers(server: ServiceProcess) -> AsyncIterator[list[Caller]]:
    others = ("192.0.2.10", "192.0.2.11", "203.0.113.8", "198.51.100.24")
    made = [Caller(server.url, address) for address in (*FARM, *others)]
    yield made
    for caller in made:
        await caller.close()


def result(data: dict[str, Any], field: str) -> Any:
    value = data[field]
    assert "code" not in value, value
    return value


async def new_player(caller: Caller, door: str) -> dict[str, str]:
    if door == "rest":
        made = await caller.rest("POST", "/players")
    else:
        made = result(await caller.gql(NEW_PLAYER), "createPlayer")
    return {"id": made["playerId"], "token": made["token"]}


SEATS: dict[tuple[str, str], int] = {}
"""(game id, player id) -> seat, as the accepted challenges said."""


async def challenge(caller: Caller, door: str, by: dict[str, str], to: dict[str, str]) -> str:
    """A rated Trambahn game of `by` against `to` (challenged, accepted); returns its id."""
    if door == "rest":
        body = {"invite": [to["id"]], "gameType": "trambahn", "players": 2, "rated": True}
        made = await caller.rest("POST", "/challenges", by["token"], json=body)
        path = f"/challenges/{made['challengeId']}/accept"
        accepted = await caller.rest("POST", path, to["token"])
    else:
        made = result(
            await caller.gql(CHALLENGE, by["token"], invite=[to["id"]]), "createChallenge"
        )
        accepted = result(
            await caller.gql(ACCEPT, to["token"], id=made["challengeId"]), "acceptChallenge"
        )
    assert accepted["status"] == "matched", accepted
    game_id = str(accepted["gameId"])
    SEATS[(game_id, by["id"])], SEATS[(game_id, to["id"])] = accepted["seats"]
    return game_id


async def end(caller: Caller, door: str, how: str, game_id: str, player: dict[str, str]) -> None:
    """`player` resigns (or leaves: after the start, the same) through `door`."""
    seat = SEATS[(game_id, player["id"])]
    if door == "rest":
        if how == "leave":
            await caller.rest("DELETE", f"/games/{game_id}/seats/{seat}", player["token"])
        else:
            await caller.rest("POST", f"/games/{game_id}/seats/{seat}/resign", player["token"])
        return
    done = await caller.gql(LEAVE if how == "leave" else RESIGN, player["token"], g=game_id, s=seat)
    result(done, "leaveGame" if how == "leave" else "resign")


async def move(caller: Caller, game_id: str, player: dict[str, str]) -> bool:
    """`player` plays its first legal move if it is to act; whether it did."""
    game = await caller.rest("GET", f"/games/{game_id}")
    seat = SEATS[(game_id, player["id"])]
    if game["status"] != "ACTIVE" or seat not in game["toAct"]:
        return False
    path = f"/games/{game_id}/legal-moves?seat={seat}"
    moves = (await caller.rest("GET", path, player["token"]))["moves"]
    body = {"seat": seat, "move": moves[0], "expectedVersion": game["version"]}
    await caller.rest("POST", f"/games/{game_id}/moves", player["token"], json=body)
    return True


async def both_move(caller: Caller, game_id: str, a: dict[str, str], b: dict[str, str]) -> None:
    """Plays until each of `a` and `b` has made a move of its own."""
    moved: set[str] = set()
    for _ in range(20):
        for player in (a, b):
            if await move(caller, game_id, player):
                moved.add(player["id"])
        if len(moved) == 2:
            return
    raise AssertionError(f"game {game_id}: not both moved")


async def ratings(caller: Caller, player: dict[str, str]) -> list[dict[str, Any]]:
    """The player's ratings, the same on both doors."""
    rest = (await caller.rest("GET", f"/players/{player['id']}/ratings"))["ratings"]
    graph = (await caller.gql(RATINGS, p=player["id"]))["playerRatings"]
    assert rest == graph
    return list(rest)


async def until_rated(caller: Caller, player: dict[str, str], games: int) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        found = (await caller.rest("GET", f"/players/{player['id']}/ratings"))["ratings"]
        if found and found[0]["games"] >= games:
            return dict(found[0])
        await asyncio.sleep(0.25)
    raise AssertionError(f"{player['id']} was not rated {games} times")


async def board(caller: Caller) -> list[dict[str, Any]]:
    """The Trambahn leaderboard, the same on both doors."""
    rest = await caller.rest("GET", "/ratings/trambahn/leaderboard")
    graph = (await caller.gql(BOARD))["leaderboard"]
    assert rest["entries"] == graph["entries"]
    assert rest["total"] == graph["totalCount"] == len(rest["entries"])
    return list(rest["entries"])


async def history(caller: Caller, player: dict[str, str]) -> list[dict[str, Any]]:
    rest = await caller.rest("GET", f"/players/{player['id']}/ratings/trambahn/history")
    graph = (await caller.gql(HISTORY, p=player["id"]))["ratingHistory"]
    assert rest["total"] == graph["totalCount"] == len(rest["entries"])
    assert [e["gameId"] for e in rest["entries"]] == [e["gameId"] for e in graph["entries"]]
    return list(rest["entries"])


async def honest_game(caller: Caller) -> tuple[dict[str, str], dict[str, str]]:
    """Two new players play a rated game in which both move; one resigns. Both get rated."""
    ann, bob = await new_player(caller, "rest"), await new_player(caller, "graphql")
    game_id = await challenge(caller, "rest", ann, bob)
    await both_move(caller, game_id, ann, bob)
    await end(caller, "graphql", "resign", game_id, bob)
    await until_rated(caller, ann, 1)
    await until_rated(caller, bob, 1)
    return ann, bob


async def test_ten_throwaway_accounts_resigning_at_once_rate_nobody(
    server: ServiceProcess, callers: list[Caller]
) -> None:
    farm = callers[:2]
    farmer = await new_player(farm[0], "rest")
    games = []
    for n in range(10):
        caller, door = farm[n % 2], DOORS[n % 2]
        throwaway = await new_player(caller, door)
        game_id = await challenge(caller, door, farmer, throwaway)
        await end(caller, door, "resign", game_id, throwaway)
        games.append(game_id)
    ann, bob = await honest_game(callers[2])
    await until_handled(server.redis_url, server.prefix, games)

    assert await ratings(callers[2], farmer) == []
    assert await history(callers[2], farmer) == []
    assert all(e["playerId"] != farmer["id"] for e in await board(callers[3]))
    for player, place in ((ann, 1), (bob, 2)):
        (mine,) = await ratings(callers[3], player)
        assert (mine["games"], mine["provisional"], mine["rank"]) == (1, True, None)
        (entry,) = await history(callers[3], player)
        assert (entry["place"], entry["players"], entry["provisional"]) == (place, 2, True)
    assert await board(callers[3]) == []  # one game each: both provisional, off the board


async def test_leaving_or_resigning_after_the_challengers_moves_rates_nobody(
    server: ServiceProcess, callers: list[Caller]
) -> None:
    caller = callers[1]
    farmer = await new_player(caller, "graphql")
    throwaways = [await new_player(caller, door) for door in DOORS]
    games = []
    for n, (door, how) in enumerate(
        [("rest", "leave"), ("graphql", "leave"), ("rest", "resign"), ("graphql", "resign")]
    ):
        throwaway = throwaways[n % 2]
        game_id = await challenge(caller, door, farmer, throwaway)
        while await move(caller, game_id, farmer):  # the farmer moves while it is to act
            pass
        await end(caller, door, how, game_id, throwaway)  # at whatever version that left
        games.append(game_id)
    await until_handled(server.redis_url, server.prefix, games)
    assert await ratings(callers[1], farmer) == []
    for throwaway in throwaways:
        assert await ratings(callers[1], throwaway) == []


async def test_one_pair_counts_five_rated_games_a_day(
    server: ServiceProcess, callers: list[Caller]
) -> None:
    caller = callers[3]
    ann, bob = await new_player(caller, "rest"), await new_player(caller, "graphql")
    games = []
    for n in range(7):
        game_id = await challenge(caller, DOORS[n % 2], ann, bob)
        await both_move(caller, game_id, ann, bob)
        await end(caller, DOORS[n % 2], "resign", game_id, bob)
        games.append(game_id)
    await until_handled(server.redis_url, server.prefix, games)
    mine = await history(caller, ann)
    assert [e["gameId"] for e in mine] == games[4::-1]  # newest first: the first five
    (rated,) = await ratings(caller, ann)
    assert rated["games"] == 5
    assert [e["gameId"] for e in await history(caller, bob)] == games[4::-1]


async def test_throwaways_that_move_once_leave_the_winner_provisional_and_off_the_board(
    callers: list[Caller],
) -> None:
    farm = callers[4:6]
    farmer = await new_player(farm[0], "graphql")
    for n in range(10):
        caller, door = farm[n % 2], DOORS[n % 2]
        throwaway = await new_player(caller, door)
        game_id = await challenge(caller, door, farmer, throwaway)
        await both_move(caller, game_id, farmer, throwaway)
        await end(caller, door, "resign", game_id, throwaway)
    rated = await until_rated(farm[1], farmer, 10)
    assert rated["rating"] > 2000  # ten real wins over newcomers
    (mine,) = await ratings(farm[1], farmer)
    assert (mine["games"], mine["provisional"], mine["rank"]) == (10, True, None)
    assert all(e["playerId"] != farmer["id"] for e in await board(farm[0]))
