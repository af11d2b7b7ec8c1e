"""Hidden information on every API path, for every game type, with no per-game code.

A game of each type is played part-way through the API; then the raw log is read straight from
Redis (the test's own server) and, for the spectator and every seat, each path must give exactly
what the engine's `view` / `redact` give that viewer: `state`, `events` (every page),
`legalMoves`, the `gameEvents` subscription and the log export. The conformance suite proves
that the engine's views and redactions hide what each game's rules hide; this test proves that
no API path adds to them or bypasses them.
"""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest

from boardstate.engine import registry
from boardstate.service.log import record_model
from boardstate.service.store import StoredEvent, connect
from tests.api.client import Api, subscription
from tests.api.server import ServiceProcess

pytestmark = pytest.mark.redis

SERVICE_TYPES = (record_model.GAME_CREATED, record_model.SEAT_JOINED)
EVENT_FIELDS = "version type seat moveId data"


def _expected_event(rules: Any, stored: StoredEvent, viewer: int | None) -> dict[str, Any]:
    data = dict(stored.data)
    if stored.type not in SERVICE_TYPES:
        event = rules.events.decode({"type": stored.type, **data})
        wire = rules.events.encode(rules.redact(event, viewer))
        data = {k: v for k, v in wire.items() if k != "type"}
    return {
        "version": stored.version,
        "type": stored.type,
        "seat": stored.seat,
        "moveId": stored.move_id,
        "data": data,
    }


async def _all_events(api: Api, game_id: str, token: str | None) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    after: str | None = None
    while True:
        page = await api.gql(
            "query($g: ID!, $a: String) { game(id: $g) { events(first: 7, after: $a) {"
            f" edges {{ node {{ {EVENT_FIELDS} }} }} pageInfo {{ hasNextPage endCursor }} }} }} }}",
            token,
            g=game_id,
            a=after,
        )
        connection = page["game"]["events"]
        out += [edge["node"] for edge in connection["edges"]]
        if not connection["pageInfo"]["hasNextPage"]:
            return out
        after = connection["pageInfo"]["endCursor"]


@pytest.mark.parametrize("game_type", sorted(registry.GAMES))
async def test_every_path_shows_each_viewer_exactly_the_engines_redaction(
    api: Api, service: ServiceProcess, game_type: str
) -> None:
    rules = registry.GAMES[game_type]
    players = rules.info.min_players
    created = await api.create(
        [f"p{i}" for i in range(players)], t=game_type, p=players, seed=f"redaction-{game_type}"
    )
    game_id = created["game"]["id"]
    tokens = [t["token"] for t in created["tokens"]]
    rnd = random.Random(5)
    for _ in range(25):
        game = await api.game(game_id, "status toAct")
        if game["status"] != "ACTIVE":
            break
        seat = game["toAct"][0]
        move = rnd.choice(await api.legal_moves(game_id, seat, tokens[seat]))
        assert (await api.submit(game_id, seat, move, tokens[seat]))["__typename"] == "MoveAccepted"
    assert (await api.game(game_id, "status"))["status"] == "ACTIVE", "still running: hidden"

    store = connect(service.redis_url, cluster=False, prefix=service.prefix)
    try:
        raw = await store.read(game_id)
    finally:
        await store.close()
    record = record_model.start_record(game_id, raw[0], "unused")
    for stored in raw[1:]:
        record = record_model.apply(record, stored)
    state = record.state

    async with httpx.AsyncClient(trust_env=False) as http:
        exported = await http.get(f"{service.url}/games/{game_id}/log")
    export = [json.loads(line) for line in exported.text.splitlines()]
    assert [{k: e[k] for k in ("version", "type", "seat", "moveId", "data")} for e in export] == [
        _expected_event(rules, s, None) for s in raw
    ]

    for viewer in [None, *range(players)]:
        token = None if viewer is None else tokens[viewer]
        expected = [_expected_event(rules, s, viewer) for s in raw]
        assert await _all_events(api, game_id, token) == expected, viewer
        view = await api.game(
            game_id, "state" if viewer is None else f"state(seat: {viewer})", token=token
        )
        assert view["state"] == json.loads(json.dumps(rules.view(state, viewer))), viewer
        payload = {} if token is None else {"token": token}
        async with subscription(service.ws_url, game_id, after=0, payload=payload) as feed:
            received = await feed.take(len(raw))
        assert [
            {k: e[k] for k in ("version", "type", "seat", "moveId", "data")} for e in received
        ] == expected
        if viewer is not None:
            legal = await api.legal_moves(game_id, viewer, tokens[viewer])
            assert legal == [rules.moves.encode(m) for m in rules.legal_moves(state, viewer)]
