"""A clocked game whose package is removed while its deadline is scheduled (issue 40): the
steward of a service without the package passes the deadline many times over, logs the game
once (`game_type_not_installed`, a warning) and never `settle_failed`; the entry stays in the
deadline set, so once the package is installed again the timeout is acted on (a forfeit).
Meanwhile the feed, on both doors, still replays the removed type's announcements when filtered
by it, and refuses a type that was never seen (`UNKNOWN_GAME_TYPE`) instead of an empty stream.
Connect Four (examples/connect-four) is the package; the services share one Redis, key prefix
and time file (`BOARDSTATE_TIME_SOURCE=file:`), so time moves by writing the file."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from tests.api.client import GraphQLErrors, subscription
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess, unique_prefix
from tests.api.table_clock import ADMIN, Clock, table_env
from tests.api.test_uninstalled_game import connect_four
from tests.api.webhook_support import read_sse, until
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.slow]
FORFEIT = {"perMoveSeconds": 600, "onTimeout": "forfeit"}
FEED = """subscription($t: String) { feed(after: "0", gameType: $t) { type data } }"""


async def _feeds(bare: ServiceProcess, game_id: str) -> None:
    """A removed type's feed replays its games' announcements; a type never seen is refused."""
    auth, url = {"authorization": f"Bearer {ADMIN}"}, f"{bare.url}/v1/feed/stream?after=0"
    status, messages = await read_sse(
        f"{url}&gameType=connect-four", auth, lambda m: any("event" in x for x in m)
    )
    assert status == 200, messages
    assert json.loads(messages[0]["data"])["data"]["gameId"] == game_id, messages
    status, problem = await read_sse(f"{url}&gameType=never-installed", auth, bool)
    assert (status, json.loads(problem[0]["problem"])["code"]) == (404, "UNKNOWN_GAME_TYPE")
    query = (FEED, "feed", {"t": "connect-four"})
    async with subscription(bare.ws_url, "", payload={"token": ADMIN}, query=query) as feed:
        assert (await feed.next())["type"] == "game.created"  # type: ignore[index]
    query = (FEED, "feed", {"t": "never-installed"})
    async with subscription(bare.ws_url, "", payload={"token": ADMIN}, query=query) as feed:
        with pytest.raises(GraphQLErrors, match="UNKNOWN_GAME_TYPE"):
            await feed.next()


async def test_a_due_game_of_a_removed_type_waits_quietly_for_its_package(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    prefix, c4, clock = unique_prefix(), connect_four(tmp_path), Clock()
    env = table_env(clock)
    with ServiceProcess(redis_server.url, prefix, env=env | c4) as served:
        rest = Rest(served.url)
        body = {"gameType": "connect-four", "players": 2, "seats": ["a", "b"]}
        made = await rest.ok("POST", "/games", json=body | {"options": {"clock": FORFEIT}})
        game_id, token = made["game"]["id"], made["tokens"][0]["token"]
        moved = await rest.move(game_id, 0, {"type": "drop", "column": 3}, token)
        assert moved.status_code in (200, 201), moved.text  # seat 1's clock runs
        game = await rest.ok("GET", f"/games/{game_id}")
        assert game["clock"]["deadline"] is not None, (game["clock"], game.get("options"))
        await rest.close()
    with ServiceProcess(redis_server.url, prefix, env=env) as bare:
        clock.advance(601)  # past the deadline: the steward claims the game
        await until(lambda: "game_type_not_installed" in bare.log_path.read_text(), what="a note")
        for _ in range(4):  # past the claim's lease (10 s) each time: claimed again
            clock.advance(11)
            await asyncio.sleep(0.4)
        lines = [x for x in bare.log_path.read_text().splitlines() if game_id in x]
        assert not [x for x in lines if "settle_failed" in x], lines
        notes = [x for x in lines if "game_type_not_installed" in x]
        assert len(notes) == 1, lines
        assert "warning" in notes[0], notes
        rest = Rest(bare.url)
        gone = await rest.request("GET", f"/games/{game_id}")
        assert (gone.status_code, gone.json()["code"]) == (503, "GAME_TYPE_NOT_INSTALLED")
        await rest.close()
        await _feeds(bare, game_id)
    with ServiceProcess(redis_server.url, prefix, env=env | c4) as again:
        rest = Rest(again.url)
        ended = await until(lambda: _finished(rest, game_id), what="the forfeit")
        assert ended["status"] == "FINISHED", ended
        await rest.close()


async def _finished(rest: Rest, game_id: str) -> dict[str, object] | None:
    game: dict[str, object] = await rest.ok("GET", f"/games/{game_id}")
    return game if game["status"] != "ACTIVE" else None
