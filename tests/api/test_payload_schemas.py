"""Typed payloads (issue 19): every event (the engine's and the service's own), legal move and
state view a client receives, on both doors and for every viewer, validates against the JSON
Schemas the game type publishes (checked with `jsonschema`, a validator we did not write)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from boardstate.engine import registry
from tests.api.client import Api
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess

pytestmark = pytest.mark.redis

TYPE_FIELDS = "eventTypes serviceEventTypes eventSchema moveSchema stateSchema"
STATE = "query($g: ID!) { game(id: $g) { state } }"


async def _events(api: Api, game_id: str, token: str | None) -> list[dict[str, Any]]:
    page = await api.gql(
        "query($g: ID!) { game(id: $g) { events(first: 100) { edges { node { type data } } } } }",
        token,
        g=game_id,
    )
    return [edge["node"] for edge in page["game"]["events"]["edges"]]


@pytest.mark.parametrize("game_type", sorted(registry.GAMES))
async def test_every_event_and_move_a_client_sees_validates_against_the_published_schemas(
    api: Api, service: ServiceProcess, game_type: str
) -> None:
    rules = registry.GAMES[game_type]
    players = rules.info.max_players
    published = (
        await api.gql(f"query($t: ID!) {{ gameType(id: $t) {{ {TYPE_FIELDS} }} }}", t=game_type)
    )["gameType"]
    rest = Rest(service.url)
    try:
        over_rest = await rest.ok("GET", f"/game-types/{game_type}")
        created = await api.create(
            [f"p{i}" for i in range(players)], t=game_type, p=players, seed=f"payload-{game_type}"
        )
        game_id = created["game"]["id"]
        tokens = [t["token"] for t in created["tokens"]]
        for field in TYPE_FIELDS.split():
            assert over_rest[field] == published[field], field
        events = Draft202012Validator(published["eventSchema"])
        states = Draft202012Validator(published["stateSchema"])
        service_types = set(published["serviceEventTypes"])
        moves = Draft202012Validator(published["moveSchema"])
        rnd = random.Random(7)
        seen_moves = 0
        for _ in range(30):
            game = await api.game(game_id, "status toAct")
            if game["status"] != "ACTIVE":
                break
            seat = game["toAct"][0]
            legal = await api.legal_moves(game_id, seat, tokens[seat])
            for move in legal:
                moves.validate(move)
            seen_moves += len(legal)
            move = rnd.choice(legal)
            accepted = await api.submit(game_id, seat, move, tokens[seat])
            assert accepted["__typename"] == "MoveAccepted"
        assert seen_moves > 0
        for viewer in [None, *range(players)]:
            token = None if viewer is None else tokens[viewer]
            received = await _events(api, game_id, token)
            log = (await rest.ok("GET", f"/games/{game_id}/events", token=token))["items"]
            for stream in (received, [{"type": e["type"], "data": e["data"]} for e in log]):
                engine = [e for e in stream if e["type"] not in service_types]
                assert {e["type"] for e in engine} <= set(published["eventTypes"])
                assert len(engine) > players
                assert {"GameCreated", "SeatJoined"} <= {e["type"] for e in stream}
                for event in stream:  # engine events and the service's own
                    events.validate(event)
            query = {} if viewer is None else {"seat": viewer}
            rest_state = await rest.ok("GET", f"/games/{game_id}/state", token=token, params=query)
            states.validate(rest_state["state"])
            if viewer is None:
                graphql_state = (await api.gql(STATE, g=game_id))["game"]["state"]
                assert graphql_state == rest_state["state"]
        wrong = {"type": published["eventTypes"][0], "data": {"no such field": 1}}
        assert not events.is_valid(wrong)
    finally:
        await rest.close()
