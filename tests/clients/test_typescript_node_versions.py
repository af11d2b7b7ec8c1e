"""The TypeScript SDK on every Node.js release line it claims (issue 39): 20, 22 and the current
one, each installed by tests/clients/node_versions.py. On each, the SDK's own build runs (`tsc`
from its fresh checkout), the minimal project of docs/sdks.md (the tarball installed into it)
compiles, and its programs play against a real service on real Redis: a whole Trambahn game on
the command socket, opened with no option (on Node.js 20 the SDK takes the `ws` package, on the
others the runtime's own `WebSocket`), a whole game over REST and the event streams, and the
page's `src/main.ts` (a move over REST, one on the socket)."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.api.server import ServiceProcess, unique_prefix
from tests.clients.node_versions import ensure, majors
from tests.clients.ts_consumer import Consumer
from tests.redis_support import RedisServer

pytestmark = [
    pytest.mark.redis,
    pytest.mark.xdist_group("typescript-sdk"),
    pytest.mark.timeout(900),
]

DOCS_URL = "http://127.0.0.1:8000"


@pytest.fixture(scope="module")
def server(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url, unique_prefix()) as process:
        yield process


def run(command: list[str], cwd: Path) -> str:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{command}: {done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def last_json(output: str) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(output.strip().splitlines()[-1])
    return result


@pytest.mark.parametrize("major", majors())
def test_the_sdk_builds_and_plays_over_rest_and_the_socket_on_each_node_release(
    major: str,
    ts_checkout: Path,
    ts_from_tarball: Consumer,
    server: ServiceProcess,
    tmp_path: Path,
) -> None:
    node = str(ensure(major))
    assert run([node, "--version"], tmp_path).startswith(f"v{major}.")

    # the SDK's own build (`npm run build`), with its locked compiler, run by this Node.js
    compiler = ts_checkout / "node_modules" / "typescript" / "bin" / "tsc"
    run([node, str(compiler), "-p", "tsconfig.build.json", "--outDir", str(tmp_path)], ts_checkout)
    assert (tmp_path / "socket.js").is_file()
    assert (tmp_path / "index.d.ts").is_file()

    # the minimal project compiled by this Node.js, with the page's example as src/main.ts
    project = ts_from_tarball
    assert project.project is not None
    project.add("main.ts", project.project.main.replace(DOCS_URL, server.url))
    out = project.root / f"out-node{major}"
    tsc = str(project.root / "node_modules" / "typescript" / "bin" / "tsc")
    run([node, tsc, "-p", ".", "--outDir", str(out)], project.root)

    socket = last_json(run([node, str(out / "socket_game.js"), server.url], project.root))
    assert socket["node"].startswith(f"v{major}.")
    assert socket["webSocket"] == ("ws" if major == "20" else "global")
    assert socket["statuses"] == {"0": "FINISHED", "1": "FINISHED"}
    assert socket["moves"]["0"] > 5
    assert socket["moves"]["1"] > 5
    assert socket["spectatorMove"] == "UNAUTHORIZED"

    rest = last_json(run([node, str(out / "whole_game.js"), server.url], project.root))
    assert rest["status"] == "FINISHED"
    assert rest["versions"] == list(range(1, rest["version"] + 1))  # every event once, in order

    main = run([node, str(out / "main.js")], project.root).split()
    assert main[-1] == "ACTIVE"
    assert int(main[1]) == int(main[0]) + 1  # the socket's move followed the REST one


# Resolving `ws` fails as it does where npm was told `--omit=optional` (a module resolve hook).
NO_WS = (
    "data:text/javascript,import { register } from 'node:module';"
    "register('data:text/javascript,export async function resolve(s, c, next) {"
    ' if (s === "ws") { const e = new Error("Cannot find package ws");'
    ' e.code = "ERR_MODULE_NOT_FOUND"; throw e; } return next(s, c); }\');'
)
OPEN = (
    "const { CommandSocket } = await import('@boardstate/client');"
    "try { await CommandSocket.open('http://127.0.0.1:9'); console.log('opened'); }"
    " catch (error) { console.log(JSON.stringify({ message: error.message,"
    " cause: String(error.cause?.code) })); }"
)


def test_without_a_websocket_and_without_ws_open_says_what_to_install(
    ts_from_tarball: Consumer, tmp_path: Path
) -> None:
    node = str(ensure("20"))
    command = [node, "--import", NO_WS, "--input-type=module", "-e", OPEN]
    result = last_json(run(command, ts_from_tarball.root))
    assert result["message"].startswith("no WebSocket: the runtime has none; install the `ws`")
    assert "options.WebSocket" in result["message"]
    assert result["cause"] == "ERR_MODULE_NOT_FOUND"
