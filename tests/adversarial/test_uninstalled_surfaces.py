"""A game type whose package is removed, on the surfaces `tests/api/test_uninstalled_game.py`
does not walk (issue 40, item 6): webhook deliveries, the feed, matchmaking, rematches, a
player's own games, ratings (and `boardstate ratings rebuild`, which names the type it
skipped), dumps (and `boardstate dump`),
the command socket's `subscribe`, and the archive (`boardstate archive run` and reading an
archived game back). Each answers a typed error or leaves the game out, never a 500; nothing
is lost: once the package is installed again its games, ratings and archived logs are whole.
Connect Four (examples/connect-four) is the package, installed as a real distribution on the
service's `PYTHONPATH`; the services share one Redis, key prefix and archive store."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from tests.api.client import Api, GraphQLErrors, subscription
from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess, unique_prefix
from tests.api.socket_support import RawSocket
from tests.api.test_uninstalled_game import connect_four
from tests.api.webhook_support import Receiver, read_sse, until
from tests.cli_runs import boardstate, environment
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.slow]
ADMIN = "admin-token-for-uninstalled-tests"
ENV = {
    "BOARDSTATE_ADMIN_TOKEN": ADMIN,
    "BOARDSTATE_WEBHOOKS_ALLOW_PRIVATE": "1",
    "BOARDSTATE_WEBHOOK_POLL_MS": "50",
    "BOARDSTATE_WEBHOOK_BACKOFF_MS": "100",
    "BOARDSTATE_WEBHOOK_MAX_BACKOFF_MS": "400",
    "BOARDSTATE_WEBHOOK_TIMEOUT_MS": "1000",
}
WIN = [0, 1, 0, 1, 0, 1, 0]
NOT_INSTALLED = (503, "GAME_TYPE_NOT_INSTALLED")
UNKNOWN = (404, "UNKNOWN_GAME_TYPE")
REMATCH = 'mutation { rematch(gameId: "%s") { __typename ... on Rejected { code } } }'
SEEK = """mutation { createSeek(gameType: "connect-four", players: 2) {
    __typename ... on Rejected { code } } }"""
ACCEPT = """mutation { acceptChallenge(challengeId: "%s") {
    __typename ... on Rejected { code } } }"""
RATINGS = '{ playerRatings(playerId: "%s") { gameType games } }'
FEED = """subscription($g: ID) { feed(after: "0", gameId: $g) { id type data } }"""
BOARD = '{ leaderboard(gameType: "connect-four") { totalCount } }'
DELIVERIES = '{ webhook(id: "%s") { deliveries { id gameId } } }'
RESEND = """mutation { resendWebhookDelivery(webhookId: "%s", deliveryId: "%s") {
    __typename ... on Rejected { code } } }"""


async def _play(rest: Rest, game_id: str, tokens: list[str], columns: list[int]) -> None:
    for i, column in enumerate(columns):
        seat = i % 2
        answer = await rest.move(game_id, seat, {"type": "drop", "column": column}, tokens[seat])
        assert answer.status_code in (200, 201), answer.text


def coded(answer: Any) -> tuple[int, str | None]:
    return answer.status_code, answer.json().get("code")


async def _installed(url: str, receiver: Receiver) -> dict[str, Any]:
    """Players, a webhook, a rated finished game, an open seek and a running game."""
    admin = Rest(url, ADMIN)
    hook = await admin.ok("POST", "/webhooks", json={"url": receiver.url, "events": ["game.ended"]})
    players = [await admin.ok("POST", "/players") for _ in range(3)]
    ids = [p["playerId"] for p in players]
    body = {"gameType": "connect-four", "players": 2, "seats": ["a", "b"], "rated": True}
    rated = await admin.ok("POST", "/games", json=body | {"playerIds": ids[:2]})
    rated_id, tokens = rated["game"]["id"], [t["token"] for t in rated["tokens"]]
    await _play(admin, rated_id, tokens, WIN)
    ratings = await until(lambda: _ratings(admin, ids[0]), what="the rating")
    seek = {"gameType": "connect-four", "players": 2}
    seek_id = (await admin.ok("POST", "/seeks", players[2]["token"], json=seek))["seekId"]
    invite = {"invite": ids[1:2], "gameType": "connect-four", "players": 2}
    challenge = await admin.ok("POST", "/challenges", players[0]["token"], json=invite)
    running = await admin.create(["x", "y"], gameType="connect-four")
    running_id = running["game"]["id"]
    await _play(admin, running_id, [t["token"] for t in running["tokens"]], [3])
    await until(lambda: receiver.requests(), what="a delivery attempt")
    log = (await admin.http.get(f"/v1/games/{rated_id}/log")).content
    state = await admin.ok("GET", f"/games/{rated_id}/state")
    await admin.close()
    return {"hook": hook["id"], "players": players, "rated": rated_id, "tokens": tokens,
            "ratings": ratings, "seek": seek_id, "running": running_id, "log": log,
            "challenge": challenge["challengeId"],
            "state": state}  # fmt: skip


async def _ratings(rest: Rest, player_id: str) -> Any:
    found = (await rest.ok("GET", f"/players/{player_id}/ratings"))["ratings"]
    return found if any(r["gameType"] == "connect-four" for r in found) else None


async def _rest_surfaces(url: str, made: dict[str, Any]) -> None:
    admin, players = Rest(url, ADMIN), made["players"]
    rated, seek = made["rated"], made["seek"]
    answers = {
        "rematch": await admin.request("POST", f"/games/{rated}/rematch", made["tokens"][0]),
        "dump": await admin.request("GET", "/dumps/connect-four"),
        "new seek": await admin.request("POST", "/seeks", players[1]["token"],
                                        json={"gameType": "connect-four", "players": 2}),
        "board": await admin.request("GET", "/ratings/connect-four/leaderboard"),
        "history": await admin.request(
            "GET", f"/players/{players[0]['playerId']}/ratings/connect-four/history"),
    }  # fmt: skip
    found = {name: coded(answer) for name, answer in answers.items()}
    assert found == {"rematch": NOT_INSTALLED, "dump": UNKNOWN, "new seek": UNKNOWN,
                     "board": UNKNOWN, "history": UNKNOWN}, found  # fmt: skip
    mine = await admin.ok("GET", "/players/me/games", players[0]["token"])
    assert mine["items"] == []  # left out, as `GET /v1/games` leaves it, not a 503 for all
    hidden = await admin.ok("GET", f"/players/{players[0]['playerId']}/ratings")
    assert hidden["ratings"] == []
    # A challenge is not accepted (no game could be made): it stays open.
    challenge, invited = made["challenge"], players[1]["token"]
    accepted = await admin.request("POST", f"/challenges/{challenge}/accept", invited)
    assert coded(accepted) == NOT_INSTALLED
    assert (await admin.ok("GET", f"/challenges/{challenge}", invited))["status"] == "open"
    # The seek stays readable and cancellable.
    assert (await admin.ok("GET", f"/seeks/{seek}", players[2]["token"]))["status"] == "open"
    assert [s["seekId"] for s in await admin.ok("GET", "/seeks", players[2]["token"])] == [seek]
    # Webhooks: its deliveries are listed and resent, as any game's.
    deliveries = await admin.ok("GET", f"/webhooks/{made['hook']}/deliveries")
    ended = [d for d in deliveries if d["gameId"] == rated]
    assert ended, deliveries
    resent = await admin.request(
        "POST", f"/webhooks/{made['hook']}/deliveries/{ended[0]['id']}/resend"
    )
    assert resent.status_code == 202, resent.text
    # The feed: the game's announcements were recorded with their bodies, read as before.
    auth = {"authorization": f"Bearer {ADMIN}"}
    status, messages = await read_sse(
        f"{url}/v1/feed/stream?after=0&gameId={rated}", auth,
        lambda m: any(x.get("event") == "game.ended" for x in m))  # fmt: skip
    assert status == 200
    assert json.loads(messages[-1]["data"])["data"]["gameId"] == rated
    await admin.close()


async def _gql_code(api: Api, query: str, token: str) -> str:
    """The code of a refusal: a `Rejected` result's, or the error's (never `INTERNAL`)."""
    body = await api.raw(query, token)
    if body.get("errors"):
        return str(body["errors"][0]["extensions"]["code"])
    (result,) = body["data"].values()
    return str(result.get("code"))


async def _graphql_streams(ws_url: str, made: dict[str, Any]) -> None:
    """The feed replays the game's announcements; its event stream is refused, typed."""
    query = (FEED, "feed", {"g": made["rated"]})
    async with subscription(ws_url, "", payload={"token": ADMIN}, query=query) as feed:
        types = [(await feed.next())["type"] for _ in range(3)]  # type: ignore[index]
    assert "game.created" in types, types
    async with subscription(ws_url, made["running"], after=0) as events:
        with pytest.raises(GraphQLErrors, match="GAME_TYPE_NOT_INSTALLED"):
            await events.next()


async def _graphql_and_socket(url: str, port: int, made: dict[str, Any]) -> None:
    api, players = Api(url), made["players"]
    board = await api.raw(BOARD)
    assert board["errors"][0]["extensions"]["code"] == "UNKNOWN_GAME_TYPE", board
    hook = (await api.gql(DELIVERIES % made["hook"], ADMIN))["webhook"]["deliveries"]
    ended = [d["id"] for d in hook if d["gameId"] == made["rated"]]
    resent = await api.gql(RESEND % (made["hook"], ended[0]), ADMIN)
    assert resent["resendWebhookDelivery"]["__typename"] == "DeliveryQueued", resent
    found = [await _gql_code(api, REMATCH % made["rated"], made["tokens"][0]),
             await _gql_code(api, SEEK, players[1]["token"]),
             await _gql_code(api, ACCEPT % made["challenge"], players[1]["token"])]  # fmt: skip
    assert found == ["GAME_TYPE_NOT_INSTALLED", "UNKNOWN_GAME_TYPE", "GAME_TYPE_NOT_INSTALLED"]
    ratings = await api.gql(RATINGS % players[0]["playerId"])
    assert ratings["playerRatings"] == []
    socket = await RawSocket(port).open()
    try:
        answer = await socket.call({"type": "subscribe", "gameId": made["running"], "id": "s"})
        assert (answer["type"], answer.get("code")) == ("error", "GAME_TYPE_NOT_INSTALLED")
    finally:
        await socket.close()
    await api.close()


async def test_every_other_surface_of_a_game_whose_package_is_gone(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    prefix, c4 = unique_prefix(), connect_four(tmp_path)
    store = str(tmp_path / "archive")
    env = ENV | {"BOARDSTATE_ARCHIVE_STORE": store}
    cli = environment(redis_server.url, prefix, BOARDSTATE_ARCHIVE_STORE=store)
    receiver = Receiver(status=500).start()  # every delivery fails: it is retried later
    try:
        with ServiceProcess(redis_server.url, prefix, env=env | c4) as served:
            made = await _installed(served.url, receiver)
            await asyncio.sleep(1.2)  # BOARDSTATE_ARCHIVE_AFTER below
        archived = boardstate(
            tmp_path, cli | c4 | {"BOARDSTATE_ARCHIVE_AFTER": "1"}, "archive", "run"
        )
        assert '"archived": 1' in archived.stdout, archived
        with ServiceProcess(redis_server.url, prefix, env=env) as bare:
            receiver.stop()
            receiver.start(200)
            await _rest_surfaces(bare.url, made)
            await _graphql_and_socket(bare.url, bare.port, made)
            await _graphql_streams(bare.ws_url, made)
            quiet = bare.log_path.read_text()  # the steward's sweep and loops meet no failure
            assert "steward_sweep_failed" not in quiet, quiet
            assert "Traceback" not in quiet, quiet
            rebuilt = boardstate(tmp_path, cli, "ratings", "rebuild")  # the installed types
            assert rebuilt.status == 0, rebuilt
            lines = [json.loads(x) for x in rebuilt.stdout.splitlines()]
            skipped = {"gameType": "connect-four", "skipped": "GAME_TYPE_NOT_INSTALLED"}
            assert [x for x in lines if x["gameType"] == "connect-four"] == [skipped], lines
            one = boardstate(tmp_path, cli, "ratings", "rebuild", "--game-type", "connect-four")
            one.failed_with("UNKNOWN_GAME_TYPE", 2)
            boardstate(tmp_path, cli, "dump", "connect-four").failed_with("UNKNOWN_GAME_TYPE", 2)
            rest = Rest(bare.url)  # archived: its object is read back, hash-checked
            raw = await rest.http.get(f"/v1/games/{made['rated']}/log")
            assert (raw.status_code, raw.content) == (200, made["log"])
            await rest.close()
            # Back in Redis, it waits for its package before it is archived again.
            restored = boardstate(tmp_path, cli, "archive", "restore", made["rated"])
            assert restored.status == 0, restored
            waits = boardstate(tmp_path, cli | {"BOARDSTATE_ARCHIVE_AFTER": "1"}, "archive", "run")
            assert (waits.status, waits.stdout.strip()) == (0, '{"waiting": 1}'), waits
        with ServiceProcess(redis_server.url, prefix, env=env | c4) as again:
            rest = Rest(again.url, ADMIN)
            assert await rest.ok("GET", f"/games/{made['rated']}/state") == made["state"]
            player = made["players"][0]["playerId"]
            assert await _ratings(rest, player) == made["ratings"]
            mine = await rest.ok("GET", "/players/me/games", made["players"][0]["token"])
            assert [g["id"] for g in mine["items"]] == [made["rated"]]
            await rest.close()
        again_archived = boardstate(
            tmp_path, cli | c4 | {"BOARDSTATE_ARCHIVE_AFTER": "1"}, "archive", "run"
        )
        assert '"archived": 1' in again_archived.stdout, again_archived
    finally:
        receiver.stop()
