"""Every streamed event carries the game's header after it (issue 29, item 4), on both doors:
the REST Server-Sent Events stream and the GraphQL `gameEvents` subscription (graphql-ws).

A client can play a whole game from its stream alone: it acts only when the header's `toAct`
holds its seat, at the header's version. The optional state view (`withState`) is the caller's
view exactly as the state reads give it, and never another seat's hidden cards.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.api.client import Api
from tests.api.play import play
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess
from tests.api.stream_doors import DOORS, follow, legal_moves, resign, submit
from tests.api.test_hidden_info import SETUP_EVENTS

pytestmark = pytest.mark.redis

Clients = tuple[Api, Rest]


@pytest.fixture
async def clients(service: ServiceProcess, api: Api) -> AsyncIterator[Clients]:
    rest = Rest(service.url)
    yield api, rest
    await rest.close()


async def read_all(follower: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    while (event := await follower.next(30)) is not None:
        out.append(event)
    return out


async def take(follower: Any, count: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for _ in range(count):
        event = await follower.next(30)
        assert event is not None, f"the stream ended after {len(out)} of {count} events"
        out.append(event)
    return out


def assert_headers_follow_events(events: list[dict[str, Any]]) -> None:
    """Each header is the game at its event's version; only an ACTIVE game has seats to act."""
    for event in events:
        header = event["header"]
        assert header["version"] == event["version"], event
        if header["status"] != "ACTIVE":
            assert header["toAct"] == [], event
        assert (header["result"] is None) == (header["status"] in ("OPEN", "ACTIVE")), event


async def seat_plays_from_its_stream(
    door: str, service: ServiceProcess, clients: Clients, game_id: str, seat: int, token: str
) -> tuple[list[dict[str, Any]], int]:
    """Follows the game and moves whenever a header names the seat in `toAct`; returns the
    events seen and the moves accepted."""
    rnd = random.Random(seat)
    seen: list[dict[str, Any]] = []
    moved = 0
    async with follow(door, service, game_id, token) as stream:
        while (event := await stream.next(30)) is not None:
            seen.append(event)
            header = event["header"]
            if seat not in header["toAct"]:
                continue
            legal = await legal_moves(door, clients, game_id, seat, token)
            if legal and await submit(
                door, clients, game_id, seat, rnd.choice(legal), token, header["version"]
            ):
                moved += 1
    return seen, moved


@pytest.mark.parametrize("door", DOORS)
async def test_two_clients_play_a_whole_game_from_their_streams_alone(
    door: str, service: ServiceProcess, clients: Clients
) -> None:
    created = await clients[1].create(["ann", "bob"])
    game_id = created["game"]["id"]
    tokens = [t["token"] for t in created["tokens"]]
    (seen0, moved0), (seen1, moved1) = await asyncio.gather(
        *(seat_plays_from_its_stream(door, service, clients, game_id, s, tokens[s]) for s in (0, 1))
    )
    assert moved0 > 0
    assert moved1 > 0
    for seen in (seen0, seen1):
        assert [e["version"] for e in seen] == list(range(1, len(seen) + 1))
        assert seen[-1]["type"] == "GameEnded"
        assert_headers_follow_events(seen)
        assert all(e["header"]["state"] is None for e in seen)
    assert [e["header"] for e in seen0] == [e["header"] for e in seen1]
    final = seen0[-1]["header"]
    game = await clients[1].game(game_id)
    assert final["status"] == game["status"] == "FINISHED"
    assert final["version"] == game["version"]
    assert final["result"] == game["result"]
    assert seen0[-2]["header"]["status"] == "ACTIVE"


@pytest.mark.parametrize("door", DOORS)
async def test_after_a_resignation_the_header_says_finished(
    door: str, service: ServiceProcess, clients: Clients
) -> None:
    game_id, tokens = await clients[1].new_game()
    async with follow(door, service, game_id) as stream:
        opening = await take(stream, SETUP_EVENTS)
        assert opening[-1]["header"]["status"] == "ACTIVE"
        await resign(door, clients, game_id, 0, tokens[0])
        rest = await read_all(stream)
    assert [e["type"] for e in rest][-2:] == ["Resigned", "GameEnded"]
    assert_headers_follow_events([*opening, *rest])
    last = rest[-1]["header"]
    assert last["status"] == "FINISHED"
    assert last["toAct"] == []
    assert last["result"]["winners"] == [1]


async def rest_state(
    rest: Rest, game_id: str, version: int, seat: int | None, token: str | None
) -> Any:
    params = {"version": version} | ({} if seat is None else {"seat": seat})
    body = await rest.ok("GET", f"/games/{game_id}/state", token, params=params)
    return body["state"]


@pytest.mark.parametrize("door", DOORS)
@pytest.mark.parametrize("viewer", [0, 1, None])
async def test_the_state_view_is_the_callers_and_never_shows_another_hand(
    door: str, viewer: int | None, service: ServiceProcess, clients: Clients
) -> None:
    api, rest = clients
    game_id, tokens = await api.new_game()
    await play([api], game_id, tokens, random.Random(3), max_moves=4)
    version = (await rest.game(game_id))["version"]
    token = None if viewer is None else tokens[viewer]
    async with follow(door, service, game_id, token, with_state=True) as stream:
        events = await take(stream, version)
    for event in events:
        state = event["header"]["state"]
        assert state == await rest_state(rest, game_id, event["version"], viewer, token)
        hands = [p["hand"] for p in state["players"]]
        for seat, hand in enumerate(hands):
            if seat != viewer:
                assert hand is None, (event["version"], seat)
    dealt = events[-1]["header"]["state"]["players"]
    if viewer is not None:
        assert dealt[viewer]["hand"]
        assert all(isinstance(c, str) for c in dealt[viewer]["hand"])


@pytest.mark.parametrize("door", DOORS)
async def test_the_header_carries_the_running_deadlines(
    door: str, service: ServiceProcess, clients: Clients
) -> None:
    api, rest = clients
    created = await rest.create(["ann", "bob"], options={"clock": {"perMoveSeconds": 600}})
    game_id = created["game"]["id"]
    tokens = [t["token"] for t in created["tokens"]]
    await play([api], game_id, tokens, random.Random(1), max_moves=2)
    game = await rest.game(game_id)
    async with follow(door, service, game_id) as stream:
        events = await take(stream, game["version"])
    assert_headers_follow_events(events)
    last = events[-1]["header"]
    assert last["deadline"] == game["clock"]["deadline"] is not None
    assert [d["seat"] for d in last["deadlines"]] == last["toAct"] == game["toAct"]
    assert all(d["deadline"] == last["deadline"] for d in last["deadlines"])
    assert events[0]["header"]["deadlines"] == []
    assert events[0]["header"]["deadline"] is None


async def test_a_with_state_that_is_not_a_boolean_is_a_400(
    service: ServiceProcess, clients: Clients
) -> None:
    game_id, _ = await clients[1].new_game()
    answer = await clients[1].request("GET", f"/games/{game_id}/events/stream?withState=yes")
    assert answer.status_code == 400
    assert answer.json()["code"] == "BAD_REQUEST"


@pytest.mark.parametrize("door", DOORS)
async def test_a_finished_games_stream_from_a_past_version_has_the_past_headers(
    door: str, service: ServiceProcess, clients: Clients
) -> None:
    """A stream that starts inside a game that has already ended (here by a resignation)
    folds from that past version: the table's later events are not in its headers."""
    api, rest = clients
    game_id, tokens = await api.new_game()
    await resign(door, clients, game_id, 0, tokens[0])
    ended = await rest.game(game_id)
    after = SETUP_EVENTS - 2
    async with follow(door, service, game_id, after=after, with_state=True) as stream:
        events = await read_all(stream)
    assert [e["version"] for e in events] == list(range(after + 1, ended["version"] + 1))
    assert_headers_follow_events(events)
    assert events[-1]["header"]["status"] == "FINISHED"
    for event in events:
        version = event["version"]
        assert event["header"]["state"] == await rest_state(rest, game_id, version, None, None)
