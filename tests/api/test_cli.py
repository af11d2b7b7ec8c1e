"""`boardstate serve` without REDIS_URL starts a private Redis, serves, and stops it on exit."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from boardstate.service.local.embedded_redis import free_port, port_is_free

pytestmark = pytest.mark.redis


def boardstate() -> list[str]:
    """The console script next to this interpreter, else `python -m service.cli.main`."""
    script = Path(sys.executable).parent / "boardstate"
    return (
        [str(script)] if script.exists() else [sys.executable, "-m", "boardstate.service.cli.main"]
    )


def wait_healthy(url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    with httpx.Client(trust_env=False, timeout=1) as http:
        while time.monotonic() < deadline:
            assert process.poll() is None, "boardstate serve exited"
            try:
                if http.get(f"{url}/readyz").status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.05)
    raise AssertionError("boardstate serve did not become ready")


def test_serve_runs_a_private_redis_for_its_lifetime(tmp_path: Path) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL" and "BOARDSTATE" not in k}
    env |= {"BOARDSTATE_DATA_DIR": str(tmp_path / "data"), "BOARDSTATE_LOG_FORMAT": "json"}
    log_path = tmp_path / "serve.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [*boardstate(), "serve", "--host", "127.0.0.1", "--port", str(port)],
            cwd=tmp_path,  # a user's folder, not the repository's
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_healthy(f"http://127.0.0.1:{port}", process)
        body = {"query": "{ gameTypes { id } }"}
        with httpx.Client(trust_env=False) as http:
            response = http.post(f"http://127.0.0.1:{port}/graphql", json=body)
        assert {"id": "trambahn"} in response.json()["data"]["gameTypes"]
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0
    lines = [json.loads(line) for line in log_path.read_text().splitlines() if line.startswith("{")]
    started = next(line for line in lines if line["event"] == "embedded_redis_started")
    assert started["binary"].endswith("redis-server")
    redis_port = int(started["url"].rsplit(":", 1)[1].split("/")[0])
    assert any(line["event"] == "embedded_redis_stopped" for line in lines)
    assert port_is_free(redis_port)
    assert (tmp_path / "data" / "appendonlydir").exists() or any((tmp_path / "data").iterdir())
