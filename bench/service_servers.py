"""The processes of the service benchmark: a private non-persistent Redis and three servers
(the service as `boardstate serve` starts it, the bare baseline and the reference), each on a
free loopback port, all stopped however the run ends."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx

from boardstate.service.local.embedded_redis import EmbeddedRedis, free_port

REPO = Path(__file__).resolve().parents[1]
SERVICE_ARGV = [sys.executable, "-m", "boardstate.service.cli.main", "serve", "--host", "127.0.0.1"]
"""`boardstate serve` (the port is appended)."""
BARE_ARGV = [sys.executable, str(Path(__file__).resolve().parent / "service_bench.py"), "--serve"]
"""`service_bench.py` serving `baseline` or `reference` (the kind and the port are appended)."""
READY_TIMEOUT_S = 30.0
STOP_TIMEOUT_S = 10.0


class Server:
    """A server subprocess on a free loopback port, its output in `log_path`."""

    def __init__(
        self, name: str, argv: Callable[[int], list[str]], env: dict[str, str], log_dir: Path
    ) -> None:
        self.name = name
        self.argv = argv
        self.env = env
        self.port = 0
        self.log_path = log_dir / f"{name}.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The base URL."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        """The process id."""
        assert self.process is not None
        return self.process.pid

    def start(self) -> Server:
        """Starts the process and waits for `/readyz`; retries on a taken port."""
        for _ in range(3):
            self.port = free_port()
            with self.log_path.open("ab") as log:
                self.process = subprocess.Popen(
                    self.argv(self.port), cwd=REPO, env=self.env, stdout=log, stderr=log
                )
            if self._wait_ready():
                return self
            self.stop()
        raise RuntimeError(f"{self.name} did not start:\n{self.log_tail()}")

    def log_tail(self) -> str:
        """Returns the end of the server's output."""
        try:
            return self.log_path.read_text(errors="replace")[-3000:]
        except OSError:
            return "(no log)"

    def _wait_ready(self) -> bool:
        deadline = time.monotonic() + READY_TIMEOUT_S
        with httpx.Client(trust_env=False, timeout=1.0) as client:
            while time.monotonic() < deadline:
                if self.process is None or self.process.poll() is not None:
                    return False
                try:
                    if client.get(f"{self.url}/readyz").status_code == 200:
                        return True
                except httpx.HTTPError:
                    pass
                time.sleep(0.05)
        return False

    def stop(self) -> None:
        """SIGTERM, then SIGKILL after a while; waits for the process."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


@dataclass
class Servers:
    """The running servers and Redis."""

    service: Server
    baseline: Server
    reference: Server
    redis_url: str


def server_env(redis_url: str) -> dict[str, str]:
    env = {
        k: v for k, v in os.environ.items() if not k.startswith("BOARDSTATE_") and k != "REDIS_URL"
    }
    env.update(
        REDIS_URL=redis_url,
        BOARDSTATE_KEY_PREFIX="bs-bench",
        BOARDSTATE_LOG_LEVEL="WARNING",
        BOARDSTATE_LOG_FORMAT="json",
        BOARDSTATE_ALLOW_CLIENT_SEEDS="1",
        BOARDSTATE_RATE_LIMITS="0",  # thousands of moves/s from one address
        PYTHONPATH=str(REPO),
    )
    return env


@contextlib.contextmanager
def private_redis(tmp: Path) -> Iterator[str]:
    """A private non-persistent Redis in `tmp`; yields its URL, stops it however the run ends."""
    redis_server = EmbeddedRedis(tmp / "redis", persistent=False)
    try:
        redis_server.start()
        yield redis_server.url
    finally:
        redis_server.stop()


@contextlib.contextmanager
def started_servers(tmp: Path) -> Iterator[Servers]:
    """Starts Redis and the three servers; stops all of them however the run ends."""
    started: list[Server] = []

    def start(server: Server) -> Server:
        started.append(server)
        return server.start()

    with private_redis(tmp) as redis_url:
        env = server_env(redis_url)
        try:
            yield Servers(
                service=start(
                    Server("service", lambda p: [*SERVICE_ARGV, "--port", str(p)], env, tmp)
                ),
                baseline=start(
                    Server("baseline", lambda p: [*BARE_ARGV, "baseline", str(p)], env, tmp)
                ),
                reference=start(
                    Server("reference", lambda p: [*BARE_ARGV, "reference", str(p)], env, tmp)
                ),
                redis_url=redis_url,
            )
        finally:
            for server in reversed(started):
                server.stop()
