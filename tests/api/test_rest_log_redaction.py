"""Hidden information on the REST export `GET /v1/games/{id}/log`, for every game type.

A game of each type is played part-way through REST (one client per seat); while it runs, the raw
log is read straight from Redis (the test's own server) and the export must be exactly the
engine's redaction (`rules.redact`, as `test_redaction_every_game` checks on every GraphQL path):
the spectator's without a token (or with a token that is no seat's), and, with a seat token,
that seat's, as the `/games/{id}/log` alias answers (architecture §5: redacted while the game runs,
complete once it has ended). The two routes must give the same bytes for every caller, and no
line may carry the seed or a hidden move.
"""

from __future__ import annotations

import json
import random

import httpx
import pytest

from boardstate.engine import registry
from boardstate.service.store import StoredEvent, connect
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess
from tests.api.test_redaction_every_game import _expected_event

pytestmark = pytest.mark.redis

FIELDS = ("version", "type", "seat", "moveId", "data")
NO_HIDDEN_EVENT_DATA = {"tinners-trail"}
"""Its events hide nothing (its `redact` is the identity): only the seed and others' moves are."""


async def _raw_events(service: ServiceProcess, game_id: str) -> list[StoredEvent]:
    store = connect(service.redis_url, cluster=False, prefix=service.prefix)
    try:
        return await store.read(game_id)
    finally:
        await store.close()


async def _exports(service: ServiceProcess, game_id: str, token: str | None) -> bytes:
    """The `/v1` export for `token`, checked to be the alias's to the byte."""
    headers = {"authorization": f"Bearer {token}"} if token else {}
    async with httpx.AsyncClient(trust_env=False, timeout=30) as http:
        v1 = await http.get(f"{service.url}/v1/games/{game_id}/log", headers=headers)
        alias = await http.get(f"{service.url}/games/{game_id}/log", headers=headers)
    assert v1.status_code == alias.status_code == 200, v1.text
    assert v1.content == alias.content
    return v1.content


@pytest.mark.parametrize("game_type", sorted(registry.GAMES))
async def test_the_rest_export_of_a_running_game_hides_what_the_engine_hides(
    service: ServiceProcess, game_type: str
) -> None:
    rules = registry.GAMES[game_type]
    players = rules.info.min_players
    lobby = Rest(service.url)
    created = await lobby.create(
        [f"p{i}" for i in range(players)],
        gameType=game_type,
        players=players,
        seed=f"rest-redaction-{game_type}",
    )
    game_id = created["game"]["id"]
    tokens = [t["token"] for t in created["tokens"]]
    seats = [Rest(service.url, token) for token in tokens]
    rnd = random.Random(5)
    try:
        for _ in range(25):
            game = await lobby.game(game_id)
            if game["status"] != "ACTIVE":
                break
            seat = game["toAct"][0]
            move = rnd.choice(await seats[seat].legal_moves(game_id, seat))
            response = await seats[seat].move(game_id, seat, move, expectedVersion=game["version"])
            assert response.status_code == 201, response.text
        assert (await lobby.game(game_id))["status"] == "ACTIVE", "still running: hidden"
    finally:
        for client in (lobby, *seats):
            await client.close()

    raw = await _raw_events(service, game_id)
    spectator = [_expected_event(rules, s, None) for s in raw]
    hidden = [e for e, s in zip(spectator, raw, strict=True) if e["data"] != dict(s.data)]
    # Something of the running game is hidden from spectators, so the comparisons below bite.
    assert bool(hidden) == (game_type not in NO_HIDDEN_EVENT_DATA), game_type
    assert any(s.move is not None for s in raw)
    seed = f"rest-redaction-{game_type}"

    for viewer, token in [(None, None), (None, "not-a-seat-token"), *enumerate(tokens)]:
        exported = await _exports(service, game_id, token)
        assert seed.encode() not in exported, viewer
        lines = [json.loads(line) for line in exported.splitlines()]
        expected = spectator if viewer is None else [_expected_event(rules, s, viewer) for s in raw]
        assert [{k: line[k] for k in FIELDS} for line in lines] == expected, (viewer, token)
        assert all("seed" not in line["data"] for line in lines)
        # While the game runs a move is shown to the seat that made it, and to no one else.
        moves = {line["version"]: line["move"] for line in lines if line.get("move") is not None}
        assert moves == {
            s.version: dict(s.move)
            for s in raw
            if s.move is not None and viewer is not None and s.seat == viewer
        }, viewer
