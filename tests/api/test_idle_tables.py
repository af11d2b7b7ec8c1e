"""Tables nobody sits at end, and unstarted games stop churning (issue 27), on a real service
process and real Redis; time moves by writing the time file (`BOARDSTATE_TIME_SOURCE=file:`).

* A clocked 4-player TF22 Mine game (`max_rounds: 200`, 1 s per move, stand-ins on timeout)
  whose players never move ends ABANDONED with `endedBy: "idle"` once every seat has timed out
  `BOARDSTATE_IDLE_TIMEOUTS` (default 3) times in a row, with a few dozen events instead of
  thousands; its exported log verifies (and imports), a forged early idle end does not.
* A table where one person keeps playing does not end so; when that person resigns, the next
  timeout ends it.
* An OPEN game records at most `BOARDSTATE_OPEN_SEAT_CHANGES` (default 4) × players joins and
  leaves: a leave over that is `QUOTA_EXCEEDED` (`scope: seatChanges`) on both doors, while the
  game can still be filled and start.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import pytest

from boardstate.service.history.log_format import write_log
from boardstate.service.history.verify import verify_log
from boardstate.service.log import record_model
from boardstate.service.store import StoredEvent
from tests.api.history import import_log
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess
from tests.api.table_clock import ADMIN, Clock, table_env
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis]

K = 3
IDLE = {
    "gameType": "tf22-mine",
    "players": 4,
    "seats": ["a", "b", "c", "d"],
    "options": {"max_rounds": 200, "clock": {"perMoveSeconds": 1, "onTimeout": "stand-in"}},
}
CREATE = """
mutation($t: ID!, $p: Int!, $o: JSON, $s: [String!]) {
  createGame(gameType: $t, players: $p, options: $o, seats: $s) {
    __typename ... on GameCreated { game { id } tokens { seat token } }
  }
}"""
GAME = "query($g: ID!) { game(id: $g) { status version result { winners scores details } } }"
JOIN = """
mutation($g: ID!, $n: String!, $s: Int) {
  joinGame(gameId: $g, name: $n, seat: $s) {
    __typename ... on SeatJoined { seat token } ... on Rejected { code message details }
  }
}"""
LEAVE = """
mutation($g: ID!, $s: Int!) {
  leaveGame(gameId: $g, seat: $s) {
    __typename ... on TableUpdated { version } ... on Rejected { code message details }
  }
}"""


@pytest.fixture(scope="module")
def clock() -> Clock:
    return Clock()


@pytest.fixture(scope="module")
def service(redis_server: RedisServer, clock: Clock) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url, env=table_env(clock)) as process:
        yield process


@pytest.fixture
async def rest(service: ServiceProcess) -> AsyncIterator[Rest]:
    client = Rest(service.url)
    yield client
    await client.http.aclose()


async def gql(rest: Rest, query: str, token: str | None = None, **variables: Any) -> Any:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    response = await rest.http.post(
        "/graphql", json={"query": query, "variables": variables}, headers=headers
    )
    assert response.status_code == 200, response.text
    body = response.json()
    assert "errors" not in body, body
    return body["data"]


async def until(look: Callable[[], Awaitable[Any]], done: Callable[[Any], bool], nudge: Any) -> Any:
    """Looks until `done` (between looks `nudge()`), within a generous bound."""
    deadline = time.monotonic() + 120
    while True:
        seen = await look()
        if done(seen):
            return seen
        assert time.monotonic() < deadline, f"not done: {seen}"
        nudge()
        await asyncio.sleep(0.05)


def newer(game: Any) -> Callable[[Any], bool]:
    """Whether a look at the game sees a later version than `game`."""
    version = int(game["version"])
    return lambda seen: int(seen["version"]) > version


def forged_early_end(log: list[StoredEvent]) -> list[StoredEvent]:
    """The log cut after its first `TimedOut` and ended there as if idle, every stateHash
    recomputed with the revealed seed (a forger's best effort)."""
    seed = str(log[-1].data["seed"])
    cut = next(i for i, e in enumerate(log) if e.type == "TimedOut") + 1
    events = [*log[:cut], dataclasses.replace(log[-1], version=cut + 1)]
    record = record_model.start_record("forged", events[0], seed)
    out = [events[0]]
    for event in events[1:]:
        record = record_model.apply(record, event)
        out.append(dataclasses.replace(event, state_hash=record.state_hash()))
    return out


async def check_idle_log(rest: Rest, service: ServiceProcess, game_id: str) -> None:
    log = await rest.stored_log(game_id)
    assert len(log) < 150  # against thousands of stand-in events before the rule
    assert log[0].data["table"]["idleTimeouts"] == K
    assert (log[-2].type, log[-1].type) == ("TimedOut", "GameEnded")
    timeouts = [e.seat for e in log if e.type == "TimedOut"]
    assert min(timeouts.count(seat) for seat in range(4)) == K
    report = verify_log(log)
    assert report.ok, report.failure
    assert report.complete
    genuine = await import_log(service.url, write_log(log), ADMIN)
    assert genuine.status_code == 201, genuine.text
    forged = forged_early_end(log)
    assert not verify_log(forged).ok
    refused = await import_log(service.url, write_log(forged), ADMIN)
    assert refused.status_code == 422
    assert refused.json()["error"]["code"] == "LOG_UNVERIFIED", refused.text


@pytest.mark.parametrize("door", ["rest", "graphql"])
async def test_a_table_nobody_sits_at_ends_idle_after_k_rounds_of_timeouts(
    rest: Rest, service: ServiceProcess, clock: Clock, door: str
) -> None:
    if door == "rest":
        game_id = (await rest.ok("POST", "/games", json=IDLE))["game"]["id"]

        async def look() -> Any:
            return await rest.ok("GET", f"/games/{game_id}")
    else:
        variables: dict[str, Any] = {
            "t": IDLE["gameType"],
            "p": 4,
            "o": IDLE["options"],
            "s": IDLE["seats"],
        }
        created = (await gql(rest, CREATE, **variables))["createGame"]
        game_id = created["game"]["id"]

        async def look() -> Any:
            return (await gql(rest, GAME, g=game_id))["game"]

    game = await until(look, lambda g: g["status"] != "ACTIVE", lambda: clock.advance(2))
    assert game["status"] == "ABANDONED"
    assert game["result"]["winners"] == []
    assert game["result"]["scores"] == [0, 0, 0, 0]
    details = game["result"]["details"]
    assert (details["endedBy"], details["idleTimeouts"]) == ("idle", K)
    await check_idle_log(rest, service, game_id)


async def test_a_table_where_one_person_plays_does_not_end_idle_until_they_leave(
    rest: Rest, service: ServiceProcess, clock: Clock
) -> None:
    created = await rest.ok("POST", "/games", json=IDLE)
    game_id, token = created["game"]["id"], created["tokens"][0]["token"]
    deadline = time.monotonic() + 120
    while True:
        game = await rest.ok("GET", f"/games/{game_id}")
        assert game["status"] == "ACTIVE", game["result"]
        others = [game["seats"][s]["timeouts"] for s in (1, 2, 3)]
        if min(others) >= 2 * K:
            break
        assert time.monotonic() < deadline, f"the others timed out {others} times"
        if 0 in game["toAct"]:  # seat 0 moves before its clock can run out
            moves = await rest.legal_moves(game_id, 0, token)
            assert moves, game
            await rest.move(game_id, 0, moves[0], token, expectedVersion=game["version"])
            continue
        clock.advance(2)
        await until(lambda: rest.ok("GET", f"/games/{game_id}"), newer(game), lambda: None)
    assert game["seats"][0]["timeouts"] == 0
    # The one person who played resigns; at the next timeout nobody is left at the table.
    await rest.ok("POST", f"/games/{game_id}/seats/0/resign", token)
    game = await until(
        lambda: rest.ok("GET", f"/games/{game_id}"),
        lambda g: g["status"] != "ACTIVE",
        lambda: clock.advance(2),
    )
    assert game["status"] == "ABANDONED"
    assert game["result"]["details"]["endedBy"] == "idle"
    assert game["result"]["details"]["resigned"] == [0]
    report = verify_log(await rest.stored_log(game_id))
    assert report.ok, report.failure


@pytest.mark.parametrize("door", ["rest", "graphql"])
async def test_an_open_game_stops_churning_joins_and_leaves_but_can_still_start(
    rest: Rest, door: str
) -> None:
    players, per_seat = 3, 4  # BOARDSTATE_OPEN_SEAT_CHANGES's default
    limit = players * per_seat
    created = await rest.ok("POST", "/games", json={"gameType": "trekking", "players": players})
    game_id = created["game"]["id"]
    await rest.ok("POST", f"/games/{game_id}/seats", json={"name": "host", "seat": 0})

    async def join() -> str:
        if door == "rest":
            body = {"name": "guest", "seat": 1}
            joined: str = (await rest.ok("POST", f"/games/{game_id}/seats", json=body))["token"]
            return joined
        answer = (await gql(rest, JOIN, g=game_id, n="guest", s=1))["joinGame"]
        assert answer["__typename"] == "SeatJoined", answer
        return str(answer["token"])

    async def leave(token: str) -> dict[str, Any]:
        if door == "rest":
            response = await rest.request("DELETE", f"/games/{game_id}/seats/1", token)
            if response.status_code == 200:
                return {"ok": True}
            assert response.status_code == 429, response.text
            problem: dict[str, Any] = response.json()
            return problem
        answer = (await gql(rest, LEAVE, token, g=game_id, s=1))["leaveGame"]
        return {"ok": True} if answer["__typename"] == "TableUpdated" else answer

    leaves = 0
    for _ in range(limit):
        token = await join()
        answer = await leave(token)
        if "ok" not in answer:
            break
        leaves += 1
    assert answer["code"] == "QUOTA_EXCEEDED"
    assert answer["details"] == {"limit": limit, "scope": "seatChanges"}
    # Each leave costs two changes (it, and the join that fills the seat again): the host's
    # join and the three joins the game still needs fit in what is left.
    assert leaves == (limit - players) // 2
    game = await rest.ok("GET", f"/games/{game_id}")
    assert game["status"] == "OPEN"
    assert game["seats"][1]["joined"]  # the refused leave left the guest seated
    await rest.ok("POST", f"/games/{game_id}/seats", json={"name": "last", "seat": 2})
    game = await rest.ok("GET", f"/games/{game_id}")
    assert game["status"] == "ACTIVE"
    log = await rest.stored_log(game_id)
    assert sum(e.type in ("SeatJoined", "SeatLeft") for e in log) <= limit
