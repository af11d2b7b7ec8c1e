"""An archive on S3 that stops answering, serves a huge object or lost one (issue 37): a real S3
server (moto's, its own process) behind a TCP proxy that can accept connections and never
answer. With the default limits, every door answers a typed error once the read deadline has
passed (never a hang: the connect and read timeouts and the total deadline bound each read),
the read is counted by outcome, the game reads again as soon as the store answers, and a server
stopped (SIGTERM) amid a read that hangs exits."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import AsyncIterator, Iterator

import httpx
import pytest

from boardstate.service.store import RedisEventStore, connect
from boardstate.service.store.archive.objects_s3 import S3Location, S3ObjectStore
from tests.adversarial.archive_faults import (
    MIB,
    StallingProxy,
    archived_game,
    door_answers,
    read_outcomes,
    stalling_proxy,
)
from tests.api.server import ServiceProcess, unique_prefix
from tests.redis_support import RedisServer
from tests.s3_support import REGION, S3Server

pytestmark = pytest.mark.redis


@pytest.fixture(scope="module")
def s3() -> Iterator[S3Server]:
    with S3Server() as server:
        yield server


@pytest.fixture(scope="module")
def bucket(s3: S3Server) -> str:
    return s3.bucket()


@pytest.fixture(scope="module")
def proxy(s3: S3Server) -> Iterator[StallingProxy]:
    with stalling_proxy(("127.0.0.1", s3.port)) as running:
        yield running


def env(proxy: StallingProxy, bucket: str) -> dict[str, str]:
    """A server with the default limits whose archive is the bucket, through the proxy."""
    return {
        "BOARDSTATE_ARCHIVE_STORE": f"s3://{bucket}/games",
        "BOARDSTATE_ARCHIVE_S3_ENDPOINT": proxy.url,
        "BOARDSTATE_RATE_LIMITS": "1",
        "AWS_REGION": REGION,
        "AWS_ACCESS_KEY_ID": "test",
        "AWS_SECRET_ACCESS_KEY": "test",
    }


@pytest.fixture(scope="module")
def service(
    redis_server: RedisServer, proxy: StallingProxy, bucket: str
) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url, env=env(proxy, bucket)) as process:
        yield process


@pytest.fixture
def objects(s3: S3Server, bucket: str) -> S3ObjectStore:
    """The same bucket, straight to the S3 server (the test's own writes never stall)."""
    return S3ObjectStore(S3Location(bucket, "games/", s3.url, REGION), client=s3.client())


async def store_of(redis_server: RedisServer, prefix: str) -> RedisEventStore:
    return connect(redis_server.url, cluster=False, prefix=prefix)


@pytest.fixture
async def store(
    redis_server: RedisServer, service: ServiceProcess
) -> AsyncIterator[RedisEventStore]:
    events = await store_of(redis_server, service.prefix)
    yield events
    await events.close()


async def test_a_store_that_accepts_and_never_answers_is_unavailable_until_it_answers(
    service: ServiceProcess, store: RedisEventStore, objects: S3ObjectStore, proxy: StallingProxy
) -> None:
    game_id, _ = await archived_game(store, objects)
    before = await read_outcomes(service)
    proxy.stall()
    try:
        answers = await door_answers(service, game_id)
    finally:
        proxy.pass_through()
    assert {code for _, code in answers} == {"STORE_UNAVAILABLE"}, answers
    assert (await read_outcomes(service))["timeout"] > before["timeout"]
    assert {code for _, code in await door_answers(service, game_id)} == {"ok"}


async def test_an_object_over_the_limit_is_refused_from_its_length(
    service: ServiceProcess, store: RedisEventStore, objects: S3ObjectStore
) -> None:
    game_id, entry = await archived_game(store, objects)
    good = await objects.get(entry.name)
    assert good is not None
    await objects.put(entry.name, bytes(16 * MIB + 1))
    answers = await door_answers(service, game_id)
    assert {code for _, code in answers} == {"ARCHIVED_LOG_TOO_LARGE"}, answers
    await objects.put(entry.name, good)
    assert {code for _, code in await door_answers(service, game_id)} == {"ok"}


async def test_a_missing_object_is_not_a_diverged_log(
    service: ServiceProcess, store: RedisEventStore, objects: S3ObjectStore
) -> None:
    game_id, entry = await archived_game(store, objects)
    good = await objects.get(entry.name)
    assert good is not None
    await objects.delete(entry.name)
    before = await read_outcomes(service)
    answers = await door_answers(service, game_id)
    assert {code for _, code in answers} == {"ARCHIVED_LOG_MISSING"}, answers
    after = await read_outcomes(service)
    assert (after["missing"] > before["missing"], after["diverged"]) == (True, before["diverged"])
    async with httpx.AsyncClient(base_url=service.url, trust_env=False, timeout=30) as http:
        answer = await http.get(f"/v1/games/{game_id}")
    assert (answer.status_code, answer.headers["retry-after"]) == (503, "60")
    await objects.put(entry.name, good)
    assert {code for _, code in await door_answers(service, game_id)} == {"ok"}


async def test_sigterm_amid_a_read_that_hangs_ends_the_server(
    redis_server: RedisServer, proxy: StallingProxy, bucket: str, objects: S3ObjectStore
) -> None:
    prefix = unique_prefix()
    store = await store_of(redis_server, prefix)
    server = ServiceProcess(redis_server.url, prefix, env(proxy, bucket)).start()
    try:
        game_id, _ = await archived_game(store, objects)
        proxy.stall()
        proxy.accepted.clear()
        async with httpx.AsyncClient(base_url=server.url, trust_env=False, timeout=120) as http:
            reading = asyncio.create_task(http.get(f"/v1/games/{game_id}"))
            assert await asyncio.to_thread(proxy.accepted.wait, 60)  # the read is under way
            process = server._process
            assert process is not None
            process.send_signal(signal.SIGTERM)
            code = await asyncio.to_thread(process.wait, 60)  # raises if it does not exit
            answer = await asyncio.gather(reading, return_exceptions=True)
        assert code in (0, -signal.SIGTERM), server.log_tail()  # uvicorn re-raises SIGTERM
        assert "Finished server process" in server.log_tail()
        if isinstance(answer[0], httpx.Response):
            assert (answer[0].status_code, answer[0].json()["code"]) == (503, "STORE_UNAVAILABLE")
    finally:
        proxy.pass_through()
        server.stop()
        await store.close()
