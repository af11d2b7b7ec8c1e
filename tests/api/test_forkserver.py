"""The fork server behind `ServiceProcess` (tests/api/forkserver.py): a forked server is the
process a fresh one would be, built from its own environment, and its end is reported as
`subprocess.Popen` would report it."""

from __future__ import annotations

import signal
from pathlib import Path

import httpx
import pytest

from tests.api.forkserver import Forked
from tests.api.server import ServiceProcess
from tests.redis_support import RedisServer

pytestmark = pytest.mark.xdist_group("forkserver")


@pytest.fixture(autouse=True)
def forking(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are of the fork server: on, whatever `BOARDSTATE_TEST_FORK` says."""
    monkeypatch.setenv("BOARDSTATE_TEST_FORK", "1")


def test_each_forked_server_builds_its_app_from_its_own_environment(
    redis_server: RedisServer,
) -> None:
    strict = ServiceProcess(redis_server.url, env={"BOARDSTATE_PAGE_CAP": "3"})
    loose = ServiceProcess(redis_server.url, env={"BOARDSTATE_PAGE_CAP": "50"})
    with strict, loose:
        assert isinstance(strict._process, Forked)
        assert isinstance(loose._process, Forked)
        assert strict.pid != loose.pid
        with httpx.Client(trust_env=False, timeout=30) as http:
            made = [
                http.post(f"{strict.url}/v1/games", json={"gameType": "trambahn", "players": 2})
                for _ in range(4)
            ]
            assert all(r.status_code == 201 for r in made), made[-1].text
            # Another prefix: the other server's store holds none of this server's games.
            assert (
                http.get(f"{loose.url}/v1/games/{made[0].json()['game']['id']}").status_code == 404
            )
            listed = http.get(f"{strict.url}/v1/games?limit=10").json()
            assert len(listed["items"]) == 3, listed  # this server's page cap, not the other's


def test_a_forked_server_reports_its_end_like_a_process(redis_server: RedisServer) -> None:
    service = ServiceProcess(redis_server.url).start()
    process = service._process
    assert isinstance(process, Forked)
    assert process.poll() is None
    process.send_signal(signal.SIGTERM)
    assert process.wait(60) in (0, -signal.SIGTERM)  # uvicorn re-raises SIGTERM
    assert "Finished server process" in service.log_tail()
    service.stop()


def test_a_setting_error_ends_the_forked_server_with_the_error_in_its_log(
    redis_server: RedisServer,
) -> None:
    service = ServiceProcess(redis_server.url, env={"BOARDSTATE_PAGE_CAP": "many"})
    with pytest.raises(RuntimeError, match="BOARDSTATE_PAGE_CAP"):
        service.start()


def test_a_server_run_from_another_folder_is_a_fresh_process(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    with ServiceProcess(redis_server.url, cwd=tmp_path) as service:
        assert not isinstance(service._process, Forked)
        assert httpx.get(f"{service.url}/healthz", trust_env=False).status_code == 200
