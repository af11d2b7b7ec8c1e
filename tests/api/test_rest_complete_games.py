"""Complete games of every game type through REST alone (issue 14, item 4), one HTTP client per
seat.

Each seat is a separate `Rest` client holding only its own seat token: it reads
`GET /v1/games/{id}` for `toAct` and the version, `GET /v1/games/{id}/legal-moves` for its seat,
and POSTs one of them to `/v1/games/{id}/moves` with `expectedVersion` and an `Idempotency-Key`.
Where several seats owe a decision at once (Trekking's secret itinerary choice) their clients
post at the same moment; one that loses the race (409 `VERSION_CONFLICT`) reads again and
retries, as a real client would. The move choosers are the GraphQL complete games' (`play.py`).
At the end the result is checked, and the REST export (`GET /v1/games/{id}/log`, complete after
the end, the same for every caller) must verify with the service's own verifier.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from tests.api.history import verified
from tests.api.play import Chooser, towards_fights, uniform
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess

pytestmark = pytest.mark.redis  # about 7 s for the four games

# (game type, players, options, seed, chooser, an event the game must have had): the smallest
# seat count but for Mine, which is the GraphQL complete game's (3 seats bounded by its round
# limit, seed 27, played towards fights: a fight and a re-spawn happen); seeds as there.
GAMES: list[tuple[str, int, dict[str, Any], int, Chooser, str]] = [
    ("trambahn", 2, {}, 3, uniform, "FahrtScored"),
    ("tinners-trail", 2, {}, 1, uniform, "AuctionWon"),
    ("trekking", 2, {}, 2, uniform, "ItinerariesRevealed"),
    ("tf22-mine", 3, {"max_rounds": 12}, 27, towards_fights, "RespawnStarted"),
]


async def _act(
    rest: Rest, game_id: str, seat: int, choose: Chooser, rnd: random.Random, key: str
) -> tuple[int, Any] | None:
    """One decision of `seat`: read, choose, post; retried after a lost race."""
    for attempt in range(8):
        game = await rest.game(game_id)
        if game["status"] != "ACTIVE" or seat not in game["toAct"]:
            return None  # another seat's move ended this decision
        legal = await rest.legal_moves(game_id, seat)
        assert legal, (seat, game["toAct"])
        move = choose(rnd, legal)
        response = await rest.move(
            game_id,
            seat,
            move,
            headers={"Idempotency-Key": f"{key}-{attempt}"},
            expectedVersion=game["version"],
        )
        if response.status_code == 201:
            assert response.json()["version"] > game["version"], response.text
            return seat, move
        assert (response.status_code, response.json()["code"]) == (409, "VERSION_CONFLICT"), (
            response.text
        )
    raise AssertionError(f"seat {seat} lost the race 8 times")


async def play_to_end(
    seats: list[Rest], game_id: str, choose: Chooser, seed: int
) -> list[tuple[int, Any]]:
    """Plays until the game is over; returns (seat, move) of every accepted move."""
    rnds = [random.Random(seed * 100 + seat) for seat in range(len(seats))]
    played: list[tuple[int, Any]] = []
    for turn in range(20_000):
        game = await seats[0].game(game_id)
        if game["status"] != "ACTIVE":
            return played
        results = await asyncio.gather(
            *(_act(seats[s], game_id, s, choose, rnds[s], f"t{turn}-s{s}") for s in game["toAct"])
        )
        played += [r for r in results if r is not None]
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("game_type", "players", "options", "seed", "choose", "milestone"),
    GAMES,
    ids=[g[0] for g in GAMES],
)
async def test_a_complete_game_plays_through_rest_alone(
    service: ServiceProcess,
    game_type: str,
    players: int,
    options: dict[str, Any],
    seed: int,
    choose: Chooser,
    milestone: str,
) -> None:
    lobby = Rest(service.url)
    created = await lobby.create(
        [f"p{i}" for i in range(players)],
        gameType=game_type,
        players=players,
        options=options,
        seed=f"complete-{seed}",
    )
    game_id = created["game"]["id"]
    seats = [Rest(service.url, t["token"]) for t in created["tokens"]]
    try:
        played = await play_to_end(seats, game_id, choose, seed)
        final = await lobby.game(game_id)
        assert final["status"] == "FINISHED"
        assert final["toAct"] == []
        assert len(final["result"]["scores"]) == players
        assert final["result"]["winners"]
        assert {seat for seat, _ in played} == set(range(players)), "every seat played"
        exported = await lobby.request("GET", f"/games/{game_id}/log")
        assert exported.status_code == 200
        assert exported.headers["content-type"].startswith("application/x-ndjson")
        # After the end the export is complete for everyone: a seat's is the spectator's.
        for seat in seats:
            assert (await seat.request("GET", f"/games/{game_id}/log")).content == (
                exported.content
            )
    finally:
        for client in (lobby, *seats):
            await client.close()
    log = [json.loads(line) for line in exported.text.splitlines()]
    assert [e["version"] for e in log] == list(range(1, final["version"] + 1))
    assert log[-1]["type"] == "GameEnded"
    assert log[-1]["data"]["scores"] == final["result"]["scores"]
    assert any(e["type"] == milestone for e in log), (milestone, sorted({e["type"] for e in log}))
    assert log[-1]["data"]["seed"] == f"complete-{seed}"
    moves = [e for e in log if e.get("moveId") is not None]
    assert len({e["moveId"] for e in moves}) == len(played), "one moveId (Idempotency-Key) each"
    # The moveId is the Idempotency-Key of the seat that made the move: `t<turn>-s<seat>-<try>`
    # (GameEnded has no seat: it follows the last move, whose moveId it carries).
    assert all(e["moveId"].split("-")[1] == f"s{e['seat']}" for e in moves if e["seat"] is not None)
    record = verified(game_id, exported.content)
    assert record.status == "FINISHED"
    assert record.version == final["version"]
