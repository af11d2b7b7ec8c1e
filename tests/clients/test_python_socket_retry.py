"""The Python SDK's command socket sends a message refused `RATE_LIMITED` again after its
`details.retryAfter` (issue 37), as `connect`'s calls do over HTTP: before, the refusal was
raised at once, so the socket example of docs/socket.md stopped at the first second in which a
seat went past its token's request limit (30 a second by default), leaving the other seat
waiting for ever. Against a service allowing each token 2 requests a second: a burst of
`legalMoves` is refused without retries and all answered with them, sync and asyncio."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from boardstate_client import AsyncCommandSocket, CommandSocket, ProblemError, RetryInfo
from boardstate_client.retry import RetryPolicy

from tests.api.rest_client import Rest
from tests.api.server import ServiceProcess, unique_prefix
from tests.redis_support import RedisServer

pytestmark = pytest.mark.redis

BURST = 6
OFF = RetryPolicy(max_attempts=1)


@pytest.fixture(scope="module")
def limited(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """A service allowing each token 2 requests a second."""
    env = {"BOARDSTATE_RATE_LIMITS": "1", "BOARDSTATE_RATE_LIMIT_TOKEN": "2/second"}
    with ServiceProcess(redis_server.url, unique_prefix(), env) as process:
        yield process


async def seat_token(server: ServiceProcess) -> tuple[str, int, str]:
    rest = Rest(server.url)
    try:
        created = await rest.create(["ann", "bob"])
    finally:
        await rest.close()
    seat = created["game"]["toAct"][0]
    token = next(t["token"] for t in created["tokens"] if t["seat"] == seat)
    return created["game"]["id"], seat, token


def patient(retries: list[RetryInfo]) -> RetryPolicy:
    return RetryPolicy(max_attempts=40, max_total_wait=200, on_retry=retries.append)


def check(retries: list[RetryInfo]) -> None:
    assert retries
    for retry in retries:
        assert (retry.method, retry.status, retry.code) == ("SOCKET", 429, "RATE_LIMITED")
        assert retry.wait >= 1  # the refusal's retryAfter (whole seconds), at least


async def test_the_blocking_socket_sends_a_refused_message_again(limited: ServiceProcess) -> None:
    game_id, seat, token = await seat_token(limited)

    def burst(policy: RetryPolicy) -> list[str]:
        codes = []
        with CommandSocket(limited.url, token=token, retry=policy) as socket:
            for _ in range(BURST):
                try:
                    codes.append(socket.legal_moves(game_id, seat)["type"])
                except ProblemError as exc:
                    codes.append(exc.code.value)
        return codes

    assert "RATE_LIMITED" in await asyncio.to_thread(burst, OFF)
    retries: list[RetryInfo] = []
    assert await asyncio.to_thread(burst, patient(retries)) == ["legalMoves"] * BURST
    check(retries)


async def test_the_asyncio_socket_sends_refused_messages_again(limited: ServiceProcess) -> None:
    game_id, seat, token = await seat_token(limited)

    async def burst(policy: RetryPolicy) -> list[str]:
        async with await AsyncCommandSocket.open(limited.url, token, retry=policy) as socket:
            answers = await asyncio.gather(
                *(socket.legal_moves(game_id, seat) for _ in range(BURST)),
                return_exceptions=True,
            )
        codes = []
        for answer in answers:
            if isinstance(answer, ProblemError):
                codes.append(answer.code.value)
            elif isinstance(answer, BaseException):
                raise answer
            else:
                codes.append(answer["type"])
        return codes

    assert "RATE_LIMITED" in await burst(OFF)
    retries: list[RetryInfo] = []
    assert await burst(patient(retries)) == ["legalMoves"] * BURST
    check(retries)
