"""Dumps for analysts (issue 31, item 5): every ended game of a type over a period, one NDJSON
line per game, from the API and the CLI, each line valid against the published JSON Schema,
archived games included; then DuckDB answers "win rate by seat per game type" and "average game
length by player count" from the dumps, equal to what Python computes from the games.

Real Redis, a real service process, the real `boardstate` command; the games are real seeded
random games written by the same code the service writes through (`play_offline`).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import uuid
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import httpx
import jsonschema
import pytest

from boardstate.engine.registry import GAMES
from boardstate.service.contract.dump_lines import DUMP_LINE_SCHEMA
from boardstate.service.log.event_builder import play_offline
from boardstate.service.store import GameSummary, RedisEventStore, StoredEvent, connect
from tests.api.server import ServiceProcess, unique_prefix
from tests.redis_support import RedisServer

ADMIN = "dump-admin-token-0123456789abcdef"
ENDED_AT = "2026-03-01T12:00:00.000Z"
OUTSIDE_AT = "2026-05-01T12:00:00.000Z"
PERIOD = {"from": "2026-02-01", "to": "2026-04-01"}
GAMES_PLAYED = (
    ("trekking", 2, "d1"),
    ("trekking", 2, "d2"),
    ("trekking", 3, "d3"),
    ("trekking", 4, "d4"),
    ("tinners-trail", 2, "d5"),
    ("tinners-trail", 3, "d6"),
    ("tinners-trail", 3, "d7"),
)
NAMES = ("Ada", "Bo", "Cy", "Di")
BIN = Path(sys.executable).parent
SCHEMA_FILE = Path(__file__).resolve().parents[2] / "schema" / "dump-line.schema.json"


async def store_game(
    store: RedisEventStore, game: str, players: int, seed: str, at: str
) -> tuple[str, list[StoredEvent]]:
    events = play_offline(GAMES[game], NAMES[:players], seed, at=at)
    game_id = f"g{uuid.uuid4().hex[:16]}"
    meta = {"gameType": game, "status": "FINISHED", "createdAt": events[0].at, "seed": seed}
    assert await store.create(game_id, events[0], meta, rest=events[1:])
    await store.index_put(GameSummary(game_id, game, "FINISHED", at, NAMES[:players]))
    return game_id, events


@pytest.fixture(scope="module")
def stored(redis_server: RedisServer) -> tuple[str, dict[str, list[StoredEvent]]]:
    prefix = unique_prefix()

    async def fill() -> dict[str, list[StoredEvent]]:
        store = connect(redis_server.url, cluster=False, prefix=prefix)
        try:
            games = {}
            for game, players, seed in GAMES_PLAYED:
                game_id, events = await store_game(store, game, players, seed, ENDED_AT)
                games[game_id] = events
            await store_game(store, "trekking", 2, "late", OUTSIDE_AT)  # ended after the period
            return games
        finally:
            await store.close()

    return prefix, asyncio.run(fill())


@pytest.fixture(scope="module")
def server(
    redis_server: RedisServer, stored: tuple[str, dict[str, list[StoredEvent]]]
) -> Iterator[ServiceProcess]:
    env = {"BOARDSTATE_ADMIN_TOKEN": ADMIN}
    with ServiceProcess(redis_server.url, stored[0], env) as process:
        yield process


def lines_of(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def dump_api(server: ServiceProcess, game: str, token: str | None = ADMIN) -> httpx.Response:
    headers = {} if token is None else {"authorization": f"Bearer {token}"}
    with httpx.Client(base_url=server.url, trust_env=False, timeout=120) as http:
        return http.get(f"/v1/dumps/{game}", params=PERIOD, headers=headers)


def test_the_published_schema_file_is_the_contracts() -> None:
    assert json.loads(SCHEMA_FILE.read_text()) == DUMP_LINE_SCHEMA


def test_a_dump_holds_every_game_of_the_type_ended_in_the_period_each_line_valid(
    server: ServiceProcess, stored: tuple[str, dict[str, list[StoredEvent]]]
) -> None:
    validator = jsonschema.Draft202012Validator(DUMP_LINE_SCHEMA)
    games = stored[1]
    for game in ("trekking", "tinners-trail"):
        answer = dump_api(server, game)
        assert answer.status_code == 200, answer.text
        assert answer.headers["content-type"].startswith("application/x-ndjson")
        lines = lines_of(answer.text)
        for line in lines:
            validator.validate(line)
        expected = {gid for gid, ev in games.items() if ev[0].data["gameType"] == game}
        assert {line["gameId"] for line in lines} == expected
        for line in lines:
            events = games[line["gameId"]]
            assert line["versions"] == len(events) == len(line["log"])
            assert line["log"][-1]["type"] == "GameEnded"
            assert line["log"] == [e.to_export() for e in events]  # complete, nothing redacted
            assert line["endedAt"] == ENDED_AT


def test_dumps_are_the_admins_unless_public_and_refuse_what_is_no_period(
    server: ServiceProcess,
) -> None:
    assert dump_api(server, "trekking", None).json()["code"] == "UNAUTHORIZED"
    assert dump_api(server, "nope").json()["code"] == "UNKNOWN_GAME_TYPE"
    with httpx.Client(base_url=server.url, trust_env=False, timeout=60) as http:
        auth = {"authorization": f"Bearer {ADMIN}"}
        for params in ({"from": "yesterday"}, {"from": "2026-04-01", "to": "2026-02-01"}):
            bad = http.get("/v1/dumps/trambahn", params=params, headers=auth)
            assert bad.status_code == 400, bad.text
            assert bad.json()["code"] == "BAD_REQUEST"


def test_a_public_service_dumps_without_a_token(
    redis_server: RedisServer, stored: tuple[str, dict[str, list[StoredEvent]]]
) -> None:
    with ServiceProcess(redis_server.url, stored[0], {"BOARDSTATE_DUMPS_PUBLIC": "1"}) as public:
        answer = dump_api(public, "trekking", None)
    assert answer.status_code == 200
    assert len(lines_of(answer.text)) == 4


def cli_dump(redis_server: RedisServer, prefix: str, game: str, out: Path) -> list[dict[str, Any]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("BOARDSTATE_")}
    env |= {"REDIS_URL": redis_server.url, "BOARDSTATE_KEY_PREFIX": prefix}
    command = [str(BIN / "boardstate"), "dump", game, "--from", PERIOD["from"], "--to"]
    subprocess.run(
        [*command, PERIOD["to"], "-o", str(out)],
        env=env,
        check=True,
        timeout=300,
        capture_output=True,
    )
    return lines_of(out.read_text())


def test_the_cli_writes_the_same_lines_and_duckdb_answers_the_analysts_questions(
    redis_server: RedisServer,
    server: ServiceProcess,
    stored: tuple[str, dict[str, list[StoredEvent]]],
    tmp_path: Path,
) -> None:
    files = []
    for game in ("trekking", "tinners-trail"):
        out = tmp_path / f"{game}.ndjson"
        by_cli = cli_dump(redis_server, stored[0], game, out)
        by_api = lines_of(dump_api(server, game).text)
        assert sorted(by_cli, key=lambda x: x["gameId"]) == sorted(
            by_api, key=lambda x: x["gameId"]
        )
        files.append(str(out))
    lines = [line for f in files for line in lines_of(Path(f).read_text())]
    wins: dict[tuple[str, int], list[int]] = defaultdict(list)
    lengths: dict[int, list[int]] = defaultdict(list)
    for line in lines:
        for seat in line["seats"]:
            wins[(line["gameType"], seat["seat"])].append(int(seat["seat"] in line["winners"]))
        lengths[line["players"]].append(line["versions"])
    db = duckdb.connect()
    db.execute(
        "CREATE TABLE games AS SELECT * FROM read_ndjson(?, columns = "
        "{gameType: 'VARCHAR', players: 'INTEGER', seats: 'JSON', winners: 'INTEGER[]', "
        "versions: 'INTEGER'})",
        [files],
    )
    rates = db.execute(
        """SELECT gameType, seat, avg(CASE WHEN list_contains(winners, seat) THEN 1 ELSE 0 END)
           FROM games, range(players) AS r(seat) GROUP BY gameType, seat ORDER BY 1, 2"""
    ).fetchall()
    assert rates == sorted((g, s, pytest.approx(sum(v) / len(v))) for (g, s), v in wins.items())
    average = db.execute(
        "SELECT players, avg(versions) FROM games GROUP BY players ORDER BY players"
    ).fetchall()
    assert average == [(n, pytest.approx(sum(v) / len(v))) for n, v in sorted(lengths.items())]
