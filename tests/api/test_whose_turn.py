"""A seat that owes no decision is told NOT_YOUR_TURN on both doors, in every game (issue 20,
item 4): the service relies on the engine's checks, so the code is the engine's. In each game a
seat outside `toAct` submits the move it last played (Trekking: a committed itinerary, again)
and a move the owing seat may make; in Trekking a late itinerary of a seat whose turn it is not
is NOT_YOUR_TURN too, while the seat whose turn it is gets ILLEGAL_MOVE `itinerary_phase`."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from boardstate.engine import registry
from tests.api.client import Api
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess

pytestmark = pytest.mark.redis

NAMES = ["ann", "bob", "cy", "di", "ed"]


@pytest.fixture
async def rest(service: ServiceProcess) -> AsyncIterator[Rest]:
    client = Rest(service.url)
    yield client
    await client.close()


async def both_doors_say(
    api: Api, rest: Rest, game_id: str, seat: int, move: Any, token: str
) -> tuple[str, str]:
    """The code of a refused move on GraphQL and on /v1 (nothing is recorded)."""
    graphql = await api.submit(game_id, seat, move, token)
    assert graphql["__typename"] == "Rejected", graphql
    response = await rest.move(game_id, seat, move, token)
    assert response.status_code == 422, response.text
    return graphql["code"], response.json()["code"]


async def off_turn(api: Api, game_id: str, tokens: list[str]) -> tuple[int, list[int], Any]:
    """Plays first legal moves until some seat owes nothing: (that seat, toAct, its last move)."""
    played: dict[int, Any] = {}
    for _ in range(20):
        to_act = (await api.game(game_id, "toAct"))["toAct"]
        idle = [s for s in range(len(tokens)) if s not in to_act]
        if idle and idle[0] in played:
            return idle[0], to_act, played[idle[0]]
        seat = to_act[0]
        move = (await api.legal_moves(game_id, seat, tokens[seat]))[0]
        accepted = await api.submit(game_id, seat, move, tokens[seat])
        assert accepted["__typename"] == "MoveAccepted", accepted
        played[seat] = move
    raise AssertionError("no seat was ever idle after a move of its own")


@pytest.mark.rules("TB-6", "TK-8")
@pytest.mark.parametrize("game_type", sorted(registry.GAMES))
async def test_a_seat_that_owes_nothing_is_told_not_your_turn_on_both_doors(
    api: Api, rest: Rest, game_type: str
) -> None:
    players = registry.GAMES[game_type].info.min_players
    created = await api.create(NAMES[:players], t=game_type, p=players)
    assert created["__typename"] == "GameCreated", created
    game_id, tokens = created["game"]["id"], [t["token"] for t in created["tokens"]]
    idle, to_act, again = await off_turn(api, game_id, tokens)
    owing = (await api.legal_moves(game_id, to_act[0], tokens[to_act[0]]))[0]
    for move in (again, owing):
        codes = await both_doors_say(api, rest, game_id, idle, move, tokens[idle])
        assert codes == ("NOT_YOUR_TURN", "NOT_YOUR_TURN"), (move, codes)


@pytest.mark.rules("TK-7")
async def test_a_late_itinerary_is_not_your_turn_unless_it_is_your_turn(
    api: Api, rest: Rest
) -> None:
    created = await api.create(NAMES[:2], t="trekking", p=2)
    game_id, tokens = created["game"]["id"], [t["token"] for t in created["tokens"]]
    hands = {}
    for seat in (0, 1):
        hands[seat] = await api.legal_moves(game_id, seat, tokens[seat])
        await api.submit(game_id, seat, hands[seat][0], tokens[seat])
    (acting,) = (await api.game(game_id, "toAct"))["toAct"]
    idle = 1 - acting
    late = await both_doors_say(api, rest, game_id, idle, hands[idle][1], tokens[idle])
    assert late == ("NOT_YOUR_TURN", "NOT_YOUR_TURN")
    mine = await both_doors_say(api, rest, game_id, acting, hands[acting][1], tokens[acting])
    assert mine == ("ILLEGAL_MOVE", "ILLEGAL_MOVE")
