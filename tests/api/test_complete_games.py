"""Complete games of every game type through the GraphQL API, one HTTP client per seat.

Each seat is a separate client with its own token that polls `toAct`, reads its own
`legalMoves` and submits one of them. Where several seats owe a decision at once (Trekking's
secret itinerary choice), their clients submit at the same moment, and a client that loses a
race retries, as a real client would. The finished log is exported and verified.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx
import pytest

from tests.api.client import Api
from tests.api.history import verified
from tests.api.play import Chooser, towards_fights, uniform
from tests.api.server import ServiceProcess

pytestmark = [pytest.mark.redis, pytest.mark.slow]


async def _act(
    api: Api, game_id: str, seat: int, token: str, choose: Chooser, rnd: random.Random
) -> tuple[int, Any] | None:
    for _ in range(8):
        legal = await api.legal_moves(game_id, seat, token)
        if not legal:
            return None  # another seat's move ended this decision
        move = choose(rnd, legal)
        result = await api.submit(game_id, seat, move, token)
        if result["__typename"] == "MoveAccepted":
            return seat, move
        assert result["__typename"] == "VersionConflict", result
    raise AssertionError(f"seat {seat} lost the race 8 times")


async def play_to_end(
    clients: list[Api], game_id: str, tokens: list[str], choose: Chooser, seed: int
) -> list[tuple[int, Any]]:
    """Plays until the game is over; returns (seat, move) of every accepted move."""
    rnds = [random.Random(seed * 100 + seat) for seat in range(len(clients))]
    played: list[tuple[int, Any]] = []
    for _ in range(20_000):
        game = await clients[0].game(game_id, "status toAct")
        if game["status"] != "ACTIVE":
            return played
        seats: list[int] = game["toAct"]
        results = await asyncio.gather(
            *(_act(clients[s], game_id, s, tokens[s], choose, rnds[s]) for s in seats)
        )
        played += [r for r in results if r is not None]
    raise AssertionError("the game did not end")


async def _complete_game(
    service: ServiceProcess,
    game_type: str,
    players: int,
    options: dict[str, Any],
    seed: int,
    choose: Chooser,
) -> tuple[list[tuple[int, Any]], list[dict[str, Any]]]:
    clients = [Api(service.url) for _ in range(players)]
    try:
        created = await clients[0].create(
            [f"p{i}" for i in range(players)],
            t=game_type,
            p=players,
            o=options,
            seed=f"complete-{seed}",
        )
        assert created["__typename"] == "GameCreated", created
        game_id = created["game"]["id"]
        tokens = [t["token"] for t in created["tokens"]]
        played = await play_to_end(clients, game_id, tokens, choose, seed)
        result = await clients[0].game(game_id, "status result { scores winners }")
        assert result["status"] == "FINISHED"
        assert len(result["result"]["scores"]) == players
        assert result["result"]["winners"]
    finally:
        for client in clients:
            await client.close()
    async with httpx.AsyncClient(trust_env=False) as http:
        response = await http.get(f"{service.url}/games/{game_id}/log")
    log = [json.loads(line) for line in response.text.splitlines()]
    assert log[-1]["type"] == "GameEnded"
    assert log[-1]["data"]["scores"] == result["result"]["scores"]
    verified(game_id, response.content)
    return played, log


@pytest.mark.parametrize(("players", "options"), [(3, {}), (4, {"arsenic": True})])
async def test_a_complete_tinners_trail_game_with_auctions_plays_through_the_api(
    service: ServiceProcess, players: int, options: dict[str, Any]
) -> None:
    played, log = await _complete_game(service, "tinners-trail", players, options, 1, uniform)
    bidders = {seat for seat, move in played if move["type"] in ("bid", "pass_bid")}
    openers = {seat for seat, move in played if move["type"] == "build_mine"}
    assert any(e["type"] == "AuctionWon" for e in log)
    assert len(bidders | openers) > 1, "auctions were decided by more than one seat"
    assert sum(e["type"] == "RoundStarted" for e in log) == 4


@pytest.mark.rules("TK-6")
@pytest.mark.parametrize("players", [2, 3, 4])
async def test_a_complete_trekking_game_with_simultaneous_secret_choices_plays_through_the_api(
    service: ServiceProcess, players: int
) -> None:
    played, log = await _complete_game(service, "trekking", players, {}, players, uniform)
    choices = [seat for seat, move in played if move["type"] == "choose_itinerary"]
    assert sorted(choices) == sorted(list(range(players)) * 3), "every seat chose once a day"
    reveals = [e for e in log if e["type"] == "ItinerariesRevealed"]
    assert len(reveals) == 3
    commits = [e for e in log if e["type"] == "ItineraryCommitted"]
    assert len(commits) == 3 * players


@pytest.mark.rules("MN-15", "MN-16", "MN-30")
async def test_a_complete_mine_game_with_a_fight_and_a_respawn_plays_through_the_api(
    service: ServiceProcess,
) -> None:
    played, log = await _complete_game(
        service, "tf22-mine", 3, {"max_rounds": 12}, 27, towards_fights
    )
    fights = [e for e in log if e["type"] == "FightStarted"]
    assert fights, "no fight happened"
    respawns = [e for e in log if e["type"] == "RespawnStarted"]
    assert respawns, "no re-spawn happened"
    placers = [seat for seat, move in played if move["type"] == "place_ranium"]
    deliverers = {e["data"]["seat"] for e in log if e["type"] == "RaniumDelivered"}
    assert placers
    assert set(placers) - deliverers, "a re-spawn was placed by another seat"
    for granted in (e for e in log if e["type"] == "FreeActionGranted"):
        assert (granted["data"]["seat"], "free_action") in [(s, m["type"]) for s, m in played]


@pytest.mark.rules("TB-6")
async def test_a_complete_trambahn_game_plays_through_the_api(service: ServiceProcess) -> None:
    played, log = await _complete_game(service, "trambahn", 2, {}, 3, uniform)
    assert sum(e["type"] == "FahrtScored" for e in log) == 10
    assert {seat for seat, _ in played} == {0, 1}
