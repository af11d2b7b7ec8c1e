"""Shared fixtures. Redis servers are started by the tests on free ports, once per session
(per xdist worker), and never reused from outside (architecture §6, §7)."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator

import pytest

from boardstate.service.store import RedisEventStore, connect
from tests.api.server import ServiceProcess
from tests.redis_support import RedisClusterServers, RedisServer


def pytest_configure(config: pytest.Config) -> None:
    """Under `--cov`: every subprocess (served processes, CLI runs from folders outside the
    repository) writes its coverage data next to the session's, by an absolute path."""
    if config.getoption("cov_source", None):
        os.environ.setdefault("COVERAGE_FILE", str(config.rootpath / ".coverage"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Keeps a module's tests that share a module-scoped fixture on one worker.

    Under `--dist loadgroup` a test without an `xdist_group` goes to whichever worker is free,
    so one module's tests alternate between the workers and its module-scoped fixtures (served
    processes, mostly) start on each worker. A test that uses one and has no group of its own
    joins a group of its module (`module:<name>`): the module's fixtures start once per run.
    (xdist reads the marks after this hook: its own runs last.)"""
    for item in items:
        if item.get_closest_marker("xdist_group") is not None:
            continue
        info = getattr(item, "_fixtureinfo", None)
        module = getattr(item, "module", None)
        if info is None or module is None:
            continue
        scopes = {defs[-1].scope for defs in info.name2fixturedefs.values() if defs}
        if scopes & {"module", "class"}:
            item.add_marker(pytest.mark.xdist_group(f"module:{module.__name__}"))


# --- Redis servers --------------------------------------------------------------------------


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    """One Redis server for the whole session; tests keep apart by key prefix."""
    with RedisServer() as server:
        yield server


@pytest.fixture(scope="session")
def redis_cluster() -> Iterator[RedisClusterServers]:
    """A three-master Redis Cluster for the whole session."""
    with RedisClusterServers() as cluster:
        yield cluster


@pytest.fixture
def private_redis() -> Iterator[RedisServer]:
    """A Redis server of this test alone, for tests that stop or pause it."""
    with RedisServer() as server:
        yield server


# --- Event stores ---------------------------------------------------------------------------


def unique_prefix() -> str:
    """Returns a key prefix no other test uses."""
    return f"bs-test-{uuid.uuid4().hex[:12]}"


@pytest.fixture
async def redis_store(redis_server: RedisServer) -> AsyncIterator[RedisEventStore]:
    """A `RedisEventStore` on the session's server, with keys of its own."""
    store = connect(redis_server.url, cluster=False, prefix=unique_prefix())
    yield store
    await store.close()


@pytest.fixture
async def cluster_store(redis_cluster: RedisClusterServers) -> AsyncIterator[RedisEventStore]:
    """A `RedisEventStore` on the session's cluster, with keys of its own."""
    store = connect(redis_cluster.url, cluster=True, prefix=unique_prefix())
    yield store
    await store.close()


# --- Servers with the defaults a user gets ------------------------------------------------


@pytest.fixture(scope="module")
def default_service(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """A Boardstate server with the limits and budgets a user gets (rate limits and points
    budgets on, nothing relaxed; `ServiceProcess.defaults`), shared by one module's tests."""
    with ServiceProcess(redis_server.url, defaults=True) as process:
        yield process
