"""The Python SDK as integrators install it (issue 29), into fresh venvs outside the repository:
from its folder in a fresh checkout, from the wheel built of it and from its sdist. Each plays a whole Trambahn
game against a real service with `play` (typed moves, the game's stream), with nothing of the
server installed; reads refused `429 RATE_LIMITED` are sent again after `Retry-After`; the
offline fold works from the engine the wheel carries."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.api.server import ServiceProcess, unique_prefix
from tests.clients.py_consumer import Consumer
from tests.redis_support import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.xdist_group("python-sdk"), pytest.mark.timeout(900)]

BURST = 10


@pytest.fixture(scope="module")
def server(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    with ServiceProcess(redis_server.url, unique_prefix()) as process:
        yield process


@pytest.fixture(scope="module")
def limited(redis_server: RedisServer) -> Iterator[ServiceProcess]:
    """A service allowing each token 2 requests a second."""
    env = {"BOARDSTATE_RATE_LIMITS": "1", "BOARDSTATE_RATE_LIMIT_TOKEN": "2/second"}
    with ServiceProcess(redis_server.url, unique_prefix(), env) as process:
        yield process


@pytest.mark.parametrize("installed", ["py_from_path", "py_from_wheel", "py_from_sdist"])
def test_the_installed_sdk_plays_a_whole_game_with_play(
    installed: str, server: ServiceProcess, request: pytest.FixtureRequest
) -> None:
    consumer: Consumer = request.getfixturevalue(installed)
    result = consumer.program("play", server.url)
    assert result["ends"] == {"0": "FINISHED", "1": "FINISHED"}
    assert result["moves"]["0"] > 5
    assert result["moves"]["1"] > 5
    assert result["boardstate_modules"] == []  # nothing of the server: it is not installed


@pytest.mark.parametrize("installed", ["py_from_wheel", "py_from_sdist"])
def test_the_installed_sdk_plays_a_whole_game_on_the_command_socket(
    installed: str, server: ServiceProcess, request: pytest.FixtureRequest
) -> None:
    consumer: Consumer = request.getfixturevalue(installed)
    result = consumer.program("socket_play", server.url)
    assert result["ends"] == {"0": "FINISHED", "1": "FINISHED"}
    assert result["moves"]["0"] > 5
    assert result["moves"]["1"] > 5
    assert result["spectator_move"] == "UNAUTHORIZED"  # REST's code for the same move
    assert result["boardstate_modules"] == []


@pytest.mark.parametrize("installed", ["py_from_wheel", "py_from_sdist"])
def test_the_built_sdk_folds_offline_with_the_engine_it_carries(
    installed: str, request: pytest.FixtureRequest
) -> None:
    consumer: Consumer = request.getfixturevalue(installed)
    code = (
        "from boardstate_client.offline import _registry; r = _registry(); "
        "print(r.__name__, r.get('trambahn').info.id)"
    )
    out = consumer_python(consumer, code)
    assert out.split() == ["boardstate_client._engine.registry", "trambahn"]


def consumer_python(consumer: Consumer, code: str) -> str:
    from tests.clients.py_consumer import run

    return run([str(consumer.python), "-c", code], consumer.root)


def test_reads_refused_for_the_rate_limit_are_retried_after_retry_after(
    py_from_wheel: Consumer, limited: ServiceProcess
) -> None:
    result = py_from_wheel.program("reads", limited.url, str(BURST))
    assert "RATE_LIMITED" in result["refused"]  # without retries
    assert result["ok"] == BURST  # with them
    assert result["retries"]
    for retry in result["retries"]:
        assert (retry["method"], retry["status"], retry["code"]) == ("GET", 429, "RATE_LIMITED")
        assert retry["wait"] >= 1  # the answer's Retry-After (whole seconds), at least
