"""A game created with an older rules version keeps those rules for ever: the log of a Tinners'
Trail 1.0.0 game (the area chosen before the roll) verifies and replays offline with `boardstate
verify`/`replay`, is imported by a running service, and a fork of it goes on with 1.0.0 on both
doors, while new games get 2.0.0 (the roll before the choice). docs/history.md, "Rules versions"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardstate.engine.registry import GAMES
from boardstate.service.history.log_format import read_log
from tests.api.client import Api
from tests.api.history import ADMIN_TOKEN, export, imported
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess
from tests.api.test_history_cli import run
from tests.golden.logs import LEGACY_DIRECTORY, LOG_CASES

pytestmark = pytest.mark.redis

NEW = next(c for c in LOG_CASES if c.game == "tinners-trail").path
OLD = LEGACY_DIRECTORY / "tinners-trail__p2__rules-1.0.0-dc41012.ndjson"
FORK = """
mutation($g: ID!, $v: Int!) {
  forkGame(gameId: $g, version: $v) {
    __typename
    ... on GameCreated { tokens { seat token } game { id rulesVersion toAct } }
    ... on Rejected { code message }
  }
}"""


def test_the_cli_verifies_and_replays_a_log_of_rules_1_0_0() -> None:
    assert GAMES["tinners-trail"].info.rules_version == "2.0.0"
    checked = run("verify", "--json", "--require-seed", str(OLD))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    report = json.loads(checked.stdout)
    assert (report["rulesVersion"], report["complete"], report["failure"]) == ("1.0.0", True, None)
    replayed = run("replay", "--spectator", str(OLD))
    assert replayed.returncode == 0, replayed.stderr
    final = json.loads(replayed.stdout)
    assert final["status"] == "FINISHED"
    assert final["version"] == len(read_log(OLD.read_bytes()))


async def test_a_service_imports_a_1_0_0_game_and_a_fork_of_it_goes_on_with_1_0_0(
    history: ServiceProcess, hapi: Api, tmp_path: Path
) -> None:
    payload = OLD.read_bytes()
    events = read_log(payload)
    game_id = await imported(history.url, payload)
    game = await hapi.game(game_id, "rulesVersion status version")
    assert game == {"rulesVersion": "1.0.0", "status": "FINISHED", "version": len(events)}
    assert await export(history.url, game_id) == payload
    opening = next(e for e in events if e.type == "OpeningStarted")
    forked = (await hapi.gql(FORK, ADMIN_TOKEN, g=game_id, v=opening.version))["forkGame"]
    assert forked["__typename"] == "GameCreated", forked
    fork, opener = forked["game"]["id"], opening.data["seats"][0]
    assert forked["game"]["rulesVersion"] == "1.0.0"
    token = next(t["token"] for t in forked["tokens"] if t["seat"] == opener)
    legal = await hapi.legal_moves(fork, opener, token)
    assert legal
    assert all(set(m) == {"type", "area"} for m in legal), "1.0.0: no faces yet"
    rest = Rest(history.url)
    try:
        assert (await rest.game(fork))["rulesVersion"] == "1.0.0"
        assert await rest.legal_moves(fork, opener, token) == legal
        answer = await rest.move(fork, opener, legal[0], token)
        assert answer.status_code == 201, answer.text
        kinds = [e["type"] for e in answer.json()["events"]]
        assert kinds[0] == "AreaSeeded"
        assert "OpeningDiceRolled" not in kinds
    finally:
        await rest.close()
    copy = tmp_path / "fork.ndjson"
    copy.write_bytes(await export(history.url, fork))
    checked = run("verify", "--json", str(copy))
    assert json.loads(checked.stdout)["failure"] is None, checked.stdout


async def test_a_new_game_shows_the_faces_rolled_before_the_choice_on_both_doors(
    history: ServiceProcess, hapi: Api
) -> None:
    events = read_log(NEW.read_bytes())
    assert events[0].data["rulesVersion"] == "2.0.0"
    game_id = await imported(history.url, NEW.read_bytes())
    rolled = next(e for e in events if e.type == "OpeningDiceRolled")
    forked = (await hapi.gql(FORK, ADMIN_TOKEN, g=game_id, v=rolled.version))["forkGame"]
    assert forked["__typename"] == "GameCreated", forked
    fork, opener, dice = forked["game"]["id"], rolled.data["seat"], rolled.data["dice"]
    assert forked["game"]["rulesVersion"] == "2.0.0"
    assert forked["game"]["toAct"] == [opener]
    token = next(t["token"] for t in forked["tokens"] if t["seat"] == opener)
    legal = await hapi.legal_moves(fork, opener, token)
    assert legal
    assert all(m["type"] == "open_area" and m["dice"] == dice for m in legal)
    query = "query($g: ID!) { game(id: $g) { state } }"
    view = (await hapi.gql(query, g=fork))["game"]["state"]
    assert list(view["opening_dice"].values()) == dice
    rest = Rest(history.url)
    try:
        assert await rest.legal_moves(fork, opener, token) == legal
        answer = await rest.move(
            fork, opener, {"type": "open_area", "area": legal[-1]["area"]}, token
        )
        assert answer.status_code == 201, answer.text
        seeded = answer.json()["events"][0]
        assert (seeded["type"], seeded["data"]["dice"]) == ("AreaSeeded", dice)
    finally:
        await rest.close()
