"""The table's lifecycle on real service processes and real Redis (architecture §5c, issue 16).

Two replicas share one Redis and one controllable time source (`BOARDSTATE_TIME_SOURCE=file:`),
so time moves by writing a file, never by sleeping for the clock. Both doors are exercised.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from boardstate.service.history.verify import verify_log
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess, unique_prefix
from tests.api.table_clock import ADMIN, Clock, table_env
from tests.redis_support import RedisServer

GAMES = {"trambahn": 2, "tinners-trail": 3, "trekking": 3, "tf22-mine": 3}


@pytest.fixture(scope="module")
def clock() -> Clock:
    return Clock()


_env = table_env


@pytest.fixture(scope="module")
def replicas(redis_server: RedisServer, clock: Clock) -> Iterator[list[ServiceProcess]]:
    prefix = unique_prefix()
    a, b = ServiceProcess.start_together(
        ServiceProcess(redis_server.url, prefix, _env(clock)),
        ServiceProcess(redis_server.url, prefix, _env(clock)),
    )
    yield [a, b]
    a.stop()
    b.stop()


@pytest.fixture
async def rest(replicas: list[ServiceProcess]) -> AsyncIterator[list[Rest]]:
    clients = [Rest(r.url) for r in replicas]
    yield clients
    for c in clients:
        await c.http.aclose()


async def _create(
    rest: Rest, game_type: str, players: int, clock: dict[str, Any]
) -> tuple[str, list[str]]:
    body = {
        "gameType": game_type,
        "players": players,
        "seats": [f"p{i}" for i in range(players)],
        "options": {"clock": clock},
    }
    created = await rest.ok("POST", "/games", json=body)
    return created["game"]["id"], [t["token"] for t in created["tokens"]]


async def _wait_for(rest: Rest, game_id: str, test: Any, seconds: float = 15.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        game: dict[str, Any] = await rest.ok("GET", f"/games/{game_id}")
        if test(game) or time.monotonic() > deadline:
            return game
        await asyncio.sleep(0.05)


async def _play_to_end(rest: Rest, game_id: str, tokens: list[str]) -> dict[str, Any]:
    for _ in range(3000):
        game: dict[str, Any] = await rest.ok("GET", f"/games/{game_id}")
        if game["status"] != "ACTIVE":
            return game
        humans = [s for s in game["toAct"] if not game["seats"][s]["standIn"]]
        if not humans:
            await asyncio.sleep(0.02)
            continue
        seat = humans[0]
        moves = (await rest.ok("GET", f"/games/{game_id}/legal-moves?seat={seat}", tokens[seat]))[
            "moves"
        ]
        if not moves:
            continue
        body = {"seat": seat, "move": moves[len(moves) // 2], "expectedVersion": game["version"]}
        await rest.request("POST", f"/games/{game_id}/moves", tokens[seat], json=body)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game_type", sorted(GAMES))
async def test_a_game_survives_a_resignation_and_a_timeout_to_its_normal_end(
    rest: list[Rest], clock: Clock, game_type: str
) -> None:
    players = GAMES[game_type]
    game_id, tokens = await _create(rest[0], game_type, players, {"perMoveSeconds": 600})
    game = await rest[0].ok("GET", f"/games/{game_id}")
    assert game["clock"]["perMoveSeconds"] == 600
    assert game["clock"]["deadline"] is not None
    if players > 2:
        resigner = game["toAct"][0]
        out = await rest[1].ok(
            "POST", f"/games/{game_id}/seats/{resigner}/resign", tokens[resigner]
        )
        assert out["game"]["seats"][resigner]["resigned"]
        again = await rest[0].request(
            "POST", f"/games/{game_id}/seats/{resigner}/resign", tokens[resigner]
        )
        assert again.json()["code"] == "ALREADY_LEFT"
    version = (await rest[0].ok("GET", f"/games/{game_id}"))["version"]
    clock.advance(601)  # both replicas poll; exactly one fires
    fired = await _wait_for(
        rest[0],
        game_id,
        lambda g: any(s["timeouts"] for s in g["seats"]) or g["version"] > version + 3,
    )
    assert fired["version"] > version
    await asyncio.sleep(0.3)
    ended = await _play_to_end(rest[0], game_id, tokens)
    assert ended["status"] == "FINISHED"
    log = await rest[0].stored_log(game_id)
    timeouts = [e for e in log if e.type == "TimedOut"]
    assert len(timeouts) >= 1
    deadlines = {(e.seat, e.data["deadline"]) for e in timeouts}
    assert len(deadlines) == len(timeouts)  # no seat's deadline fired twice
    assert any(e.move_id and e.move_id.startswith("stand-in-") for e in log)
    report = verify_log(log)
    assert report.ok, report.failure
    assert report.complete


async def test_a_deadline_due_while_every_replica_is_down_fires_after_the_restart(
    redis_server: RedisServer, clock: Clock
) -> None:
    prefix = unique_prefix()
    with ServiceProcess(redis_server.url, prefix, _env(clock)) as first:
        rest = Rest(first.url)
        game_id, _ = await _create(
            rest, "trambahn", 2, {"perMoveSeconds": 5, "onTimeout": "forfeit"}
        )
        await rest.http.aclose()
    clock.advance(30)
    with ServiceProcess(redis_server.url, prefix, _env(clock)) as second:
        rest = Rest(second.url)
        game = await _wait_for(rest, game_id, lambda g: g["status"] != "ACTIVE")
        assert game["status"] == "FINISHED"
        assert game["result"]["details"]["endedBy"] == "timeout"
        log = await rest.stored_log(game_id)
        assert [e.type for e in log].count("TimedOut") == 1
        await rest.http.aclose()


async def test_a_move_after_the_deadline_is_refused_and_the_timeout_applied(
    rest: list[Rest], clock: Clock
) -> None:
    game_id, tokens = await _create(rest[0], "trambahn", 2, {"perMoveSeconds": 10})
    game = await rest[0].ok("GET", f"/games/{game_id}")
    seat = game["toAct"][0]
    moves = (await rest[0].ok("GET", f"/games/{game_id}/legal-moves?seat={seat}", tokens[seat]))[
        "moves"
    ]
    clock.advance(11)
    late = await rest[1].request(
        "POST", f"/games/{game_id}/moves", tokens[seat], json={"seat": seat, "move": moves[0]}
    )
    assert late.json()["code"] in ("TIME_EXPIRED", "NOT_YOUR_TURN", "ILLEGAL_MOVE")
    game = await _wait_for(rest[0], game_id, lambda g: g["seats"][seat]["timeouts"] == 1)
    assert game["seats"][seat]["timeouts"] == 1


async def test_bad_clock_options_and_table_errors_are_typed(rest: list[Rest]) -> None:
    for bad in (
        {"perMoveSeconds": 0},
        {"perMoveSeconds": 31 * 86400},
        {"initialSeconds": "x"},
        {"perMoveSeconds": 5, "initialSeconds": 5},
        {"perMoveSeconds": 5, "onTimeout": "x"},
    ):
        r = await rest[0].request(
            "POST", "/games", json={"gameType": "trambahn", "players": 2, "options": {"clock": bad}}
        )
        assert r.status_code == 422
        assert r.json()["code"] == "BAD_OPTIONS"
    game_id, tokens = await _create(rest[0], "trambahn", 2, {"perMoveSeconds": 600})
    other = await rest[0].request("POST", f"/games/{game_id}/seats/0/resign", tokens[1])
    assert other.json()["code"] == "UNAUTHORIZED"
    nobody = await rest[0].request(
        "POST", f"/games/{game_id}/seats/1/takeback/answer", tokens[1], json={"accept": True}
    )
    assert nobody.json()["code"] == "NO_TAKEBACK_REQUESTED"
    nothing = await rest[0].request("POST", f"/games/{game_id}/seats/0/takeback", tokens[0])
    assert nothing.json()["code"] == "TAKEBACK_NOT_ALLOWED"
    not_admin = await rest[0].request("POST", f"/games/{game_id}/abort", tokens[0])
    assert not_admin.json()["code"] == "UNAUTHORIZED"
    policy = await rest[0].request(
        "POST", f"/games/{game_id}/seats/0/stand-in", ADMIN, json={"policy": "genius"}
    )
    assert policy.json()["code"] == "UNKNOWN_POLICY"


async def test_a_reissued_token_stops_the_old_one_on_every_replica(rest: list[Rest]) -> None:
    game_id, tokens = await _create(rest[0], "trambahn", 2, {"perMoveSeconds": 600})
    seat = (await rest[1].ok("GET", f"/games/{game_id}"))["toAct"][0]
    await rest[1].ok(
        "GET", f"/games/{game_id}/legal-moves?seat={seat}", tokens[seat]
    )  # cached there
    fresh = await rest[0].ok("POST", f"/games/{game_id}/seats/{seat}/token", ADMIN)
    old = await rest[1].request("GET", f"/games/{game_id}/legal-moves?seat={seat}", tokens[seat])
    assert old.json()["code"] == "UNAUTHORIZED"
    await rest[1].ok("GET", f"/games/{game_id}/legal-moves?seat={seat}", fresh["token"])


async def test_an_aborted_game_is_abandoned_and_a_two_player_resignation_finishes(
    rest: list[Rest],
) -> None:
    game_id, _ = await _create(
        rest[0], "trekking", 2, {"initialSeconds": 600, "incrementSeconds": 5}
    )
    aborted = await rest[1].ok("POST", f"/games/{game_id}/abort", ADMIN)
    assert aborted["game"]["status"] == "ABANDONED"
    assert verify_log(await rest[0].stored_log(game_id)).complete
    game_id, tokens = await _create(rest[0], "trambahn", 2, {"perMoveSeconds": 600})
    query = "mutation($g: ID!) { resign(gameId: $g, seat: 0) { __typename ... on TableUpdated { game { status result { winners details } } } ... on Rejected { code } } }"
    answer = await rest[0].http.post(
        "/graphql",
        json={"query": query, "variables": {"g": game_id}},
        headers={"authorization": f"Bearer {tokens[0]}"},
    )
    result = answer.json()["data"]["resign"]
    assert result["__typename"] == "TableUpdated"
    assert result["game"]["status"] == "FINISHED"
    assert result["game"]["result"]["winners"] == [1]
    assert result["game"]["result"]["details"]["resigned"] == [0]


async def test_leaving_before_the_start_frees_the_seat(rest: list[Rest]) -> None:
    created = await rest[0].ok("POST", "/games", json={"gameType": "trekking", "players": 3})
    game_id = created["game"]["id"]
    joined = await rest[0].ok("POST", f"/games/{game_id}/seats", json={"name": "ann"})
    left = await rest[1].ok("DELETE", f"/games/{game_id}/seats/{joined['seat']}", joined["token"])
    assert left["game"]["seats"][joined["seat"]]["joined"] is False
    stale = await rest[0].request(
        "DELETE", f"/games/{game_id}/seats/{joined['seat']}", joined["token"]
    )
    assert stale.json()["code"] == "UNAUTHORIZED"
    again = await rest[0].ok(
        "POST", f"/games/{game_id}/seats", json={"name": "bob", "seat": joined["seat"]}
    )
    assert again["seat"] == joined["seat"]


async def _events(rest: Rest, game_id: str, token: str | None, seat: int | None) -> list[Any]:
    query = "" if seat is None else f"&seat={seat}"
    page = await rest.ok("GET", f"/games/{game_id}/events?limit=100{query}", token)
    items: list[Any] = page["items"]
    return items


async def test_stand_in_moves_are_redacted_like_anyone_s_on_both_doors(
    rest: list[Rest], clock: Clock
) -> None:
    game_id, tokens = await _create(rest[0], "trambahn", 2, {"perMoveSeconds": 60})
    game = await rest[0].ok("GET", f"/games/{game_id}")
    seat = game["toAct"][0]
    for _ in range(12):  # time out until the stand-in has ended a turn (it draws hidden cards)
        clock.advance(61)
        game = await _wait_for(rest[0], game_id, lambda g, v=game["version"]: g["version"] > v)
        owner = await _events(rest[0], game_id, tokens[seat], seat)
        if any(
            e["moveId"].startswith("stand-in-") and e["type"] != "MoveTimed"
            for e in owner
            if e["moveId"] and e["seat"] == seat
        ) and game["toAct"] != [seat]:
            break
    spectator = await _events(rest[1], game_id, None, None)
    query = "query($g: ID!) { game(id: $g) { events(first: 100) { edges { node { version type moveId data } } } } }"
    answer = await rest[1].http.post("/graphql", json={"query": query, "variables": {"g": game_id}})
    graphql = [e["node"] for e in answer.json()["data"]["game"]["events"]["edges"]]
    by_version = {e["version"]: e for e in spectator}
    stand_in = [e for e in owner if (e["moveId"] or "").startswith("stand-in-")]
    assert stand_in
    assert any(
        by_version[e["version"]]["data"] != e["data"] for e in stand_in
    )  # hidden from spectators
    for node in graphql:
        assert node["data"] == by_version[node["version"]]["data"]


async def test_a_takeback_by_agreement_returns_the_game_to_the_version_before_the_move(
    rest: list[Rest],
) -> None:
    game_id, tokens = await _create(rest[0], "tf22-mine", 2, {"perMoveSeconds": 3600})
    refused: set[str] = set()
    for _ in range(200):
        game = await rest[0].ok("GET", f"/games/{game_id}")
        seat = game["toAct"][0]
        moves = (
            await rest[0].ok("GET", f"/games/{game_id}/legal-moves?seat={seat}", tokens[seat])
        )["moves"]
        before = game["version"]
        await rest[0].ok(
            "POST", f"/games/{game_id}/moves", tokens[seat], json={"seat": seat, "move": moves[-1]}
        )
        asked = await rest[1].request(
            "POST", f"/games/{game_id}/seats/{seat}/takeback", tokens[seat]
        )
        if asked.status_code != 200:
            refused.add(asked.json()["details"]["reason"])
            continue
        pending = asked.json()["game"]["takeback"]
        assert pending["toVersion"] == before
        assert pending["waitingFor"] == [1 - seat]
        twice = await rest[0].request(
            "POST", f"/games/{game_id}/seats/{seat}/takeback", tokens[seat]
        )
        assert twice.json()["details"]["reason"] == "pending"
        own = await rest[0].request(
            "POST",
            f"/games/{game_id}/seats/{seat}/takeback/answer",
            tokens[seat],
            json={"accept": True},
        )
        assert own.json()["code"] == "NO_TAKEBACK_REQUESTED"
        done = await rest[0].ok(
            "POST",
            f"/games/{game_id}/seats/{1 - seat}/takeback/answer",
            tokens[1 - seat],
            json={"accept": True},
        )
        assert done["game"]["takeback"] is None
        now = await rest[0].ok("GET", f"/games/{game_id}/state")
        then = await rest[0].ok("GET", f"/games/{game_id}/state?version={before}")
        assert now["state"] == then["state"]
        assert done["game"]["toAct"] == [seat]
        break
    else:
        raise AssertionError(f"no takeback was ever allowed (refused: {refused})")
    report = verify_log(await rest[0].stored_log(game_id))
    assert report.ok, report.failure
