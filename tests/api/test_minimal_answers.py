"""The minimal answer to a move (issue 41, item 4): `Prefer: return=minimal` on REST, `minimal`
on the command socket. The move is checked and recorded as always; the answer carries the
version, the mover's events (redacted alike) and the game's header, not the game."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from referencing import Registry, Resource

from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess
from tests.api.socket_support import RawSocket

pytestmark = pytest.mark.redis

OPENAPI = json.loads(
    (Path(__file__).resolve().parents[2] / "schema" / "openapi.json").read_text(encoding="utf-8")
)
MINIMAL = {"Prefer": "return=minimal"}


def openapi_validator(name: str) -> jsonschema.Draft202012Validator:
    """A validator of one component schema of the committed OpenAPI document."""
    registry: Registry[Any] = Registry().with_resource("doc", Resource.opaque(OPENAPI))
    schema = {"$ref": f"doc#/components/schemas/{name}"}
    return jsonschema.Draft202012Validator(schema, registry=registry)


@pytest.fixture
async def rest(service: ServiceProcess) -> AsyncIterator[Rest]:
    client = Rest(service.url)
    yield client
    await client.close()


async def first_move(rest: Rest, game_id: str, tokens: list[str]) -> tuple[int, Any]:
    game = await rest.game(game_id)
    seat = game["toAct"][0]
    return seat, (await rest.legal_moves(game_id, seat, tokens[seat]))[0]


async def test_return_minimal_answers_version_events_and_header_without_the_game(
    rest: Rest,
) -> None:
    # Two games of one seed: the same move, once answered in full and once minimally.
    full_id, full_tokens = await rest.new_game(seed="minimal-1")
    short_id, short_tokens = await rest.new_game(seed="minimal-1")
    seat, move = await first_move(rest, full_id, full_tokens)
    full = await rest.move(full_id, seat, move, full_tokens[seat], moveId="m-1")
    short = await rest.move(short_id, seat, move, short_tokens[seat], MINIMAL, moveId="m-1")
    assert (full.status_code, short.status_code) == (201, 201), short.text
    assert "preference-applied" not in full.headers
    assert short.headers["preference-applied"] == "return=minimal"
    assert "Prefer" in short.headers["vary"]
    assert short.headers["etag"] == full.headers["etag"]
    body, whole = short.json(), full.json()
    openapi_validator("MoveMinimalOut").validate(body)
    assert set(body) == {"version", "events", "header", "dryRun"}
    assert body["version"] == whole["version"] == body["header"]["version"]
    timeless = {"stateHash", "at"}  # two games: their own times, so their own hashes
    strip = [{k: v for k, v in e.items() if k not in timeless} for e in whole["events"]]
    assert [{k: v for k, v in e.items() if k not in timeless} for e in body["events"]] == strip
    game = await rest.game(short_id)
    assert body["header"]["toAct"] == game["toAct"] == whole["game"]["toAct"]
    assert body["header"]["status"] == game["status"]
    assert body["header"]["state"] is None  # the header without the state view


async def test_a_retry_and_a_dry_run_answer_minimally_too(rest: Rest) -> None:
    game_id, tokens = await rest.new_game(seed="minimal-2")
    seat, move = await first_move(rest, game_id, tokens)
    dry = await rest.move(game_id, seat, move, tokens[seat], MINIMAL, dryRun=True)
    assert dry.status_code == 200
    assert dry.json()["dryRun"] is True
    assert not dry.json()["events"]
    first = await rest.move(game_id, seat, move, tokens[seat], MINIMAL, moveId="once")
    again = await rest.move(game_id, seat, move, tokens[seat], MINIMAL, moveId="once")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["version"] == first.json()["version"]
    assert again.json()["events"] == first.json()["events"]


@pytest.mark.parametrize(
    "prefer",
    [
        "return=representation",
        "respond-async",
        "return=shortest",
        "return=minimal, return=representation",
        "return=" + "minimal" * 200,
        "x" * 2000 + ", return=minimal",
    ],
)
async def test_other_preferences_get_the_full_answer(rest: Rest, prefer: str) -> None:
    game_id, tokens = await rest.new_game()
    seat, move = await first_move(rest, game_id, tokens)
    answer = await rest.move(game_id, seat, move, tokens[seat], {"Prefer": prefer})
    assert answer.status_code == 201, answer.text
    assert "game" in answer.json()
    assert "preference-applied" not in answer.headers


@pytest.mark.parametrize("prefer", ['RETURN = "minimal"', "wait=10, return=minimal; x=y"])
async def test_the_preference_is_read_as_rfc_7240_writes_it(rest: Rest, prefer: str) -> None:
    game_id, tokens = await rest.new_game()
    seat, move = await first_move(rest, game_id, tokens)
    answer = await rest.move(game_id, seat, move, tokens[seat], {"Prefer": prefer})
    assert answer.status_code == 201
    assert "game" not in answer.json()


async def test_a_refused_move_is_the_same_problem_either_way(rest: Rest) -> None:
    game_id, tokens = await rest.new_game()
    seat, move = await first_move(rest, game_id, tokens)
    answer = await rest.move(game_id, 1 - seat, move, tokens[1 - seat], MINIMAL)
    plain = await rest.move(game_id, 1 - seat, move, tokens[1 - seat])
    assert answer.json()["code"] == plain.json()["code"] == "NOT_YOUR_TURN"
    assert answer.status_code == plain.status_code == 422


async def test_the_socket_answers_accepted_minimal(service: ServiceProcess, rest: Rest) -> None:
    game_id, tokens = await rest.new_game(seed="minimal-3")
    seat, move = await first_move(rest, game_id, tokens)
    socket = await RawSocket(service.port, tokens[seat]).open()  # validates every message
    try:
        message = {"type": "move", "gameId": game_id, "seat": seat, "move": move}
        answer = await socket.call({**message, "minimal": True, "moveId": "s-1"})
        assert answer["type"] == "acceptedMinimal", answer
        assert "game" not in answer
        assert answer["replayed"] is False
        assert answer["header"]["version"] == answer["version"]
        again = await socket.call({**message, "minimal": True, "moveId": "s-1"})
        assert again["type"] == "acceptedMinimal"
        assert again["replayed"] is True
    finally:
        await socket.close()
