"""Imports cannot forge their provenance: a flipped `seededByClient`, shifted times and the same
log many times (issue 27). The log is uploaded to `POST /games/import` (the one door imports
have) and the game it makes is read through both doors (`GET /v1/games/{id}`, `game(id:)`).
docs/history.md §6 and docs/security.md, "Idempotency, forks and imports"."""

from __future__ import annotations

import asyncio
import dataclasses
import random
from collections.abc import AsyncIterator, Sequence
from datetime import timedelta
from typing import Any

import httpx
import pytest

from boardstate.service.history.log_format import read_log, write_log
from boardstate.service.log import clocks
from boardstate.service.store import StoredEvent
from tests.adversarial.conftest import ADMIN_TOKEN
from tests.api.client import Api
from tests.api.play import play
from tests.api.server import ServiceProcess
from tests.service.tamper import first_index, rehashed

pytestmark = pytest.mark.redis

ABORT = "mutation($g: ID!) { abortGame(gameId: $g) { __typename } }"
PROVENANCE = "seededByClient imported status version"


@pytest.fixture
async def api(service: ServiceProcess) -> AsyncIterator[Api]:
    client = Api(service.url)
    yield client
    await client.close()


async def post_log(service: ServiceProcess, events: Sequence[StoredEvent]) -> httpx.Response:
    headers = {"authorization": f"Bearer {ADMIN_TOKEN}"}
    async with httpx.AsyncClient(trust_env=False, timeout=60) as http:
        return await http.post(
            f"{service.url}/games/import", content=write_log(events), headers=headers
        )


async def finished_log(
    service: ServiceProcess, api: Api, moves: int, seed: str | None = None, options: Any = None
) -> list[StoredEvent]:
    """Plays `moves` moves of a new Trambahn game, aborts it (the seed is revealed) and
    returns its complete export."""
    created = await api.create(["ann", "bob"], seed=seed, o=options)
    assert created["__typename"] == "GameCreated", created
    game_id, tokens = created["game"]["id"], [t["token"] for t in created["tokens"]]
    await play([api], game_id, tokens, random.Random(27), max_moves=moves)
    assert (await api.gql(ABORT, ADMIN_TOKEN, g=game_id))["abortGame"]["__typename"]
    async with httpx.AsyncClient(trust_env=False, timeout=60) as http:
        exported = await http.get(f"{service.url}/games/{game_id}/log")
    assert exported.status_code == 200
    return read_log(exported.content)


async def both_doors(service: ServiceProcess, api: Api, game_id: str) -> list[dict[str, Any]]:
    """The game's provenance as REST and GraphQL show it."""
    async with httpx.AsyncClient(trust_env=False, timeout=30) as http:
        rest = (await http.get(f"{service.url}/v1/games/{game_id}")).json()
    graphql = await api.game(game_id, PROVENANCE)
    return [{k: rest[k] for k in graphql}, graphql]


def shifted(
    events: Sequence[StoredEvent], start: int, by: timedelta, end: int | None = None
) -> list[StoredEvent]:
    """Every `at` of `events[start:end]` moved by `by` (and `createdAt` with event 1)."""
    out = list(events)
    for i in range(start, len(out) if end is None else end):
        at = clocks.ms_iso(clocks.iso_ms(out[i].at) + int(by.total_seconds() * 1000))
        data = {**out[i].data, "createdAt": at} if i == 0 else out[i].data
        out[i] = dataclasses.replace(out[i], at=at, data=data)
    return out


async def test_a_flipped_seeded_by_client_cannot_present_an_import_as_server_seeded(
    service: ServiceProcess, api: Api
) -> None:
    events = await finished_log(service, api, 2, seed="issue-27-flip")
    assert events[0].data["seededByClient"] is True
    flipped = list(events)
    flipped[0] = dataclasses.replace(events[0], data={**events[0].data, "seededByClient": False})
    answer = await post_log(service, flipped)
    assert answer.status_code == 201, answer.text
    assert answer.json()["seededByClient"] is True
    assert answer.json()["imported"] is True
    for view in await both_doors(service, api, answer.json()["gameId"]):
        assert (view["seededByClient"], view["imported"]) == (True, True), view
    # A genuine export of a server-seeded game is shown the same way: this service did not
    # draw its seed, and nothing in a log proves that another server did.
    genuine = await finished_log(service, api, 1)
    assert genuine[0].data["seededByClient"] is False
    answer = await post_log(service, genuine)
    assert answer.status_code == 201, answer.text
    for view in await both_doors(service, api, answer.json()["gameId"]):
        assert (view["seededByClient"], view["imported"]) == (True, True), view


async def test_times_that_a_live_game_would_not_have_written_are_refused(
    service: ServiceProcess, api: Api
) -> None:
    events = await finished_log(service, api, 6, seed="issue-27-times")
    move = next(i for i, e in enumerate(events) if e.move is not None and i + 1 < len(events))
    cases = {
        # one event of an append moved a millisecond later (still in order)
        "one at per append": shifted(events, move + 1, timedelta(milliseconds=1)),
        "future": shifted(events, 0, timedelta(days=1)),
        "earlier than the event before": shifted(events, len(events) - 1, timedelta(days=-1)),
    }
    for name, forged in cases.items():
        refused = await post_log(service, forged)
        assert refused.status_code == 422, (name, refused.text)
        assert refused.json()["error"]["code"] == "LOG_UNVERIFIED", name


async def test_a_clocked_game_cannot_move_its_times_even_with_every_hash_recomputed(
    service: ServiceProcess, api: Api
) -> None:
    clock = {"clock": {"perMoveSeconds": 3600}}
    events = await finished_log(service, api, 4, seed="issue-27-clock", options=clock)
    timed = first_index(events, "MoveTimed")
    move = max(i for i in range(timed) if events[i].move is not None)
    # Everything before the move 20 minutes earlier (the move seems to have taken 20 minutes):
    # in order, within the clock, not in the future, every stateHash recomputed; but MoveTimed
    # still says what the move used.
    forged = rehashed(shifted(events, 0, timedelta(minutes=-20), end=move))
    refused = await post_log(service, forged)
    assert refused.status_code == 422, refused.text
    assert f"event {events[timed].version}" in refused.json()["error"]["message"]
    assert "MoveTimed" in refused.json()["error"]["message"]


async def test_the_same_log_again_returns_the_same_game_and_another_log_of_it_conflicts(
    service: ServiceProcess, api: Api
) -> None:
    events = await finished_log(service, api, 3, seed="issue-27-twice")
    answers = await asyncio.gather(*(post_log(service, events) for _ in range(6)))
    statuses = sorted(a.status_code for a in answers)
    assert statuses == [200] * 5 + [201], [a.text for a in answers]
    (game_id,) = {a.json()["gameId"] for a in answers}
    assert all(
        a.headers.get("idempotent-replayed") == "true" for a in answers if a.status_code == 200
    )
    again = await post_log(service, events)
    assert (again.status_code, again.json()["gameId"]) == (200, game_id)
    # The same game with every time moved a day back still verifies (nothing in a log proves
    # when it was played), but it is not the log that was imported: a typed 409.
    moved = await post_log(service, shifted(events, 0, timedelta(days=-1)))
    assert moved.status_code == 409, moved.text
    assert moved.json()["error"]["code"] == "LOG_CONFLICT"
    assert moved.json()["error"]["gameId"] == game_id
    # Both doors list the one game once.
    for view in await both_doors(service, api, game_id):
        assert (view["imported"], view["version"]) == (True, len(events)), view
    listing = await api.gql("{ games(first: 100, status: ABANDONED) { edges { node { id } } } }")
    ids = [edge["node"]["id"] for edge in listing["games"]["edges"]]
    assert ids.count(game_id) == 1
