"""Streams without a GraphQL client (issue 14, item 2): `GET /v1/games/{id}/events/stream` as
Server-Sent Events, and GraphQL subscriptions over graphql-sse, on a real server and Redis."""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.api.client import SUBSCRIBE, Api, subscription
from tests.api.live_support import gauge
from tests.api.play import play
from tests.api.server import ServiceProcess, unique_prefix
from tests.api.sse_client import Message, open_stream, stream_path
from tests.api.test_hidden_info import SETUP_EVENTS, assert_redacted_for
from tests.api.test_shutdown import Serve
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

JS = Path(__file__).parent / "js"
KEYS = ("version", "type", "seat", "moveId", "data", "at", "stateHash")


@pytest.fixture(scope="module")
def service(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """The module's server, with a keep-alive every second."""
    env = {"BOARDSTATE_SSE_KEEPALIVE_SECONDS": "1"}
    with ServiceProcess(redis_server.url, env=env) as process:
        yield process


def bearer(token: str | None) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"} if token else {}


def events_of(messages: list[Message]) -> list[dict[str, Any]]:
    """The event JSON of each message, after checking `id` and `event` against it."""
    out = []
    for message in messages:
        event = message.json()
        assert message.id == str(event["version"]), message
        assert message.event == event["type"], message
        out.append(event)
    return out


def picked(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: e[k] for k in KEYS} for e in events]


async def moves(api: Api, game_id: str, tokens: list[str], count: int) -> int:
    """Plays `count` moves; returns the game's version after them."""
    accepted = await play([api], game_id, tokens, random.Random(count), max_moves=count)
    return int(accepted[-1]["version"])


async def test_catch_up_then_live_then_closed_after_game_ended(
    service: ServiceProcess, api: Api, api2: Api
) -> None:
    game_id, tokens = await api.new_game()
    async with open_stream(service.url, stream_path(game_id, after=0)) as stream:
        assert stream.response.status_code == 200
        assert stream.response.headers["content-type"].startswith("text/event-stream")
        caught_up = events_of(await stream.events(SETUP_EVENTS))
        assert [e["version"] for e in caught_up] == list(range(1, SETUP_EVENTS + 1))
        assert caught_up[0]["type"] == "GameCreated"
        assert set(caught_up[0]) == {*KEYS, "move", "header", "describe"}  # issue 29
        version = await moves(api, game_id, tokens, 3)
        live = events_of(await stream.events(version - SETUP_EVENTS))
        assert [e["version"] for e in live] == list(range(SETUP_EVENTS + 1, version + 1))
        await play([api, api2], game_id, tokens, random.Random(5))
        rest = events_of(await stream.rest())
        assert stream.closed
    assert rest[-1]["type"] == "GameEnded"
    assert [e["version"] for e in rest] == list(range(version + 1, rest[-1]["version"] + 1))
    # After the end there is nothing more: 204 tells an EventSource to stop reconnecting.
    final = str(rest[-1]["version"])
    async with open_stream(service.url, stream_path(game_id), {"last-event-id": final}) as again:
        assert again.response.status_code == 204


@pytest.mark.parametrize("viewer", [None, 0, 1])
async def test_redacted_for_the_bearer_exactly_as_the_websocket_subscription(
    service: ServiceProcess, api: Api, viewer: int | None
) -> None:
    game_id, tokens = await api.new_game()
    token = None if viewer is None else tokens[viewer]
    payload = {"Authorization": f"Bearer {token}"} if token else {}
    async with (
        open_stream(service.url, stream_path(game_id, after=0), bearer(token)) as stream,
        subscription(service.ws_url, game_id, after=0, payload=payload) as feed,
    ):
        sse = events_of(await stream.events(SETUP_EVENTS))
        ws = await feed.take(SETUP_EVENTS)
        assert picked(sse) == picked(ws)
        assert_redacted_for(sse, viewer)
        version = await moves(api, game_id, tokens, 4)
        count = version - SETUP_EVENTS
        assert picked(events_of(await stream.events(count))) == picked(await feed.take(count))


async def test_resume_with_last_event_id_misses_and_repeats_nothing(
    service: ServiceProcess, api: Api
) -> None:
    game_id, tokens = await api.new_game()
    async with open_stream(service.url, stream_path(game_id, after=0)) as stream:
        first = events_of(await stream.events(5))
    last_id = first[-1]["version"]
    version = await moves(api, game_id, tokens, 3)  # while disconnected
    # The browser reconnects to the same URL (afterVersion=0) with Last-Event-ID: it wins.
    async with open_stream(service.url, stream_path(game_id), {"last-event-id": ""}) as stream:
        assert [m.id for m in await stream.events(2)] == ["1", "2"]  # empty: from the start
    headers = {"last-event-id": str(last_id)}
    async with open_stream(service.url, stream_path(game_id, after=0), headers) as stream:
        caught_up = events_of(await stream.events(version - last_id))
        version = await moves(api, game_id, tokens, 2)
        live = events_of(await stream.events(version - caught_up[-1]["version"]))
    seen = [e["version"] for e in first + caught_up + live]
    assert seen == list(range(1, version + 1))


async def test_keep_alive_comments_while_idle(service: ServiceProcess, api: Api) -> None:
    game_id, _ = await api.new_game()
    async with open_stream(service.url, stream_path(game_id, after=SETUP_EVENTS)) as stream:
        comments = [await stream.next(wait=3, comments=True) for _ in range(2)]
    assert [m.comment if m else None for m in comments] == ["keep-alive", "keep-alive"]


async def problem_of(service: ServiceProcess, path: str, headers: dict[str, str]) -> Any:
    async with open_stream(service.url, path, headers) as stream:
        response = stream.response
        await response.aread()
        assert response.headers["content-type"] == "application/problem+json"
        body = json.loads(response.content)
        assert set(body) == {"type", "title", "status", "detail", "code", "details"}
        assert body["status"] == response.status_code
        return body


async def test_refusals_before_the_stream_are_problem_json(
    service: ServiceProcess, api: Api
) -> None:
    game_id, _ = await api.new_game()
    _, other_tokens = await api.new_game()
    cases = [
        (stream_path("no-such-game"), {}, 404, "GAME_NOT_FOUND"),
        (stream_path(game_id), bearer(other_tokens[0]), 401, "UNAUTHORIZED"),
        (stream_path(game_id), {"authorization": "Basic abc"}, 401, "UNAUTHORIZED"),
        (f"/v1/games/{game_id}/events/stream?afterVersion=x", {}, 400, "BAD_VERSION"),
        (stream_path(game_id, after=-1), {}, 400, "BAD_VERSION"),
        (stream_path(game_id), {"last-event-id": "1.5"}, 400, "BAD_VERSION"),
    ]
    for path, headers, status, code in cases:
        body = await problem_of(service, path, headers)
        assert (body["status"], body["code"]) == (status, code), (path, body)
    async with open_stream(service.url, stream_path(game_id), method="HEAD") as head:
        assert head.response.status_code == 200
        assert head.response.headers["content-type"].startswith("text/event-stream")


@pytest.fixture(scope="module")
def capped(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """Three streams per process, one per seat, two per client address; forwarded clients
    (through this machine as a trusted proxy) are addresses of their own."""
    env = {
        "BOARDSTATE_MAX_STREAMS": "3",
        "BOARDSTATE_MAX_STREAMS_PER_TOKEN": "1",
        "BOARDSTATE_MAX_STREAMS_PER_ADDRESS": "2",
        "BOARDSTATE_TRUSTED_PROXIES": "127.0.0.1",
    }
    with ServiceProcess(redis_server.url, env=env) as process:
        yield process


async def subscribers(service: ServiceProcess) -> float:
    async with open_stream(service.url, "/metrics") as stream:
        await stream.response.aread()
        return gauge(stream.response.text, "boardstate_subscribers")


async def test_stream_caps_apply_and_a_disconnect_frees_the_slot(capped: ServiceProcess) -> None:
    api = Api(capped.url)
    try:
        game_id, tokens = await api.new_game()
        _, other_tokens = await api.new_game()
        path = stream_path(game_id, after=0)
        for _ in range(2):  # the slots of dropped streams are free again
            async with open_stream(capped.url, path) as spectator:
                assert spectator.response.status_code == 200
                await spectator.events(1)
                assert await subscribers(capped) == 1
                # A token of another game is refused as such, not counted as a spectator.
                body = await problem_of(capped, path, bearer(other_tokens[0]))
                assert (body["status"], body["code"]) == (401, "UNAUTHORIZED")
                async with open_stream(capped.url, path, bearer(tokens[0])) as seat:
                    await seat.events(1)
                    body = await problem_of(capped, path, bearer(tokens[0]))
                    assert (body["status"], body["code"]) == (429, "TOO_MANY_STREAMS")
                    assert body["details"] == {"scope": "token", "limit": 1}
                    # The seat's stream counts against its address too, whatever the token.
                    for headers in ({}, bearer(tokens[1])):
                        body = await problem_of(capped, path, headers)
                        assert (body["status"], body["code"]) == (429, "TOO_MANY_STREAMS")
                        assert body["details"] == {"scope": "address", "limit": 2}
                    forwarded = {"x-forwarded-for": "198.51.100.7"}
                    async with open_stream(capped.url, path, forwarded) as elsewhere:
                        await elsewhere.events(1)
                        body = await problem_of(capped, path, {"x-forwarded-for": "203.0.113.9"})
                        assert (body["status"], body["code"]) == (503, "TOO_MANY_STREAMS")
                        assert body["details"] == {"scope": "process", "limit": 3}
            for _ in range(50):
                if await subscribers(capped) == 0:
                    break
                await asyncio.sleep(0.05)
            assert await subscribers(capped) == 0
    finally:
        await api.close()


@pytest.fixture(scope="module")
def proxied(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """One spectator stream per address, behind a trusted proxy (this machine)."""
    env = {
        "BOARDSTATE_MAX_STREAMS_PER_ADDRESS": "1",
        "BOARDSTATE_TRUSTED_PROXIES": "127.0.0.1",
    }
    with ServiceProcess(redis_server.url, env=env) as process:
        yield process


async def test_behind_a_trusted_proxy_the_address_cap_counts_clients(
    proxied: ServiceProcess,
) -> None:
    """Each forwarded client has its own spectator stream, the proxy none of its own."""
    api = Api(proxied.url)
    try:
        game_id, _ = await api.new_game()
        path = stream_path(game_id, after=0)
        ann = {"x-forwarded-for": "198.51.100.7"}
        async with open_stream(proxied.url, path, ann) as first:
            assert first.response.status_code == 200
            await first.events(1)
            body = await problem_of(proxied, path, ann)
            assert (body["code"], body["details"]) == (
                "TOO_MANY_STREAMS",
                {"scope": "address", "limit": 1},
            )
            async with open_stream(proxied.url, path, {"x-forwarded-for": "203.0.113.9"}) as other:
                assert other.response.status_code == 200
                await other.events(1)
    finally:
        await api.close()


def graphql_sse(game_id: str, after: int, token: str | None = None) -> dict[str, Any]:
    """`open_stream` arguments of a `gameEvents` subscription over graphql-sse."""
    headers = {"accept": "text/event-stream"} | bearer(token)
    body = {"query": SUBSCRIBE, "variables": {"g": game_id, "after": after}}
    return {"path": "/graphql", "headers": headers, "method": "POST", "body": body}


async def test_a_dropped_graphql_sse_stream_frees_its_slot(capped: ServiceProcess) -> None:
    api = Api(capped.url)
    try:
        game_id, _ = await api.new_game()
        for _ in range(2):
            async with open_stream(capped.url, **graphql_sse(game_id, 0)) as stream:
                assert (await stream.events(1))[0].event == "next"
                assert await subscribers(capped) == 1
            for _ in range(50):
                if await subscribers(capped) == 0:
                    break
                await asyncio.sleep(0.05)
            assert await subscribers(capped) == 0
    finally:
        await api.close()


async def test_graphql_subscription_over_sse_follows_a_game(
    service: ServiceProcess, api: Api, api2: Api
) -> None:
    game_id, tokens = await api.new_game()
    async with (
        open_stream(service.url, **graphql_sse(game_id, 0, tokens[1])) as stream,
        open_stream(service.url, stream_path(game_id, after=0), bearer(tokens[1])) as rest,
    ):
        assert stream.response.status_code == 200
        assert stream.response.headers["content-type"].startswith("text/event-stream")
        nexts = await stream.events(SETUP_EVENTS)
        assert {m.event for m in nexts} == {"next"}
        events = [m.json()["data"]["gameEvents"] for m in nexts]
        assert_redacted_for(events, 1)
        assert picked(events) == picked(events_of(await rest.events(SETUP_EVENTS)))
        await play([api, api2], game_id, tokens, random.Random(3))
        tail = await stream.rest()
    assert tail[-1].event == "complete"
    assert tail[-2].json()["data"]["gameEvents"]["type"] == "GameEnded"


@pytest.mark.skipif(
    (shutil.which("node") is None or not (JS / "node_modules" / "graphql-sse").is_dir())
    and not os.environ.get("CI"),  # in CI a missing client fails the test
    reason="the JS graphql-sse client is not installed (make js-clients)",
)
async def test_the_js_graphql_sse_client_follows_a_game(service: ServiceProcess, api: Api) -> None:
    game_id, tokens = await api.new_game()
    for viewer in (None, 1):
        token = None if viewer is None else tokens[viewer]
        command = ["node", "follow_graphql_sse.mjs", f"{service.url}/graphql", game_id, "11"]
        process = await asyncio.create_subprocess_exec(
            *command, *([token] if token else []), cwd=JS, stdout=subprocess.PIPE
        )
        out, _ = await asyncio.wait_for(process.communicate(), 30)
        assert process.returncode == 0
        events = json.loads(out)
        assert [e["version"] for e in events] == list(range(1, SETUP_EVENTS + 1))
        assert_redacted_for(events, viewer)
        async with open_stream(service.url, stream_path(game_id, 0), bearer(token)) as rest:
            assert picked(events) == picked(events_of(await rest.events(SETUP_EVENTS)))


async def test_graphql_sse_refuses_like_the_websocket(service: ServiceProcess) -> None:
    headers = {"accept": "text/event-stream"}
    body = {"query": SUBSCRIBE, "variables": {"g": "no-such-game"}}
    async with open_stream(service.url, "/graphql", headers, "POST", body) as stream:
        first = await stream.next()
        assert first is not None
        assert first.event == "next"
        assert first.json()["errors"][0]["extensions"]["code"] == "GAME_NOT_FOUND"
        assert [m.event for m in await stream.rest()] == ["complete"]


async def test_sigterm_ends_a_stream_with_where_to_resume(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    grace = 6
    serve = Serve(redis_server.url, unique_prefix(), grace, tmp_path / "serve.log")
    try:
        await serve.ready()
        api = Api(serve.url)
        try:
            game_id, _ = await api.new_game()
        finally:
            await api.close()
        async with (
            open_stream(serve.url, stream_path(game_id, after=SETUP_EVENTS - 2)) as stream,
            open_stream(serve.url, **graphql_sse(game_id, SETUP_EVENTS - 1)) as graphql,
        ):
            seen = events_of(await stream.events(2))
            assert seen[-1]["version"] == SETUP_EVENTS
            assert (await graphql.events(1))[0].json()["data"]["gameEvents"]["version"] == 11
            serve.terminate()
            shutdown = await stream.next(wait=5)
            assert shutdown is not None
            assert shutdown.event == "shutdown", shutdown
            assert shutdown.json() == {"resumeAfterVersion": SETUP_EVENTS}
            assert shutdown.retry == 1000
            assert await stream.next(wait=5) is None
            # graphql-sse has no message for it: a comment says where to resume, then complete.
            tail = [await graphql.next(wait=5, comments=True) for _ in range(2)]
            assert tail[0] is not None
            assert (
                tail[0].comment == f"server shutting down; resume with afterVersion={SETUP_EVENTS}"
            )
            assert tail[1] is not None
            assert tail[1].event == "complete"
            assert await graphql.next(wait=5) is None
        assert await serve.exit_code(grace + 30) == 0
        # Nothing waited for the streams: uvicorn never had to cancel them at the grace's end.
        log = (tmp_path / "serve.log").read_text(errors="replace")
        assert "timeout graceful shutdown exceeded" not in log, log[-3000:]
    finally:
        if serve.process.poll() is None:
            serve.process.kill()
            serve.process.wait()
