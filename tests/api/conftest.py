"""Fixtures of the API tests: real server processes on the session's Redis."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from tests.api.client import Api
from tests.api.history import HISTORY_ENV
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer


@pytest.fixture(scope="session")
def service(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """A Boardstate server with keys of its own, shared by the API tests of one session (each
    xdist worker's): a module that needs a server to itself (other settings, restarts, counters
    from zero) starts its own."""
    with ServiceProcess(redis_server.url) as process:
        yield process


@pytest.fixture
async def api(service: ServiceProcess) -> AsyncIterator[Api]:
    """A GraphQL client of the module's server."""
    client = Api(service.url)
    yield client
    await client.close()


@pytest.fixture
async def api2(service: ServiceProcess) -> AsyncIterator[Api]:
    """A second, independent client of the module's server (another player)."""
    client = Api(service.url)
    yield client
    await client.close()


@pytest.fixture(scope="module")
def history(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """A server of the module's own that imports logs (admin token) and snapshots every 16
    events (`tests.api.history.HISTORY_ENV`)."""
    with ServiceProcess(redis_server.url, env=HISTORY_ENV) as process:
        yield process


@pytest.fixture
async def hapi(history: ServiceProcess) -> AsyncIterator[Api]:
    """A GraphQL client of the module's `history` server."""
    client = Api(history.url)
    yield client
    await client.close()
