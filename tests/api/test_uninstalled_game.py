"""A game whose package is uninstalled is safe (issue 40): every route answers the typed
`GAME_TYPE_NOT_INSTALLED` (503), never a 500; its finished log stays exportable as stored; and
once the package is installed again the game is served whole. The package is Connect Four
(examples/connect-four), installed as a real distribution on the service's `PYTHONPATH`; the
three services share one Redis and key prefix, as replicas of one deployment would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.api.client import Api
from tests.api.rest_client import Rest
from tests.api.server import REPO, ServiceProcess, unique_prefix
from tests.engine.test_registration import install
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis
EXAMPLE = REPO / "examples" / "connect-four" / "src"
NOT_INSTALLED = (503, "GAME_TYPE_NOT_INSTALLED")


def connect_four(tmp_path: Path) -> dict[str, str]:
    site = install(
        tmp_path / "site", "boardstate-connect-four", {"connect-four": "connect_four:RULES"}
    )
    return {"PYTHONPATH": f"{site}:{EXAMPLE}"}


async def _play(rest: Rest, game_id: str, tokens: list[str], columns: list[int]) -> None:
    for i, column in enumerate(columns):
        seat = i % 2
        answer = await rest.move(game_id, seat, {"type": "drop", "column": column}, tokens[seat])
        assert answer.status_code in (200, 201), answer.text


async def _refusals(rest: Rest, api: Api, game_id: str, token: str) -> list[Any]:
    drop = {"type": "drop", "column": 0}
    answers = [
        await rest.request("GET", f"/games/{game_id}"),
        await rest.request("GET", f"/games/{game_id}/state"),
        await rest.request("GET", f"/games/{game_id}/events"),
        await rest.request("GET", f"/games/{game_id}/legal-moves", token, params={"seat": 0}),
        await rest.request("GET", f"/games/{game_id}/board.svg"),
        await rest.request("GET", f"/games/{game_id}/suggested-move", token, params={"seat": 0}),
        await rest.move(game_id, 0, drop, token),
        await rest.request("POST", f"/games/{game_id}/fork", json={"version": 2}),
        await rest.request("POST", f"/games/{game_id}/seats/0/resign", token),
        await rest.request("GET", f"/games/{game_id}/events/stream"),
    ]
    found = [(a.status_code, a.json().get("code")) for a in answers]
    errors = (await api.raw(f'{{ game(id: "{game_id}") {{ id state }} }}'))["errors"]
    submit = f"""mutation {{ submitMove(gameId: "{game_id}", seat: 0,
        move: {{type: "drop", column: 0}}) {{ __typename }} }}"""
    errors += (await api.raw(submit, token))["errors"]
    return [*found, *[(503, e["extensions"]["code"]) for e in errors]]


async def test_a_game_whose_package_is_gone_answers_typed_errors_and_comes_back_whole(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    prefix, env = unique_prefix(), connect_four(tmp_path)
    with ServiceProcess(redis_server.url, prefix, env=env) as served:
        rest = Rest(served.url)
        created = await rest.ok(
            "POST", "/games", json={"gameType": "connect-four", "players": 2, "seats": ["a", "b"]}
        )
        game_id, tokens = created["game"]["id"], [t["token"] for t in created["tokens"]]
        other = await rest.create(["c", "d"], gameType="connect-four")
        finished, others = other["game"]["id"], [t["token"] for t in other["tokens"]]
        await _play(rest, finished, others, [0, 1, 0, 1, 0, 1, 0])
        exported = (await rest.http.get(f"/v1/games/{finished}/log")).content
        await _play(rest, game_id, tokens, [3, 3, 4])
        before = await rest.ok("GET", f"/games/{game_id}/state")
        await rest.close()
    with ServiceProcess(redis_server.url, prefix) as bare:
        rest, api = Rest(bare.url), Api(bare.url)
        found = await _refusals(rest, api, game_id, tokens[0])
        assert found == [NOT_INSTALLED] * len(found), found
        listed = await rest.ok("GET", "/games", params={"gameType": "connect-four"})
        assert listed["items"] == []  # left out of lists while its package is gone
        raw = await rest.http.get(f"/v1/games/{finished}/log")
        assert (raw.status_code, raw.content) == (200, exported)
        types = await rest.request("GET", "/game-types/connect-four")
        assert (types.status_code, types.json()["code"]) == (404, "UNKNOWN_GAME_TYPE")
        await rest.close()
        await api.close()
    with ServiceProcess(redis_server.url, prefix, env=env) as again:
        rest = Rest(again.url)
        assert await rest.ok("GET", f"/games/{game_id}/state") == before
        answer = await rest.move(game_id, 1, {"type": "drop", "column": 4}, tokens[1])
        assert answer.status_code in (200, 201), answer.text
        assert (await rest.game(game_id))["version"] > before["version"]
        assert (await rest.game(finished))["status"] == "FINISHED"
        listed = await rest.ok("GET", "/games", params={"gameType": "connect-four"})
        assert {game_id, finished} <= {g["id"] for g in listed["items"]}
        await rest.close()
