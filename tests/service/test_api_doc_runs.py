"""docs/api.md's shell blocks (and bots.md's) run as printed (issue 39, item 8), in one terminal session after
the docs index's "The shell of the examples", against a service started as `make run` starts it
with an admin token, each step answering something. The SDKs' install block is the one left
out: tests/clients installs and runs both SDKs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.doc_blocks import blocks
from tests.made_run import BIN, MadeRun
from tests.service.test_readme_runs import newcomer_env, shell

pytestmark = [pytest.mark.redis, pytest.mark.timeout(900)]

ADMIN = "doc-admin-token-0123456789abcdef"
EXAMPLE_COM = "93.184.215.14"  # a public address: the resolver answers it, nothing is sent there


def test_the_admin_token_block_makes_a_token_the_service_takes(tmp_path: Path) -> None:
    (code,) = [code for title, code in blocks("README.md", "sh") if title == "The admin token"]
    ran = shell(tmp_path, code)
    assert ran.returncode == 0, ran.stderr
    assert len(ran.stdout.strip()) >= 16


def test_every_block_of_the_api_tour_runs(tmp_path: Path) -> None:
    root = tmp_path / "boardstate"
    root.mkdir()
    (root / ".venv").symlink_to(BIN.parent)
    hosts = tmp_path / "hosts.json"
    hosts.write_text(json.dumps({"example.com": [[EXAMPLE_COM]]}))
    setup = dict(blocks("README.md", "sh"))["The shell of the examples"]
    tour = blocks("api.md", "sh")
    assert [title for title, _ in tour] == [
        "GraphQL with curl",
        "Follow a game over Server-Sent Events",
        "The same with REST",
        "Board pictures",
        "Words in German",
        "Resign, clocks, admin",
        "You against a bot",
        "Webhooks and the feed",
        "Install the SDKs",
        "Export, verify, replay, import",
    ]
    env = {"BOARDSTATE_ADMIN_TOKEN": ADMIN, "BOARDSTATE_WEBHOOK_TEST_HOSTS": str(hosts)}
    with MadeRun(root, **env) as service:
        tour_blocks = [code for title, code in tour if title != "Install the SDKs"]
        terminal = dict(blocks("bots.md", "sh"))["Play in the terminal"]  # stdin spent: each stops
        session = "\n".join([setup, *tour_blocks, terminal])
        session = session.replace(":8000", f":{service.port}")
        ran = shell(
            root, session, stdin="q\n", env=newcomer_env() | {"BOARDSTATE_ADMIN_TOKEN": ADMIN}
        )
    assert ran.returncode == 0, (ran.stderr[-1500:], ran.stdout[-1500:])
    out = ran.stdout
    assert json.loads((root / "created.json").read_text())["game"]["gameType"] == "trambahn"
    assert "event: GameCreated" in out  # the REST event stream
    assert "event: next" in out  # GraphQL over SSE
    assert "HTTP/1.1 201" in out  # the REST move
    assert "Das Spiel wurde angelegt" in out  # Accept-Language: de
    assert re.search(r"^content-language: de\s*$", out, re.M | re.I)
    for picture in ("board.svg", "seat.svg", "offline.svg"):
        assert (root / picture).read_text().startswith("<svg"), picture
    assert '{"onTimeout": "stand-in", "perMoveSeconds": 60.0' in out  # the clock
    assert re.findall(r"^(ACTIVE|ABANDONED)$", out, re.M) == ["ACTIVE", "ABANDONED"]
    assert json.loads((root / "deliveries.json").read_text())[0]["type"] == "game.created"
    assert "OK: the log is verified completely" in out
    assert json.loads((root / "view.json").read_text())
    assert re.search(r'"gameId": ?"[^"]+"', out)  # the import's answer
    assert len(re.findall(r"^game \S+$", out, re.M)) == 1  # bots.md's --online game
