"""Games that never end (issue 27), on a real service process and real Redis.

The attack: clocked 4-player TF22 Mine games with `max_rounds: 0` whose players never move (the
stand-ins play on at every timeout), or games of bots only with no bound, grew Redis for ever
(10,200 events in 90 s). Now such options are refused at creation on both doors
(`BAD_OPTIONS`, `details.reason: "unbounded"`), and every game is bounded in events: at its cap
(here a small `BOARDSTATE_MAX_GAME_EVENTS`) it ends ABANDONED with `endedBy: "limit"`, whether
people, bots or the steward's stand-ins made the events. Time moves by writing the time file.
"""

from __future__ import annotations

import asyncio
import dataclasses
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from boardstate.service.history.verify import verify_log
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis]

CAP = 60
ENDLESS = {"max_rounds": 0}
CLOCK = {"perMoveSeconds": 1}
CREATE = """
mutation($t: ID!, $p: Int!, $o: JSON, $s: [String!], $b: [BotSeatInput!]) {
  createGame(gameType: $t, players: $p, options: $o, seats: $s, bots: $b) {
    __typename
    ... on GameCreated { game { id } tokens { seat token } }
    ... on Rejected { code message details }
  }
}"""
SUBMIT = """
mutation($g: ID!, $s: Int!, $m: JSON!) {
  submitMove(gameId: $g, seat: $s, move: $m) { __typename ... on Rejected { code message } }
}"""
GAME = """
query($g: ID!, $s: Int!) {
  game(id: $g) { status version toAct legalMoves(seat: $s) result { winners details } }
}"""


class Clock:
    """The time file the service reads (`BOARDSTATE_TIME_SOURCE=file:`)."""

    def __init__(self) -> None:
        self.path = Path(tempfile.mkstemp(prefix="bs-time-")[1])
        self.now = time.time() - 3600
        self.path.write_text(f"{self.now:.3f}")

    def advance(self, seconds: float) -> None:
        self.now += seconds
        self.path.write_text(f"{self.now:.3f}")


@pytest.fixture(scope="module")
def clock() -> Clock:
    return Clock()


@pytest.fixture(scope="module")
def service(redis_server: RedisServer, clock: Clock) -> Iterator[ServiceProcess]:
    env = {
        "BOARDSTATE_MAX_GAME_EVENTS": str(CAP),
        "BOARDSTATE_IDLE_TIMEOUTS": "0",  # the cap alone (idle tables: test_abandoned_tables)
        "BOARDSTATE_STEWARD_POLL_MS": "50",
        "BOARDSTATE_TIME_SOURCE": f"file:{clock.path}",
    }
    with ServiceProcess(redis_server.url, env=env) as process:
        yield process


@pytest.fixture
async def rest(service: ServiceProcess) -> AsyncIterator[Rest]:
    client = Rest(service.url)
    yield client
    await client.http.aclose()


async def _gql(rest: Rest, query: str, token: str | None = None, **variables: Any) -> Any:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    response = await rest.http.post(
        "/graphql", json={"query": query, "variables": variables}, headers=headers
    )
    assert response.status_code == 200, response.text
    body = response.json()
    assert "errors" not in body, body
    return body["data"]


async def _until_over(rest: Rest, game_id: str, nudge: Any = None) -> dict[str, Any]:
    """The game once it is no longer ACTIVE (`nudge` runs between looks; generous bound)."""
    deadline = time.monotonic() + 120
    while True:
        game: dict[str, Any] = await rest.ok("GET", f"/games/{game_id}")
        if game["status"] != "ACTIVE":
            return game
        assert time.monotonic() < deadline, f"still ACTIVE at version {game['version']}"
        if nudge is not None:
            nudge()
        await asyncio.sleep(0.05)


async def _ended_by_the_limit(rest: Rest, game: dict[str, Any]) -> None:
    assert game["status"] == "ABANDONED"
    assert game["result"]["winners"] == []
    details = game["result"]["details"]
    assert (details["endedBy"], details["eventLimit"]) == ("limit", CAP)
    log = await rest.stored_log(game["id"])
    assert log[-1].type == "GameEnded"
    assert [e.type for e in log].count("GameEnded") == 1
    assert CAP < len(log) <= CAP + 16  # the last group that reached the cap, then GameEnded
    report = verify_log(log)  # the limit's end verifies: the log shows the limit was reached
    assert report.ok, report.failure
    assert report.complete
    forged = dataclasses.replace(
        log[-1], data={**log[-1].data, "details": {**details, "eventLimit": len(log)}}
    )
    assert not verify_log([*log[:-1], forged]).ok  # a limit the log never reached


@pytest.mark.parametrize(
    "body",
    [
        {"players": 4, "seats": ["a", "b", "c", "d"], "options": {**ENDLESS, "clock": CLOCK}},
        {"players": 4, "bots": [{"seat": s, "policy": "random"} for s in range(4)]},
        {"players": 2, "seats": ["a"], "bots": [{"seat": 1, "policy": "search"}]},
    ],
    ids=["clock-and-stand-ins", "bots-only", "a-bot-seat"],
)
async def test_options_without_an_end_are_refused_with_bots_or_a_clock_on_both_doors(
    rest: Rest, body: dict[str, Any]
) -> None:
    body = {"gameType": "tf22-mine", "options": ENDLESS, **body}
    listed = "/games?gameType=tf22-mine&limit=100"
    before = [g["id"] for g in (await rest.ok("GET", listed))["items"]]
    refused = await rest.request("POST", "/games", json=body)
    assert refused.status_code == 422
    problem = refused.json()
    assert problem["code"] == "BAD_OPTIONS"
    assert problem["details"]["reason"] == "unbounded"
    assert problem["details"]["options"] == ["max_rounds"]
    variables = {
        "t": "tf22-mine",
        "p": body["players"],
        "o": body["options"],
        "s": body.get("seats"),
        "b": body.get("bots"),
    }
    rejected = (await _gql(rest, CREATE, **variables))["createGame"]
    assert (rejected["__typename"], rejected["code"]) == ("Rejected", "BAD_OPTIONS")
    assert rejected["details"]["reason"] == "unbounded"
    # Nothing was stored for either refusal; the same options with people alone are a game.
    assert [g["id"] for g in (await rest.ok("GET", listed))["items"]] == before
    people = {"gameType": "tf22-mine", "players": 2, "seats": ["a", "b"], "options": ENDLESS}
    created = await rest.ok("POST", "/games", json=people)
    assert created["game"]["maxGameLength"] is None


async def test_the_event_cap_ends_a_game_played_over_rest(rest: Rest) -> None:
    body = {"gameType": "trambahn", "players": 2, "seats": ["ann", "bob"]}
    created = await rest.ok("POST", "/games", json=body)
    game_id = created["game"]["id"]
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    for _ in range(CAP * 2):
        game = await rest.ok("GET", f"/games/{game_id}")
        if game["status"] != "ACTIVE":
            break
        seat = game["toAct"][0]
        moves = await rest.ok("GET", f"/games/{game_id}/legal-moves?seat={seat}", tokens[seat])
        await rest.ok(
            "POST",
            f"/games/{game_id}/moves",
            tokens[seat],
            json={"seat": seat, "move": moves["moves"][0]},
        )
    await _ended_by_the_limit(rest, await rest.ok("GET", f"/games/{game_id}"))


async def test_the_event_cap_ends_a_game_played_over_graphql(rest: Rest) -> None:
    created = (await _gql(rest, CREATE, t="trambahn", p=2, s=["ann", "bob"]))["createGame"]
    game_id = created["game"]["id"]
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    game = (await _gql(rest, GAME, tokens[0], g=game_id, s=0))["game"]
    for _ in range(CAP * 2):
        if game["status"] != "ACTIVE":
            break
        seat = game["toAct"][0]
        game = (await _gql(rest, GAME, tokens[seat], g=game_id, s=seat))["game"]
        result = await _gql(rest, SUBMIT, tokens[seat], g=game_id, s=seat, m=game["legalMoves"][0])
        assert result["submitMove"]["__typename"] == "MoveAccepted"
        game = (await _gql(rest, GAME, tokens[0], g=game_id, s=0))["game"]
    assert game["status"] == "ABANDONED"
    assert game["result"]["details"]["endedBy"] == "limit"
    await _ended_by_the_limit(rest, await rest.ok("GET", f"/games/{game_id}"))


async def test_a_clocked_game_nobody_plays_ends_at_the_cap(rest: Rest, clock: Clock) -> None:
    # The attack with options that do end (200 rounds): every seat times out, the stand-ins
    # play on; the cap ends it long before its rules would.
    body = {
        "gameType": "tf22-mine",
        "players": 4,
        "seats": ["a", "b", "c", "d"],
        "options": {"max_rounds": 200, "clock": CLOCK},
    }
    created = await rest.ok("POST", "/games", json=body)
    game = await _until_over(rest, created["game"]["id"], nudge=lambda: clock.advance(2))
    await _ended_by_the_limit(rest, game)
    log = await rest.stored_log(game["id"])
    assert any(e.type == "TimedOut" for e in log)


async def test_a_game_of_bots_only_ends_at_the_cap(rest: Rest) -> None:
    body = {
        "gameType": "trekking",
        "players": 2,
        "bots": [{"seat": s, "policy": "random", "budgetMs": 50} for s in range(2)],
    }
    created = await rest.ok("POST", "/games", json=body)
    game = await _until_over(rest, created["game"]["id"])
    await _ended_by_the_limit(rest, game)
