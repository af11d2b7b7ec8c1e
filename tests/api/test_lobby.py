"""createGame and joinGame over HTTP: results, log layout and every rejection code."""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any

import pytest

from tests.api.client import Api

pytestmark = pytest.mark.redis

EVENTS = "events { totalCount edges { node { version type seat data } } }"


async def test_a_game_with_seats_starts_at_once_and_returns_every_token(api: Api) -> None:
    created = await api.create(["ann", "bob"])
    assert created["__typename"] == "GameCreated"
    game = created["game"]
    assert game["status"] == "ACTIVE"
    assert [s["name"] for s in game["seats"]] == ["ann", "bob"]
    assert [t["seat"] for t in created["tokens"]] == [0, 1]
    assert len({t["token"] for t in created["tokens"]}) == 2
    assert len(game["toAct"]) == 1


async def test_the_log_starts_with_game_created_then_one_seat_joined_per_seat(api: Api) -> None:
    created = await api.create(None, seed="opening")
    game_id = created["game"]["id"]
    assert created["tokens"] == []
    assert created["game"]["status"] == "OPEN"
    await api.join(game_id, "ann")
    await api.join(game_id, "bob")
    nodes = [e["node"] for e in (await api.game(game_id, EVENTS))["events"]["edges"]]
    first = nodes[0]
    assert (first["version"], first["type"], first["seat"]) == (1, "GameCreated", None)
    data = first["data"]
    assert data["gameType"] == "trambahn"
    assert data["players"] == 2
    assert data["seededByClient"] is True
    assert data["seedCommitment"] == hashlib.sha256(b"opening").hexdigest()
    assert {"rulesVersion", "options", "dataSet", "dataHash", "createdAt"} <= set(data)
    assert "seed" not in data
    assert [(n["type"], n["seat"], n["data"]) for n in nodes[1:3]] == [
        ("SeatJoined", 0, {"name": "ann"}),
        ("SeatJoined", 1, {"name": "bob"}),
    ]
    assert nodes[3]["type"] == "DeckShuffled"


async def test_join_takes_the_lowest_free_seat_or_the_one_asked_for(api: Api) -> None:
    game_id = (await api.create(None))["game"]["id"]
    joined = await api.join(game_id, "bob", seat=1)
    assert (joined["__typename"], joined["seat"]) == ("SeatJoined", 1)
    assert joined["game"]["status"] == "OPEN"
    joined = await api.join(game_id, "ann")
    assert joined["seat"] == 0
    assert joined["game"]["status"] == "ACTIVE"


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"t": "chess"}, "UNKNOWN_GAME_TYPE"),
        ({"o": {"tie_break": "coin"}}, "BAD_OPTIONS"),
        ({"o": {"no_such_option": 1}}, "BAD_OPTIONS"),
        ({"o": [1, 2]}, "BAD_OPTIONS"),
        ({"p": 3}, "BAD_PLAYER_COUNT"),
        ({"p": 1}, "BAD_PLAYER_COUNT"),
        ({"seats": ["ann"]}, "BAD_PLAYER_COUNT"),
        ({"seats": ["ann", "  "]}, "BAD_NAME"),
        ({"seats": ["ann", "x" * 65]}, "BAD_NAME"),
        ({"seed": "s" * 257}, "BAD_SEED"),
        ({"seed": "é" * 129}, "BAD_SEED"),
    ],
)
async def test_create_game_rejections(api: Api, kwargs: dict[str, Any], code: str) -> None:
    result = await api.create(**kwargs)
    assert result["__typename"] == "Rejected", result
    assert result["code"] == code
    assert result["message"]


async def test_a_seed_of_256_utf8_bytes_is_accepted_and_marked(api: Api) -> None:
    created = await api.create(["a", "b"], seed="é" * 128)
    assert created["__typename"] == "GameCreated"
    game = await api.game(created["game"]["id"], "seededByClient")
    assert game["seededByClient"] is True


async def test_join_rejections(api: Api) -> None:
    game_id = (await api.create(None))["game"]["id"]
    assert (await api.join("no-such-game", "ann"))["code"] == "GAME_NOT_FOUND"
    assert (await api.join("bad{id}", "ann"))["code"] == "GAME_NOT_FOUND"
    assert (await api.join(game_id, "ann", seat=2))["code"] == "BAD_SEAT"
    assert (await api.join(game_id, "ann", seat=-1))["code"] == "BAD_SEAT"
    assert (await api.join(game_id, ""))["code"] == "BAD_NAME"
    assert (await api.join(game_id, "ann", seat=0))["__typename"] == "SeatJoined"
    assert (await api.join(game_id, "cy", seat=0))["code"] == "SEAT_TAKEN"
    assert (await api.join(game_id, "bob"))["__typename"] == "SeatJoined"
    full = await api.join(game_id, "cy")
    assert (full["code"], full["__typename"]) == ("GAME_FULL", "Rejected")


async def test_concurrent_joins_for_one_seat_give_it_to_exactly_one(api: Api, api2: Api) -> None:
    game_id = (await api.create(None))["game"]["id"]
    results = await asyncio.gather(api.join(game_id, "ann", 0), api2.join(game_id, "bob", 0))
    kinds = sorted(r["__typename"] for r in results)
    assert kinds == ["Rejected", "SeatJoined"]
    assert next(r for r in results if r["__typename"] == "Rejected")["code"] == "SEAT_TAKEN"
    game = await api.game(game_id)
    assert game["version"] == 2


async def test_an_unknown_game_is_null(api: Api) -> None:
    assert await api.game("missing") is None


async def test_game_types_publish_schemas_and_provenance(api: Api) -> None:
    data = await api.gql(
        "{ gameTypes { id name minPlayers maxPlayers optionsSchema moveSchema provenance } }"
    )
    (trambahn,) = [t for t in data["gameTypes"] if t["id"] == "trambahn"]
    assert trambahn["optionsSchema"]["type"] == "object"
    assert {"end_turn", "board_passengers"} <= {
        option["properties"]["type"]["const"] for option in trambahn["moveSchema"]["oneOf"]
    }
    assert trambahn["provenance"]["dataSet"]
    assert set(trambahn["provenance"]["values"]) != set()


async def test_an_open_game_shows_the_empty_table(api: Api) -> None:
    game_id = (await api.create(None))["game"]["id"]
    game = await api.game(game_id, "status toAct state result { winners }")
    assert (game["status"], game["toAct"], game["result"]) == ("OPEN", [], None)
    assert game["state"]["turn"] == 0
