"""Whole games through REST alone (one HTTP client per seat), hidden information on REST, and a
GraphQL client and a REST client on the same game seeing the same versions, events and views."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from typing import Any

import pytest

from boardstate.engine import registry
from tests.api.client import Api
from tests.api.play import play
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess
from tests.api.test_hidden_info import SETUP_EVENTS, assert_complete, assert_redacted_for

pytestmark = pytest.mark.redis

GQL_EVENTS = (
    "events { edges { node { version type seat moveId data at stateHash move describe } } }"
)


@pytest.fixture
async def rest(service: ServiceProcess) -> AsyncIterator[Rest]:
    client = Rest(service.url)
    yield client
    await client.close()


async def all_events(rest: Rest, game_id: str, token: str | None = None) -> list[dict[str, Any]]:
    """Every event, page by page with `nextAfterVersion`."""
    items: list[dict[str, Any]] = []
    after = 0
    while True:
        page = await rest.events(game_id, token, afterVersion=after, limit=7)
        items += page["items"]
        after = page["nextAfterVersion"]
        if not page["hasMore"]:
            return items


async def play_rest(
    seats: list[Rest], game_id: str, rnd: random.Random, max_moves: int | None = None
) -> int:
    """Plays to the end (or `max_moves`), each seat through its own client and token; returns
    the move count."""
    moves = 0
    while max_moves is None or moves < max_moves:
        game = await seats[0].game(game_id)
        if game["status"] != "ACTIVE":
            assert game["status"] == "FINISHED"
            return moves
        seat = game["toAct"][0]
        legal = await seats[seat].legal_moves(game_id, seat)
        move = rnd.choice(legal)
        response = await seats[seat].move(
            game_id, seat, move, expectedVersion=game["version"], moveId=f"m{moves}"
        )
        assert response.status_code == 201, response.text
        moves += 1
    return moves


async def test_a_whole_trambahn_game_through_rest_alone(service: ServiceProcess) -> None:
    lobby = Rest(service.url)
    created = await lobby.create(["ann", "bob"], seed="rest-game")
    game_id = created["game"]["id"]
    seats = [Rest(service.url, t["token"]) for t in created["tokens"]]
    try:
        moves = await play_rest(seats, game_id, random.Random(14))
        assert moves > 10
        final = await lobby.game(game_id)
        assert final["status"] == "FINISHED"
        assert final["result"] is not None
        assert final["seed"] == "rest-game"
        events = await all_events(lobby, game_id)
        assert [e["version"] for e in events] == list(range(1, final["version"] + 1))
        assert events[0]["type"] == "GameCreated"
        assert events[-1]["type"] == "GameEnded"
        assert_complete(events)
        after = await seats[0].move(game_id, 0, {"type": "end_turn"})
        assert (after.status_code, after.json()["code"]) == (422, "GAME_FINISHED")
    finally:
        for client in (lobby, *seats):
            await client.close()


async def test_rest_views_and_events_are_redacted_like_graphql(rest: Rest) -> None:
    game_id, tokens = await rest.new_game()
    spectator = (await rest.ok("GET", f"/games/{game_id}/state"))["state"]
    assert [p["hand"] for p in spectator["players"]] == [None, None]
    for seat in (0, 1):
        view = await rest.ok("GET", f"/games/{game_id}/state", tokens[seat], params={"seat": seat})
        hands = [p["hand"] for p in view["state"]["players"]]
        assert len(hands[seat]) == 6
        assert hands[1 - seat] is None
    events = await all_events(rest, game_id)
    assert len(events) == SETUP_EVENTS
    assert_redacted_for(events, None)
    assert_redacted_for(await all_events(rest, game_id, "forged"), None)
    for seat in (0, 1):
        assert_redacted_for(await all_events(rest, game_id, tokens[seat]), seat)
        page = await rest.events(game_id, tokens[seat], seat=seat)
        assert_redacted_for(page["items"], seat)


async def test_graphql_and_rest_see_the_same_game(rest: Rest, api: Api) -> None:
    game_id, tokens = await rest.new_game(seed="two-doors")
    # Half the moves through GraphQL, then the rest of a stretch through REST.
    await play([api], game_id, tokens, random.Random(3), max_moves=6)
    seat = (await rest.game(game_id))["toAct"][0]
    move = (await rest.legal_moves(game_id, seat, tokens[seat]))[0]
    assert (await rest.move(game_id, seat, move, tokens[seat])).status_code == 201
    gql = await api.game(game_id, f"id status version toAct {GQL_EVENTS}")
    mine = await rest.game(game_id)
    assert (mine["version"], mine["status"], mine["toAct"]) == (
        gql["version"],
        gql["status"],
        gql["toAct"],
    )
    for token in (None, tokens[0], tokens[1]):
        gql = await api.game(game_id, GQL_EVENTS, token=token)
        over_rest = await all_events(rest, game_id, token)
        assert over_rest == [edge["node"] for edge in gql["events"]["edges"]]
    for seat in (None, 0, 1):
        token = None if seat is None else tokens[seat]
        arg = "" if seat is None else f"(seat: {seat})"
        gql_state = (await api.game(game_id, f"state{arg}", token=token))["state"]
        params = {} if seat is None else {"seat": seat}
        rest_state = await rest.ok("GET", f"/games/{game_id}/state", token, params=params)
        assert rest_state["state"] == gql_state
    seat = mine["toAct"][0]
    assert await rest.legal_moves(game_id, seat, tokens[seat]) == await api.legal_moves(
        game_id, seat, tokens[seat]
    )


@pytest.mark.parametrize("game_type", sorted(registry.GAMES))
async def test_every_game_type_plays_through_rest(
    service: ServiceProcess, api: Api, game_type: str
) -> None:
    players = registry.GAMES[game_type].info.min_players
    lobby = Rest(service.url)
    names = [f"p{i}" for i in range(players)]
    created = await lobby.create(names, gameType=game_type, players=players, seed=game_type)
    game_id = created["game"]["id"]
    seats = [Rest(service.url, t["token"]) for t in created["tokens"]]
    try:
        moves = await play_rest(seats, game_id, random.Random(7), max_moves=40)
        assert moves > 0
        game = await lobby.game(game_id)
        assert (await api.game(game_id, "version"))["version"] == game["version"]
        events = await all_events(lobby, game_id)
        assert [e["version"] for e in events] == list(range(1, game["version"] + 1))
    finally:
        for client in (lobby, *seats):
            await client.close()
