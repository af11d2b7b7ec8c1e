"""The installed TypeScript SDK under a hard service (issue 29): reads refused `429 RATE_LIMITED`
are sent again after their `Retry-After` and succeed, and a game's event stream (and the streams
`play` follows) dropped in the middle of a game, by a cut connection or a replica's restart,
resume without losing or repeating an event while the game plays on to its end; a player's
stream whose token is revoked while it is open ends in the typed refusal (issue 37)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import pytest

from tests.api.server import ServiceProcess, unique_prefix
from tests.clients.lossy_proxy import LossyProxy
from tests.clients.ts_consumer import Consumer
from tests.redis_support import RedisServer

# The first test of a session installs the SDK twice (npm, from its registry), which can take
# minutes on a loaded machine.
pytestmark = [
    pytest.mark.redis,
    pytest.mark.xdist_group("typescript-sdk"),
    pytest.mark.timeout(900),
]

BURST = 10
PAUSE_AT = 20
DEADLINE_S = 280.0


@pytest.fixture(scope="module")
def limited(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """A service allowing each token 2 requests a second."""
    env = {"BOARDSTATE_RATE_LIMITS": "1", "BOARDSTATE_RATE_LIMIT_TOKEN": "2/second"}
    with ServiceProcess(redis_server.url, unique_prefix(), env) as process:
        yield process


def test_reads_refused_for_the_rate_limit_are_retried_after_retry_after_and_succeed(
    ts_from_tarball: Consumer, limited: ServiceProcess
) -> None:
    result = ts_from_tarball.node("reads", limited.url, str(BURST))
    assert "RATE_LIMITED" in result["refused"]  # without retries
    assert result["failed"] == []
    assert result["ok"] == BURST  # with them
    assert result["retries"]
    for retry in result["retries"]:
        assert retry["method"] == "GET"
        assert (retry["status"], retry["code"]) == (429, "RATE_LIMITED")
        assert retry["waitMs"] >= 1000  # the answer's Retry-After (whole seconds), at least


async def play_dropped(
    consumer: Consumer, url: str, drop: Callable[[], Awaitable[None]]
) -> dict[str, Any]:
    """Runs dropped.ts; when it has paused mid-game, calls `drop()` and lets it go on."""
    process = await asyncio.create_subprocess_exec(
        "node",
        str(consumer.script("dropped")),
        url,
        str(PAUSE_AT),
        cwd=consumer.root,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    assert process.stdin is not None
    assert process.stdout is not None
    try:
        line = await asyncio.wait_for(process.stdout.readline(), DEADLINE_S)
        assert line.strip() == b"paused", line
        await drop()
        process.stdin.write(b"go\n")
        await process.stdin.drain()
        process.stdin.close()
        out, err = await asyncio.wait_for(process.communicate(), DEADLINE_S)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    assert process.returncode == 0, err.decode()[-3000:]
    result: dict[str, Any] = json.loads(out.decode().strip().splitlines()[-1])
    return result


def check_resumed(result: dict[str, Any]) -> None:
    assert result["paused"] is True
    assert result["status"] == "FINISHED"
    assert result["version"] > PAUSE_AT
    assert result["versions"] == list(range(1, result["version"] + 1))  # none lost, none twice
    assert result["reconnects"]


async def test_a_game_stream_cut_mid_game_resumes_without_loss_or_repeats(
    ts_from_tarball: Consumer, redis_server: RedisServer
) -> None:
    with ServiceProcess(redis_server.url, unique_prefix()) as server:
        async with LossyProxy(server.port, drop_answers=0) as proxy:
            cut: list[int] = []

            async def drop() -> None:
                cut.append(proxy.cut())

            result = await play_dropped(ts_from_tarball, proxy.url, drop)
    assert cut[0] >= 1
    check_resumed(result)
    assert "dropped" in result["reconnects"]
    assert result["playReconnects"]


async def test_a_game_stream_follows_a_restart_of_its_replica(
    ts_from_tarball: Consumer, redis_server: RedisServer
) -> None:
    with ServiceProcess(redis_server.url, unique_prefix(), serve=True) as server:

        async def drop() -> None:
            await asyncio.to_thread(server.restart)  # `event: shutdown`, then refused a while

        result = await play_dropped(ts_from_tarball, server.url, drop)
    check_resumed(result)
    assert "shutdown" in result["reconnects"]
    assert "shutdown" in result["playReconnects"]


def test_socket_messages_refused_for_the_rate_limit_are_sent_again_after_retry_after(
    ts_from_tarball: Consumer, limited: ServiceProcess
) -> None:
    """The command socket's `CommandSocket` (issue 37): a message refused `RATE_LIMITED` is sent
    again after the refusal's `retryAfter`, as the client's requests are."""
    result = ts_from_tarball.node("socket_reads", limited.url, "6")  # on `ws` under Node.js 20
    assert "RATE_LIMITED" in result["refused"]  # without retries
    assert result["failed"] == []
    assert result["ok"] == 6  # with them
    assert result["retries"]
    for retry in result["retries"]:
        assert (retry["method"], retry["status"], retry["code"]) == ("SOCKET", 429, "RATE_LIMITED")
        assert retry["waitMs"] >= 1000  # the refusal's retryAfter (whole seconds), at least


def test_a_players_stream_throws_the_refusal_once_its_token_is_revoked(
    ts_from_tarball: Consumer, redis_server: RedisServer
) -> None:
    """The service ends the stream of a revoked token within its re-check (15 s); the SDK opens
    it again and throws the 401 it gets, instead of waiting for events that cannot come."""
    with ServiceProcess(redis_server.url, unique_prefix()) as server:
        result = ts_from_tarball.node("revoked", server.url)
    assert result["events"][0] == "game.started"
    assert result["thrown"] == {"code": "PLAYER_TOKEN_INVALID", "reason": "revoked"}
