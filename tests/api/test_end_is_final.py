"""The end is the end (issue 27, item 1): once `GameEnded` is in the log nothing follows it.

Every way a game ends (its rules, a resignation, leaving after the start, an admin's abort, a
forfeit on time) is tried on two real replicas sharing one Redis and one time file: afterwards
every seat, the one that resigned included, is refused with GAME_FINISHED on both doors, for
moves, dry runs and every table operation, and the exported log verifies with `GameEnded` last.
Then moves race each way of ending, submitted through both replicas and both doors at once:
whatever wins, nothing is appended after `GameEnded`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import pytest

from boardstate.service.history.verify import verify_log
from tests.api.client import Api
from tests.api.rest_client import Rest, RestError
from tests.api.server import ServiceProcess, unique_prefix
from tests.api.table_clock import ADMIN, Clock, table_env
from tests.redis_support import RedisServer

FORFEIT = {"perMoveSeconds": 600, "onTimeout": "forfeit"}


@pytest.fixture(scope="module")
def clock() -> Clock:
    return Clock()


@pytest.fixture(scope="module")
def replicas(redis_server: RedisServer, clock: Clock) -> Iterator[list[ServiceProcess]]:
    prefix = unique_prefix()
    a, b = ServiceProcess.start_together(
        ServiceProcess(redis_server.url, prefix, table_env(clock)),
        ServiceProcess(redis_server.url, prefix, table_env(clock)),
    )
    yield [a, b]
    a.stop()
    b.stop()


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


async def _create(
    rest: Rest, clock: Clock, game_type: str = "trambahn", players: int = 2
) -> tuple[str, list[str]]:
    """A game whose seats are all filled, on a clock that forfeits after 600 s; the time file
    is set back first, so the timeouts of many games never push it into the future (the
    verifier refuses events dated after the wall clock)."""
    clock.set(time.time() - 1800)
    body = {
        "gameType": game_type,
        "players": players,
        "seats": [f"p{i}" for i in range(players)],
        "options": {"clock": FORFEIT},
    }
    created = await rest.ok("POST", "/games", json=body)
    return created["game"]["id"], [t["token"] for t in created["tokens"]]


async def _until(rest: Rest, game_id: str, test: Callable[[Any], bool]) -> Any:
    deadline = time.monotonic() + 60
    while True:
        game = await rest.game(game_id)
        if test(game):
            return game
        assert time.monotonic() < deadline, f"waited in vain: {game['status']} {game['version']}"
        await asyncio.sleep(0.05)


ENDED_BY = {
    "resignation": "resignation",
    "leaving": "resignation",
    "abort": "abort",
    "timeout": "timeout",
}
"""`GameEnded`'s `details.endedBy` for each way of ending (leaving after the start resigns)."""


async def _ended_by(rest: Rest, game_id: str) -> str:
    """How the log says the game ended (`GameEnded`'s `details.endedBy`, which a game its
    rules ended with every seat in play does not carry: "rules")."""
    last = (await rest.stored_log(game_id))[-1]
    assert last.type == "GameEnded", last
    ended_by = last.data["details"].get("endedBy", "rules")
    assert isinstance(ended_by, str), last.data
    return ended_by


async def _ended_log_verifies(rest: Rest, game_id: str) -> int:
    """Checks the exported log: it verifies, is complete and ends with its only `GameEnded`;
    returns that event's version."""
    log = await rest.stored_log(game_id)
    report = verify_log(log)
    assert report.ok, report.failure
    assert report.complete
    assert [e.type for e in log].count("GameEnded") == 1
    assert log[-1].type == "GameEnded"
    return log[-1].version


async def _play_to_the_end(
    rest: Rest, game_id: str, tokens: list[str]
) -> tuple[int, Any, str, list[Any]]:
    """Plays random legal moves until the rules end the game; returns the last move's seat,
    the move, its moveId and the other moves that seat had then."""
    rng = random.Random(game_id)
    last: tuple[int, Any, str, list[Any]] | None = None
    for _ in range(3000):
        game = await rest.game(game_id)
        if game["status"] != "ACTIVE":
            assert last is not None
            return last
        seat = game["toAct"][0]
        moves = await rest.legal_moves(game_id, seat, tokens[seat])
        move, move_id = rng.choice(moves), f"m{game['version']}"
        last = (seat, move, move_id, moves)
        answer = await rest.move(game_id, seat, move, tokens[seat], moveId=move_id)
        assert answer.status_code == 201, answer.text
    raise AssertionError("the game did not end")


async def _end_by(
    how: str, rest: list[Rest], clock: Clock, game_id: str, tokens: list[str], seat: int
) -> None:
    if how == "resignation":
        await rest[1].ok("POST", f"/games/{game_id}/seats/{seat}/resign", tokens[seat])
    elif how == "leaving":
        await rest[1].ok("DELETE", f"/games/{game_id}/seats/{seat}", tokens[seat])
    elif how == "abort":
        await rest[1].ok("POST", f"/games/{game_id}/abort", ADMIN)
    elif how == "timeout":
        clock.advance(601)  # the seat to act forfeits; the other one is left and wins
    await _until(rest[0], game_id, lambda g: g["status"] != "ACTIVE")


async def _every_door_refuses(
    rest: list[Rest], gql: list[Api], game_id: str, tokens: list[str], moves: dict[int, Any]
) -> None:
    for replica in (0, 1):
        for seat, move in moves.items():
            for body in ({}, {"dryRun": True}, {"moveId": f"late-{uuid.uuid4().hex[:8]}"}):
                answer = await rest[replica].move(game_id, seat, move, tokens[seat], **body)
                assert (answer.status_code, answer.json()["code"]) == (422, "GAME_FINISHED")
            result = await gql[replica].submit(game_id, seat, move, tokens[seat])
            assert (result["__typename"], result["code"]) == ("Rejected", "GAME_FINISHED")
    for path, token in (
        ("/seats/0/resign", tokens[0]),
        ("/seats/1/takeback", tokens[1]),
        ("/seats/0/token", ADMIN),
        ("/abort", ADMIN),
    ):
        answer = await rest[1].request("POST", f"/games/{game_id}{path}", token)
        assert answer.status_code == 422, (path, answer.text)
        assert answer.json()["code"] in ("GAME_FINISHED", "ALREADY_LEFT"), (path, answer.text)


@pytest.mark.parametrize("how", ["resignation", "leaving", "abort", "timeout"])
async def test_after_any_end_every_seat_is_refused_on_both_doors_and_the_log_verifies(
    rest: list[Rest], gql: list[Api], clock: Clock, how: str
) -> None:
    game_id, tokens = await _create(rest[0], clock)
    game = await rest[0].game(game_id)
    mover = game["toAct"][0]
    moves = {mover: (await rest[0].legal_moves(game_id, mover, tokens[mover]))[0]}
    await _end_by(how, rest, clock, game_id, tokens, seat=mover)
    ended = await rest[0].game(game_id)
    assert ended["status"] == ("ABANDONED" if how == "abort" else "FINISHED")
    assert await _ended_by(rest[0], game_id) == ENDED_BY[how]
    version = await _ended_log_verifies(rest[0], game_id)
    await _every_door_refuses(rest, gql, game_id, tokens, moves)
    assert await _ended_log_verifies(rest[1], game_id) == version
    assert (await rest[1].game(game_id))["version"] == version


async def test_a_game_ended_by_its_last_move_refuses_the_next_as_game_finished(
    rest: list[Rest], gql: list[Api], clock: Clock
) -> None:
    game_id, tokens = await _create(rest[0], clock)
    seat, move, move_id, moves = await _play_to_the_end(rest[0], game_id, tokens)
    version = await _ended_log_verifies(rest[0], game_id)
    await _every_door_refuses(rest, gql, game_id, tokens, {seat: moves[0], 1 - seat: moves[0]})
    retry = await rest[1].move(game_id, seat, move, tokens[seat], moveId=move_id)
    assert retry.status_code == 200, retry.text  # the final move's id still answers its original
    assert retry.json()["version"] == version
    assert await _ended_log_verifies(rest[1], game_id) == version


async def _mover(
    rest: list[Rest], gql: list[Api], game_id: str, tokens: list[str], accepted: list[int]
) -> None:
    """Plays the seat to act through both replicas and both doors at once until the end,
    each move sent three times concurrently (two without `expectedVersion`, which retry a
    lost race on the reloaded game); records the versions of accepted moves."""
    rng = random.Random(game_id)
    while True:
        game = await rest[rng.randrange(2)].game(game_id)
        if game["status"] != "ACTIVE":
            return
        seat = game["toAct"][0]
        moves = await rest[0].legal_moves(game_id, seat, tokens[seat])
        if not moves:
            continue
        move = rng.choice(moves)
        sends: list[Awaitable[Any]] = [
            rest[0].move(game_id, seat, move, tokens[seat]),
            rest[1].move(game_id, seat, move, tokens[seat], expectedVersion=game["version"]),
            gql[rng.randrange(2)].submit(game_id, seat, move, tokens[seat]),
        ]
        for answer in await asyncio.gather(*sends):
            if isinstance(answer, dict):
                if answer["__typename"] == "MoveAccepted":
                    accepted.append(answer["version"])
                else:
                    assert answer.get("code") != "INTERNAL", answer
            elif answer.status_code in (200, 201):
                accepted.append(answer.json()["version"])
            else:
                assert answer.status_code in (409, 422), answer.text


@pytest.mark.parametrize("how", ["resignation", "leaving", "abort", "timeout"])
async def test_moves_racing_the_end_never_follow_it(
    rest: list[Rest], gql: list[Api], clock: Clock, how: str
) -> None:
    ends = []
    for round_ in range(int(__import__("os").environ.get("ROUNDS", "6"))):
        game_id, tokens = await _create(rest[0], clock)
        accepted: list[int] = []
        playing = asyncio.create_task(_mover(rest, gql, game_id, tokens, accepted))
        await asyncio.sleep(random.Random(round_).uniform(0.05, 0.4))
        seat = round_ % 2
        try:
            await _end_by(how, rest, clock, game_id, tokens, seat)
        except RestError as refused:  # the rules ended it first: the only refusal allowed
            assert refused.code == "GAME_FINISHED", refused
            late = True
        else:
            late = False
        await asyncio.wait_for(playing, 120)
        end = await _ended_log_verifies(rest[0], game_id)
        ended_by = await _ended_by(rest[0], game_id)
        # A move accepted after the end would carry a later version; the move that ended the
        # game by its rules carries the end's own (its append holds the `GameEnded`).
        last = end if ended_by == "rules" else end - 1
        assert all(version <= last for version in accepted), (accepted, end, ended_by)
        # Refused: the rules had ended it. Accepted: this way ended it (a clock's forfeit is no
        # request: the rules may have ended the game before it fell due).
        allowed = (
            {"rules"} if late else {ENDED_BY[how], "rules"} if how == "timeout" else {ENDED_BY[how]}
        )
        assert ended_by in allowed, (how, late, ended_by)
        ends.append(ended_by)
    assert ENDED_BY[how] in ends, f"no round ended by {how}: {ends}"


async def test_an_import_with_anything_after_game_ended_is_refused(
    rest: list[Rest], clock: Clock
) -> None:
    game_id, tokens = await _create(rest[0], clock)
    seat = (await rest[0].game(game_id))["toAct"][0]
    await _end_by("resignation", rest, clock, game_id, tokens, 1 - seat)
    log = await rest[0].stored_log(game_id)
    late = dataclasses.replace(log[-2], version=log[-1].version + 1)
    for tampered in ([*log, late], [*log[:-1], late, log[-1]]):
        payload = "".join(json.dumps(e.to_export()) + "\n" for e in tampered).encode()
        answer = await rest[1].http.post(
            "/games/import", content=payload, headers={"authorization": f"Bearer {ADMIN}"}
        )
        assert answer.status_code == 422, answer.text
        assert answer.json()["error"]["code"] == "LOG_UNVERIFIED", answer.text
