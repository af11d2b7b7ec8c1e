"""Forks never reveal hidden information: a position whose history holds what a spectator was
not shown (hands, a deck's order) is forked only by the operator, as an exact copy; every fork
draws from a fresh secret seed of its own (docs/history.md §6)."""

from __future__ import annotations

import random

import pytest

from boardstate.service.history.log_format import read_log
from boardstate.service.history.verify import verify_log
from boardstate.service.store import StoredEvent
from tests.api.client import Api
from tests.api.history import ADMIN_TOKEN, export, imported
from tests.api.play import play
from tests.api.server import ServiceProcess
from tests.golden.logs import LOG_CASES

pytestmark = pytest.mark.redis

FORK = """
mutation($g: ID!, $v: Int!, $exact: Boolean! = false) {
  forkGame(gameId: $g, version: $v, exact: $exact) {
    __typename
    ... on GameCreated { tokens { seat token } game { id version seedCommitment } }
    ... on Rejected { code message details }
  }
}"""
HIDDEN = {"trambahn": True, "trekking": True, "tf22-mine": True, "tinners-trail": False}
LOGS = {case.game: case.path.read_bytes() for case in LOG_CASES}


def middle_boundary(events: list[StoredEvent]) -> int:
    """A move boundary near the middle of the game."""
    starts = [e.version - 1 for e in events if e.move is not None]
    return starts[len(starts) // 2]


@pytest.mark.parametrize("game", sorted(HIDDEN))
async def test_a_fork_of_a_position_with_hidden_information_needs_the_operator(
    game: str, history: ServiceProcess, hapi: Api
) -> None:
    events = read_log(LOGS[game])
    source = await imported(history.url, LOGS[game])
    at = middle_boundary(events)
    plain = (await hapi.gql(FORK, g=source, v=at))["forkGame"]
    if not HIDDEN[game]:
        assert plain["__typename"] == "GameCreated", plain
        return
    assert (plain["__typename"], plain["code"]) == ("Rejected", "FORK_REVEALS_HIDDEN")
    assert 1 < plain["details"]["hiddenAt"] <= at
    for token in (None, "not-the-admin-token-0123"):
        refused = (await hapi.gql(FORK, token, g=source, v=at, exact=True))["forkGame"]
        assert refused["code"] == "UNAUTHORIZED"
    exact = (await hapi.gql(FORK, ADMIN_TOKEN, g=source, v=at, exact=True))["forkGame"]
    assert exact["__typename"] == "GameCreated", exact
    created = read_log(await export(history.url, exact["game"]["id"]))[0]
    assert created.data["forkedFrom"]["exact"] is True


@pytest.mark.parametrize("game", sorted(game for game, hidden in HIDDEN.items() if not hidden))
async def test_a_fork_of_an_open_position_plays_on_with_a_fresh_secret_seed(
    game: str, history: ServiceProcess, hapi: Api
) -> None:
    events = read_log(LOGS[game])
    source = await imported(history.url, LOGS[game])
    at = middle_boundary(events)
    forks = [(await hapi.gql(FORK, g=source, v=at))["forkGame"] for _ in range(2)]
    assert {f["__typename"] for f in forks} == {"GameCreated"}, forks
    commitments = {f["game"]["seedCommitment"] for f in forks}
    assert len(commitments | {events[0].data["seedCommitment"]}) == 3
    fork_id, tokens = forks[0]["game"]["id"], [t["token"] for t in forks[0]["tokens"]]
    await play([hapi], fork_id, tokens, random.Random(3))
    fork_log = read_log(await export(history.url, fork_id))
    assert fork_log[0].data["forkedFrom"]["exact"] is False
    report = verify_log(fork_log)
    assert report.complete, report.failure
