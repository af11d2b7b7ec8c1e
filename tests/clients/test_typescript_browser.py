"""The TypeScript SDK in a browser (issue 39), with no option: real headless Chromium loads the
package as installed into docs/sdks.md's minimal project (the `npm pack` tarball), served as
static files with an import map, and plays a whole Trambahn game against a real service on real
Redis from another origin (`BOARDSTATE_CORS_ORIGINS`): the first move on the command socket,
opened on the browser's own `WebSocket` (the `ws` package is never fetched), the rest with `play`
over `fetch` and the game's event streams."""

from __future__ import annotations

import functools
import json
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.api.server import ServiceProcess, unique_prefix
from tests.browser.chromium import PageLog, chromium_context
from tests.clients.ts_consumer import Consumer
from tests.redis_support import RedisServer

pytestmark = [
    pytest.mark.redis,
    pytest.mark.xdist_group("typescript-sdk"),
    pytest.mark.timeout(900),
]

IMPORTS = {
    "@boardstate/client": "/node_modules/@boardstate/client/dist/index.js",
    "openapi-fetch": "/node_modules/openapi-fetch/dist/index.mjs",
}
GAME = """
import { CommandSocket, createBoardstateClient, play, unwrap } from "@boardstate/client";
const url = %(url)s;
try {
const created = unwrap(await createBoardstateClient(url).POST("/v1/games", {
  body: { gameType: "trambahn", players: 2, seats: ["ann", "bob"] } }));
const gameId = created.game.id;
const first = created.game.toAct[0];
const token = created.tokens.find((t) => t.seat === first).token;
const socket = await CommandSocket.open(url, { token });
const legal = await socket.legalMoves(gameId, first);
const accepted = await socket.submitMove(gameId, first, legal.moves[0], { expectedVersion: legal.version });
socket.close();
const games = await Promise.all(created.tokens.map(({ seat, token }) =>
  play(createBoardstateClient(url, { token }), "trambahn", gameId, seat, (turn) => turn.legalMoves[0])));
window.result = { socketVersion: accepted.version, status: games[0].status, version: games[0].version,
  nativeWebSocket: typeof WebSocket === "function" };
} catch (error) {
  window.result = { error: String(error?.stack ?? error) };
}
"""


class Files(SimpleHTTPRequestHandler):
    extensions_map = {".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript"}

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def static(ts_from_tarball: Consumer) -> Iterator[str]:
    """The minimal project's folder served over HTTP; its origin."""
    handler = functools.partial(Files, directory=str(ts_from_tarball.root))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def service(redis_server: RedisServer, static: str) -> Iterator[ServiceProcess]:
    env = {"BOARDSTATE_CORS_ORIGINS": static}
    with ServiceProcess(redis_server.url, unique_prefix(), env) as process:
        yield process


def test_a_browser_plays_a_whole_game_with_the_sdk_and_no_options(
    ts_from_tarball: Consumer, static: str, service: ServiceProcess
) -> None:
    page_file: Path = ts_from_tarball.root / "browser.html"
    page_file.write_text(
        '<!doctype html><meta charset="utf-8"><title>sdk</title><link rel="icon" href="data:,">'
        f'<script type="importmap">{json.dumps({"imports": IMPORTS})}</script>'
        f'<script type="module">{GAME % {"url": json.dumps(service.url)}}</script>',
        encoding="utf-8",
    )
    with chromium_context() as browser:
        page = browser.new_page()
        log = PageLog.attach(page)
        page.goto(f"{static}/browser.html")
        page.wait_for_function("window.result !== undefined || false", timeout=240_000)
        result = page.evaluate("window.result")
    assert "error" not in result, result
    assert log.errors == []
    assert result["nativeWebSocket"] is True
    assert result["status"] == "FINISHED"
    assert result["version"] > result["socketVersion"] >= 1
    assert f"{service.url.replace('http', 'ws', 1)}/v1/socket" in log.urls
    assert not [url for url in log.urls if "/node_modules/ws/" in url]
    assert f"{static}/node_modules/@boardstate/client/dist/socket.js" in log.urls
