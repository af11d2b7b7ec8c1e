"""A game from outside, as a user installs it (issue 40): the service's wheel and the Connect
Four package (examples/connect-four) go into a fresh virtual environment outside the
repository (local paths only; dependencies come from the package index), the service starts
from it, and Connect Four gets everything with no change to the service: REST, GraphQL and the
command socket, humans and bots, verify and fork, the archive, the picture, `check-game`.
One environment for the session; the slowest part is installing the dependencies."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.api.client import Api
from tests.api.rest_client import Rest
from tests.api.socket_support import RawSocket
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.slow]
REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "connect-four"
INSTALL_TIMEOUT = 1200
CACHES = shutil.ignore_patterns("__pycache__", "build", "*.egg-info")


@pytest.fixture(scope="session")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh environment with the service's wheel and the Connect Four package installed."""
    root = tmp_path_factory.mktemp("outside")
    wheels = root / "wheels"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}

    def run(*args: str) -> None:
        done = subprocess.run(args, cwd=root, env=env, capture_output=True, text=True,
                              timeout=INSTALL_TIMEOUT, check=False)  # fmt: skip
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]

    # Built from copies (what deploy/Dockerfile copies), so no build folder lands in the tree.
    source, example = root / "source", root / "connect-four"
    for part in ("boardstate", "engine", "schema", "service"):
        shutil.copytree(REPO / part, source / part, symlinks=True, ignore=CACHES)
    for part in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / part, source / part)
    shutil.copytree(EXAMPLE, example, ignore=CACHES)
    run(sys.executable, "-m", "venv", str(root / "venv"))
    pip = str(root / "venv" / "bin" / "pip")
    run(pip, "wheel", "--quiet", "--no-deps", "--wheel-dir", str(wheels), str(source))
    (wheel,) = wheels.glob("boardstate-*.whl")
    run(pip, "install", "--quiet", str(wheel), str(example))
    return root / "venv"


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def served(venv: Path, redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[tuple[str, dict[str, str], Path]]:  # fmt: skip
    """`boardstate serve` from the environment, in a folder of its own; its URL and env."""
    cwd = tmp_path_factory.mktemp("served")
    env = {k: v for k, v in os.environ.items() if not k.startswith("BOARDSTATE_")}
    env.pop("PYTHONPATH", None)
    env |= {
        "REDIS_URL": redis_server.url,
        "BOARDSTATE_KEY_PREFIX": "bs-outside",
        "BOARDSTATE_ARCHIVE_STORE": str(cwd / "archive"),
        "BOARDSTATE_ARCHIVE_AFTER": "1",
        "BOARDSTATE_LOG_LEVEL": "WARNING",
    }
    port = _port()
    process = subprocess.Popen(
        [str(venv / "bin" / "boardstate"), "serve", "--port", str(port)],
        cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                break
        except httpx.TransportError:
            time.sleep(0.2)
    else:  # pragma: no cover - a failure report
        process.kill()
        pytest.fail(f"the service did not start: {process.communicate()[1]!r}")
    yield url, env, cwd
    process.terminate()
    process.wait(timeout=60)


def _command(venv: Path, cwd: Path, env: dict[str, str], *args: str) -> Any:
    """`boardstate ARGS` from the environment."""
    return subprocess.run([str(venv / "bin" / "boardstate"), *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300, check=False)  # fmt: skip


async def _finish_by_rest(rest: Rest, game_id: str, tokens: list[str]) -> None:
    for i, column in enumerate([0, 1, 0, 1, 0, 1, 0]):  # seat 0 stacks four in column 0
        answer = await rest.move(game_id, i % 2, {"type": "drop", "column": column}, tokens[i % 2])
        assert answer.status_code in (200, 201), answer.text


async def _bots_finish(rest: Rest, game_id: str) -> dict[str, Any]:
    for _ in range(600):
        game = await rest.game(game_id)
        if game["status"] == "FINISHED":
            return dict(game)
        await asyncio.sleep(0.1)
    raise AssertionError(f"the bots did not finish {game_id}")


async def test_connect_four_installed_from_outside_gets_the_whole_service(
    served: tuple[str, dict[str, str], Path], venv: Path
) -> None:
    url, env, cwd = served
    rest, api = Rest(url), Api(url)
    types = {t["id"]: t for t in await rest.ok("GET", "/game-types")}
    assert (types["connect-four"]["package"], types["connect-four"]["packageVersion"]) == (
        "boardstate-connect-four", "1.0.0")  # fmt: skip
    # REST, two humans, to a win.
    created = await rest.create(["ann", "bob"], gameType="connect-four")
    game_id, tokens = created["game"]["id"], [t["token"] for t in created["tokens"]]
    await _finish_by_rest(rest, game_id, tokens)
    assert (await rest.game(game_id))["result"]["winners"] == [0]
    # GraphQL: a human against the search bot, over the command socket for the human.
    made = await api.gql(
        """mutation { createGame(gameType: "connect-four", players: 2, seats: ["cy"],
             bots: [{seat: 1, policy: "search", budgetMs: 50}]) {
             ... on GameCreated { game { id } tokens { seat token } } } }"""
    )
    vs_bot, token = made["createGame"]["game"]["id"], made["createGame"]["tokens"][0]["token"]
    port = int(url.rsplit(":", 1)[1])
    command = await RawSocket(port, token=token).open()
    try:
        for _ in range(30):
            game = await api.game(vs_bot, "status toAct version legalMoves(seat: 0)", token)
            if game["status"] == "FINISHED":
                break
            if game["toAct"] != [0]:
                await asyncio.sleep(0.1)
                continue
            answer = await command.call({"type": "move", "gameId": vs_bot, "seat": 0,
                                         "move": game["legalMoves"][0]})  # fmt: skip
            assert answer["type"] == "accepted", answer
        assert (await api.game(vs_bot, "status"))["status"] == "FINISHED"
    finally:
        await command.close()
    # Bots on every seat, through REST.
    all_bots = await rest.ok("POST", "/games", json={"gameType": "connect-four", "players": 2,
                             "bots": [{"seat": s, "policy": "random", "budgetMs": 50} for s in (0, 1)]})  # fmt: skip
    await _bots_finish(rest, all_bots["game"]["id"])
    # History: verify the exported log, fork it, draw it.
    log = (await rest.http.get(f"/v1/games/{game_id}/log")).content
    verified = await rest.ok("POST", "/games/verify", content=log,
                             headers={"content-type": "application/x-ndjson"})  # fmt: skip
    assert verified["ok"] is True, verified
    fork = await rest.ok("POST", f"/games/{game_id}/fork", json={"version": 5})
    assert fork["game"]["gameType"] == "connect-four"
    svg = await rest.http.get(f"/v1/games/{game_id}/board.svg")
    assert svg.status_code == 200
    assert 'id="grid-board"' in svg.text
    # The archive: archived by the command, read back whole by the service.
    before = await rest.ok("GET", f"/games/{game_id}/state")
    await asyncio.sleep(1.5)
    archived = await asyncio.to_thread(_command, venv, cwd, env, "archive", "run")
    assert archived.returncode == 0, archived.stderr
    assert await rest.ok("GET", f"/games/{game_id}/state") == before
    assert (await rest.http.get(f"/v1/games/{game_id}/log")).content == log
    await rest.close()
    await api.close()
    # The conformance kit, from the same environment.
    checked = await asyncio.to_thread(
        _command, venv, cwd, env, "check-game", "connect-four", "--seeds", "3"
    )
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.splitlines()[-1].startswith("connect-four: ")
