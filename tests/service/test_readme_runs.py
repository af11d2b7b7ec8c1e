"""The README's commands run as printed (issue 39, items 1, 2 and 8): its shell blocks, in one
terminal session as a newcomer types them, from a folder standing for the repository's root
(its `.venv` the one the tests run in), against a service started as `make run` starts it; each
returns something, not an empty answer."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from boardstate.service.store import connect
from tests.archive.test_dumps import store_game
from tests.made_run import BIN, MadeRun

pytestmark = pytest.mark.redis

README = Path(__file__).resolve().parents[2] / "README.md"
FENCE = re.compile(r"^#### ([^\n]*)\n\n```sh\n(.*?)^```$", re.M | re.S)


def readme_blocks() -> dict[str, str]:
    return dict(FENCE.findall(README.read_text(encoding="utf-8")))


def newcomer_env() -> dict[str, str]:
    """A fresh terminal: no service setting, and `boardstate` not on PATH until activated."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("BOARDSTATE_")}
    env.pop("REDIS_URL", None)
    env.pop("VIRTUAL_ENV", None)
    path = [p for p in env.get("PATH", "").split(os.pathsep) if p and Path(p) != BIN]
    return env | {"PATH": os.pathsep.join(path)}


def shell(
    root: Path, code: str, stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-euo", "pipefail", "-c", code],
        cwd=root,
        env=newcomer_env() if env is None else env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def ended_games(service: MadeRun, count: int) -> list[str]:
    """`count` Trambahn games that ended two hours ago, where the service keeps its games."""
    found = service.found()
    at = (datetime.now(UTC) - timedelta(hours=2)).isoformat(timespec="milliseconds")
    at = at.replace("+00:00", "Z")

    async def store() -> list[str]:
        redis = connect(str(found["redisUrl"]), cluster=False, prefix=str(found["keyPrefix"]))
        try:
            return [(await store_game(redis, "trambahn", 2, f"r{n}", at))[0] for n in range(count)]
        finally:
            await redis.close()

    return asyncio.run(store())


def test_the_readme_is_a_front_page() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 250
    first_screen = "\n".join(text.splitlines()[:40])
    assert "make run" in first_screen
    assert "make test" in first_screen
    assert "open http://127.0.0.1:8000/ and play" in first_screen
    assert list(readme_blocks()) == [
        "Play a move with curl",
        "The command on your PATH",
        "Commands on the running service",
    ]
    # The one other shell block is `make run` / `make test`: what `MadeRun` and CI run.
    assert text.count("```sh\n") == len(readme_blocks()) + 1
    curl = readme_blocks()["Play a move with curl"]
    assert len([line for line in curl.splitlines() if not line.startswith("#")]) <= 12


def test_the_readme_blocks_run_against_the_service_make_run_starts(tmp_path: Path) -> None:
    root = tmp_path / "boardstate"
    root.mkdir()
    (root / ".venv").symlink_to(BIN.parent)  # the repository's .venv, made by `make run`
    with MadeRun(root) as service:
        blocks = readme_blocks()
        curl = shell(root, blocks["Play a move with curl"].replace(":8000", f":{service.port}"))
        assert curl.returncode == 0, curl.stderr
        describe, event_type = curl.stdout.splitlines()
        assert describe.strip()  # the move in words
        assert event_type.strip()
        assert (root / "board.svg").read_text().startswith("<svg")
        assert json.loads((root / "moved.json").read_text())["version"] > 1
        games = ended_games(service, 2)
        session = blocks["The command on your PATH"] + blocks["Commands on the running service"]
        ran = shell(root, session, stdin="q\n")
        assert ran.returncode == 0, ran.stderr
        assert "usage: boardstate" in ran.stdout
        assert re.search(r"^game \S+$", ran.stdout, re.M)  # played on the service
        dumped = [json.loads(line)["gameId"] for line in (root / "trambahn.ndjson").open()]
        assert set(games) <= set(dumped)
        archived = re.search(r'\{"archived": (\d+)', ran.stdout)  # after play's last prompt
        assert archived is not None, ran.stdout[-2000:]
        assert int(archived[1]) >= 2
        rated = [json.loads(line) for line in ran.stdout.splitlines() if line.startswith('{"game')]
        assert {line["gameType"] for line in rated} == {
            "trambahn",
            "tinners-trail",
            "trekking",
            "tf22-mine",
        }
