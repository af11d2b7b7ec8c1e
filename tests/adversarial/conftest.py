"""Fixtures of the adversarial tests: one real server process per module, with imports on."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

ADMIN_TOKEN = "adversarial-admin-token-0123456789"


@pytest.fixture(scope="module")
def service(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """A Boardstate server (imports enabled; rate limits off, as every `ServiceProcess` without
    `defaults`: `default_service` has the limits a user gets) shared by one module's tests."""
    env = {"BOARDSTATE_ADMIN_TOKEN": ADMIN_TOKEN, "BOARDSTATE_LOG_LEVEL": "INFO"}
    with ServiceProcess(redis_server.url, env=env) as process:
        yield process
