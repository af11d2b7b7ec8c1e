"""Fork, import and verify as REST routes (issue 29, item 5), side by side with the doors that
had them: the same inputs give the same outcomes and codes through `POST /v1/games/{id}/fork`
and GraphQL `forkGame`, through `POST /v1/games/import` and `POST /games/import`, and through
`POST /v1/games/verify` and `boardstate verify --json`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import msgpack
import pytest

from boardstate.service.history.log_format import read_log
from tests.api.client import Api
from tests.api.history import ADMIN_TOKEN, HISTORY_ENV, import_log, imported
from tests.api.server import ServiceProcess
from tests.api.test_fork_hidden import FORK, LOGS, middle_boundary
from tests.api.test_history_cli import run
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

PROBLEM = "application/problem+json"


async def post(base: str, path: str, token: str | None = None, **kwargs: Any) -> httpx.Response:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    async with httpx.AsyncClient(trust_env=False, timeout=60) as http:
        return await http.post(f"{base}{path}", headers=headers, **kwargs)


def problem_code(response: httpx.Response) -> str:
    assert response.headers["content-type"].startswith(PROBLEM), response.text
    code: str = response.json()["code"]
    return code


def edited(payload: bytes, field: str, value: Any) -> bytes:
    """The log with one field of its middle event replaced."""
    lines = payload.splitlines()
    middle = len(lines) // 2
    line = json.loads(lines[middle])
    line[field] = value
    lines[middle] = json.dumps(line).encode()
    return b"\n".join(lines) + b"\n"


def tampered(payload: bytes) -> bytes:
    """The log with its middle event's stateHash replaced: it no longer verifies."""
    return edited(payload, "stateHash", "0" * 64)


@pytest.mark.parametrize(
    ("game", "version", "exact", "token"),
    [
        ("tinners-trail", None, False, None),  # an open position: a plain fork
        ("trambahn", None, False, None),  # hidden cards: FORK_REVEALS_HIDDEN
        ("trambahn", None, True, None),  # an exact copy without the admin token
        ("trambahn", None, True, ADMIN_TOKEN),  # the operator's exact copy
        ("trambahn", 0, False, None),  # not a version to fork at
        ("trambahn", 10**9, False, None),
    ],
)
async def test_fork_answers_as_fork_game_does(
    game: str,
    version: int | None,
    exact: bool,
    token: str | None,
    history: ServiceProcess,
    hapi: Api,
) -> None:
    source = await imported(history.url, LOGS[game])
    at = middle_boundary(read_log(LOGS[game])) if version is None else version
    graphql = (await hapi.gql(FORK, token, g=source, v=at, exact=exact))["forkGame"]
    body = {"version": at, "exact": exact}
    rest = await post(history.url, f"/v1/games/{source}/fork", token, json=body)
    if graphql["__typename"] == "Rejected":
        assert problem_code(rest) == graphql["code"]
        return
    assert rest.status_code == 201, rest.text
    forked = rest.json()
    assert forked["game"]["version"] == graphql["game"]["version"]
    assert forked["game"]["id"] != graphql["game"]["id"]
    assert forked["game"]["forkedFrom"] == {"gameId": source, "version": at}
    assert [t["seat"] for t in forked["tokens"]] == [t["seat"] for t in graphql["tokens"]]


async def test_fork_of_an_unknown_or_running_game_is_refused_alike(
    history: ServiceProcess, hapi: Api
) -> None:
    running, _ = await hapi.new_game()
    for game_id in ("no-such-game", running):
        graphql = (await hapi.gql(FORK, g=game_id, v=3))["forkGame"]
        rest = await post(history.url, f"/v1/games/{game_id}/fork", json={"version": 3})
        assert problem_code(rest) == graphql["code"]
    bad = await post(history.url, f"/v1/games/{running}/fork", json={"version": "3"})
    assert (bad.status_code, problem_code(bad)) == (400, "BAD_REQUEST")


async def test_imports_through_both_doors_are_one_idempotent_import(
    history: ServiceProcess,
) -> None:
    payload = LOGS["tf22-mine"]
    first = await post(history.url, "/v1/games/import", ADMIN_TOKEN, content=payload)
    assert first.status_code in (200, 201), first.text
    again = await post(history.url, "/v1/games/import", ADMIN_TOKEN, content=payload)
    assert again.status_code == 200
    assert again.headers["idempotent-replayed"] == "true"
    legacy = await import_log(history.url, payload)
    assert legacy.status_code == 200
    assert legacy.json() == again.json() == first.json()
    assert first.json()["imported"] is True


@pytest.mark.parametrize(
    ("payload", "token", "status", "code"),
    [
        (b"not a log\n", ADMIN_TOKEN, 400, "BAD_LOG"),
        (b"", ADMIN_TOKEN, 400, "BAD_LOG"),
        (tampered(LOGS["trekking"]), ADMIN_TOKEN, 422, "LOG_UNVERIFIED"),  # never imported
        # The same game as an imported log, its moves' times changed: another log of that game.
        (
            edited(LOGS["trambahn"], "at", "2026-01-01T00:00:00.001Z"),
            ADMIN_TOKEN,
            409,
            "LOG_CONFLICT",
        ),
        (LOGS["trambahn"], None, 401, "UNAUTHORIZED"),
        (LOGS["trambahn"], "not-the-admin-token-0123", 401, "UNAUTHORIZED"),
    ],
)
async def test_a_refused_import_has_the_same_status_and_code_on_both_doors(
    payload: bytes, token: str | None, status: int, code: str, history: ServiceProcess
) -> None:
    await imported(history.url, LOGS["trambahn"])
    v1 = await post(history.url, "/v1/games/import", token, content=payload)
    legacy = await import_log(history.url, payload, token)
    assert (v1.status_code, problem_code(v1)) == (status, code)
    assert (legacy.status_code, legacy.json()["error"]["code"]) == (status, code)
    if code == "LOG_CONFLICT":
        assert v1.json()["details"]["gameId"] == legacy.json()["error"]["gameId"]


@pytest.fixture(scope="module")
def small(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """A server that imports and verifies logs of at most 4 KiB, and one without imports."""
    env = HISTORY_ENV | {"BOARDSTATE_MAX_IMPORT_BYTES": "4096"}
    with ServiceProcess(redis_server.url, env=env) as process:
        yield process


async def test_a_log_over_the_limit_is_413_on_every_door(small: ServiceProcess) -> None:
    payload = LOGS["trambahn"]
    assert len(payload) > 4096
    for path, token in (("/v1/games/import", ADMIN_TOKEN), ("/v1/games/verify", None)):
        answer = await post(small.url, path, token, content=payload)
        assert (answer.status_code, problem_code(answer)) == (413, "LOG_TOO_LARGE")
    legacy = await import_log(small.url, payload)
    assert (legacy.status_code, legacy.json()["error"]["code"]) == (413, "LOG_TOO_LARGE")


@pytest.mark.parametrize("game", sorted(LOGS))
@pytest.mark.parametrize("edited", [False, True])
async def test_verify_reports_what_boardstate_verify_prints(
    game: str, edited: bool, history: ServiceProcess, tmp_path: Path
) -> None:
    payload = tampered(LOGS[game]) if edited else LOGS[game]
    answer = await post(history.url, "/v1/games/verify", content=payload)
    assert answer.status_code == 200, answer.text
    path = tmp_path / "game.ndjson"
    path.write_bytes(payload)
    printed = run("verify", str(path), "--json")
    assert printed.returncode == (1 if edited else 0), printed.stderr
    assert answer.json() == json.loads(printed.stdout)
    assert answer.json()["ok"] is not edited
    packed = tmp_path / "game.msgpack"
    packed.write_bytes(b"".join(msgpack.packb(e.to_export()) for e in read_log(payload)))
    as_msgpack = await post(history.url, "/v1/games/verify", content=packed.read_bytes())
    assert as_msgpack.json() == answer.json()


async def test_verify_of_something_else_is_bad_log(history: ServiceProcess) -> None:
    answer = await post(history.url, "/v1/games/verify", content=b"[1, 2]\n")
    assert (answer.status_code, problem_code(answer)) == (400, "BAD_LOG")


async def test_a_log_body_is_bounded_by_the_import_limit_not_the_request_limit(
    history: ServiceProcess,
) -> None:
    body = b"{}\n" * (700 * 1024)  # 2.1 MB: over the 1 MiB request limit, under the import one
    for path in ("/v1/games/verify", "/v1/games/import"):
        answer = await post(history.url, path, ADMIN_TOKEN, content=body)
        assert (answer.status_code, problem_code(answer)) == (400, "BAD_LOG")


@pytest.fixture(scope="module")
def few_creates(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """A server that lets one address create (or fork) two games a minute."""
    env = HISTORY_ENV | {"BOARDSTATE_RATE_LIMITS": "1", "BOARDSTATE_RATE_LIMIT_CREATE": "2/minute"}
    with ServiceProcess(redis_server.url, env=env) as process:
        yield process


async def test_forks_count_against_the_create_limit_on_both_doors(
    few_creates: ServiceProcess,
) -> None:
    source = await imported(few_creates.url, LOGS["tinners-trail"])  # imports are not counted
    at = middle_boundary(read_log(LOGS["tinners-trail"]))
    api = Api(few_creates.url)
    try:
        for _ in range(2):
            rest = await post(few_creates.url, f"/v1/games/{source}/fork", json={"version": at})
            assert rest.status_code == 201, rest.text
        refused = await post(few_creates.url, f"/v1/games/{source}/fork", json={"version": at})
        assert (refused.status_code, problem_code(refused)) == (429, "RATE_LIMITED")
        assert int(refused.headers["retry-after"]) > 0
        graphql = (await api.gql(FORK, g=source, v=at))["forkGame"]
        assert (graphql["__typename"], graphql["code"]) == ("Rejected", "RATE_LIMITED")
    finally:
        await api.close()


async def test_the_log_routes_allow_post_only(history: ServiceProcess) -> None:
    async with httpx.AsyncClient(trust_env=False, timeout=30) as http:
        for path in ("/v1/games/import", "/v1/games/verify"):
            for method in ("OPTIONS", "DELETE", "PUT"):
                answer = await http.request(method, f"{history.url}{path}")
                assert (answer.status_code, answer.headers["allow"]) == (405, "POST"), path
