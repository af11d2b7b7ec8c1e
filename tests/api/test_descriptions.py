"""`describe` beside the wire form, on both doors (issue 29): legal moves and events in words,
and a description never says what the viewer's wire form hides (trambahn: a drawn hand is
named to its owner only, counted for everyone else)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.api.client import Api
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess

pytestmark = pytest.mark.redis

EVENTS = "events(first: 50) { edges { node { type seat data describe } } }"


@pytest.fixture
async def rest(service: ServiceProcess) -> AsyncIterator[Rest]:
    client = Rest(service.url)
    yield client
    await client.close()


def first_draw(events: list[dict[str, Any]], seat: int) -> dict[str, Any]:
    return next(e for e in events if e["type"] == "CardsDrawn" and e["data"]["seat"] == seat)


async def test_rest_legal_moves_come_with_their_words(rest: Rest) -> None:
    game_id, tokens = await rest.new_game()
    game = await rest.game(game_id)
    seat = game["toAct"][0]
    body = await rest.ok(
        "GET", f"/games/{game_id}/legal-moves", tokens[seat], params={"seat": seat}
    )
    assert len(body["describe"]) == len(body["moves"]) > 0
    for move, words in zip(body["moves"], body["describe"], strict=True):
        assert words.startswith("Board "), (move, words)
        assert "terminal" in words, (move, words)
        assert "null" not in words
        assert "{" not in words


async def test_rest_events_describe_only_what_the_viewer_may_see(rest: Rest) -> None:
    game_id, tokens = await rest.new_game()
    mine = (await rest.events(game_id, tokens[0], seat=0))["items"]
    theirs = (await rest.events(game_id))["items"]
    assert all(e["describe"] for e in mine + theirs)
    own = first_draw(mine, 0)
    assert own["describe"].startswith("Seat 0 draws ")
    assert "hidden" not in own["describe"]
    assert first_draw(theirs, 0)["describe"] == "Seat 0 draws 6 hidden cards"
    assert first_draw(mine, 1)["describe"] == "Seat 1 draws 6 hidden cards"
    assert theirs[0]["describe"] == "The game was created"


async def test_graphql_events_and_moves_describe_only_what_the_viewer_may_see(api: Api) -> None:
    game_id, tokens = await api.new_game()
    mine = await api.game(
        game_id,
        "events(first: 50, seat: 0) { edges { node { type seat data describe } } }",
        token=tokens[0],
    )
    spectator = await api.game(game_id, EVENTS)
    nodes = [e["node"] for e in mine["events"]["edges"]]
    seen = [e["node"] for e in spectator["events"]["edges"]]
    assert "hidden" not in first_draw(nodes, 0)["describe"]
    assert first_draw(seen, 0)["describe"] == "Seat 0 draws 6 hidden cards"
    game = await api.game(game_id, "toAct")
    seat = game["toAct"][0]
    moves = await api.game(
        game_id, f"describedMoves(seat: {seat}) {{ move describe }}", token=tokens[seat]
    )
    assert moves["describedMoves"]
    assert all(
        m["describe"].startswith("Board ") and m["move"]["type"] == "board_passengers"
        for m in moves["describedMoves"]
    )
