"""A real Boardstate server process for the API tests: uvicorn on a free port, own key prefix.

Plain uvicorn runs as docs/deploy.md says to: with the service's guarded HTTP protocol (header
timeout, connection caps; `service.http.edge.protocol.protocols`) and without uvicorn's own forwarded-address
rewriting."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import Self

import httpx

from boardstate.service.local.embedded_redis import free_port
from tests.api.forkserver import Forked, ForkServer, base_environment, fork_allowed
from tests.measured import scoped

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 90.0
"""A live process gets this long to answer `/healthz` (a loaded 2-core machine imports slowly);
one that exits (a taken port) is started again at once."""
PROTOCOLS = {
    "httptools": "boardstate.service.http.edge.protocol.protocols:GuardedHttpTools",
    "h11": "boardstate.service.http.edge.protocol.protocols:GuardedH11",
}


def unique_prefix() -> str:
    """Returns a Redis key prefix no other server of the session uses."""
    return f"bs-api-{uuid.uuid4().hex[:12]}"


class ServiceProcess:
    """`uvicorn service.asgi:app` in a subprocess; the same prefix and Redis give the same games."""

    def __init__(
        self,
        redis_url: str,
        prefix: str | None = None,
        env: Mapping[str, str] | None = None,
        workers: int = 1,
        http: str = "httptools",
        serve: bool = False,
        defaults: bool = False,
        cwd: Path | None = None,
    ) -> None:
        self.defaults = defaults
        """The limits and budgets a user gets: none of the settings the API tests relax
        (`BOARDSTATE_RATE_LIMITS` stays on); `env` still applies."""
        self.workers = workers
        """More than 1: `boardstate serve --workers N` (a supervisor and N children)."""
        self.serve = serve or workers > 1
        """`boardstate serve` (one process unless `workers` > 1) rather than plain uvicorn."""
        self.http = http
        """Plain uvicorn's HTTP parser: `httptools` or `h11` (guarded either way)."""
        self.cwd = cwd or REPO
        """The working directory (a test's own folder runs it as a user would, on defaults)."""
        self.redis_url = redis_url
        self.prefix = prefix or unique_prefix()
        self.extra_env = dict(env or {})
        self.port = 0
        self.log_path = Path(tempfile.mkstemp(prefix="bs-api-", suffix=".log")[1])
        self._process: subprocess.Popen[bytes] | Forked | None = None

    @property
    def url(self) -> str:
        """The server's base URL."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        """The GraphQL websocket URL."""
        return f"ws://127.0.0.1:{self.port}/graphql"

    def _env(self) -> dict[str, str]:
        env = base_environment()
        env.update(
            REDIS_URL=self.redis_url,
            BOARDSTATE_KEY_PREFIX=self.prefix,
            BOARDSTATE_LOG_FORMAT="json",
            BOARDSTATE_LOG_LEVEL="WARNING",
        )
        if not self.defaults:
            # The API tests create many games quickly from 127.0.0.1; the tests of the limits
            # themselves (tests/adversarial/) turn them back on with `env`, and the tests of
            # the defaults (`defaults`) never turn them off.
            env["BOARDSTATE_RATE_LIMITS"] = "0"
        env.update(self.extra_env)
        return scoped(env)

    def start(self) -> Self:
        """Starts the server and waits until `/healthz` answers; retries on a taken port."""
        for _ in range(3):
            self.port = free_port()
            self._spawn()
            if self._wait_ready():
                return self
            self.stop()
        raise RuntimeError(f"the service did not start: {self.log_tail()}")

    @staticmethod
    def start_together(*processes: ServiceProcess) -> list[ServiceProcess]:
        """Starts replicas side by side (each spawned before any is awaited: a fixture's pair
        costs one start-up of wall time, not two); one that did not come up is started again
        on its own, as `start` does."""
        for process in processes:
            process.port = free_port()
            process._spawn()
        for process in processes:
            if not process._wait_ready():
                process.stop()
                process.start()
        return list(processes)

    def restart(self) -> Self:
        """Stops the server (SIGTERM: streams get their `shutdown` message) and starts it again
        on the same port, as a replica restarting behind a stable address."""
        self.stop()
        for _ in range(50):  # the port may linger briefly
            self._spawn()
            if self._wait_ready():
                return self
            self.stop()
            time.sleep(0.1)
        raise RuntimeError(f"the service did not restart: {self.log_tail()}")

    def _spawn(self) -> None:
        address = ["--host", "127.0.0.1", "--port", str(self.port)]
        if self.serve:
            command = [sys.executable, "-m", "boardstate.service.cli.main", "serve"]
            command += ["--workers", str(self.workers), *address]
        else:
            uvicorn = ["boardstate.service.asgi:app", "--no-access-log", "--no-proxy-headers"]
            uvicorn += ["--http", PROTOCOLS[self.http], *address]
            server = ForkServer.shared() if self._forkable() else None
            forked = server.spawn(uvicorn, self._env(), self.cwd, self.log_path) if server else None
            if forked is not None:
                self._process = forked
                return
            command = [sys.executable, "-m", "uvicorn", *uvicorn]
        with self.log_path.open("ab") as log:
            self._process = subprocess.Popen(
                command, cwd=self.cwd, env=self._env(), stdout=log, stderr=subprocess.STDOUT
            )

    def _forkable(self) -> bool:
        """Whether the fork server may start this process (`tests/api/forkserver.py`): plain
        uvicorn from the repository's root, with no variable that changes what an import does."""
        return (
            fork_allowed()
            and not self.serve
            and self.cwd == REPO
            and not any(k.startswith(("PYTHON", "COVERAGE")) for k in self.extra_env)
        )

    def _wait_ready(self) -> bool:
        deadline = time.monotonic() + START_TIMEOUT_S
        with httpx.Client(trust_env=False, timeout=1.0) as client:
            while time.monotonic() < deadline:
                if self._process is None or self._process.poll() is not None:
                    return False
                try:
                    if client.get(f"{self.url}/healthz").status_code == 200:
                        return True
                except httpx.HTTPError:
                    time.sleep(0.05)
        return False

    @property
    def pid(self) -> int:
        """The server's process id (the supervisor's, with workers)."""
        assert self._process is not None
        return self._process.pid

    def log_tail(self) -> str:
        """Returns the end of the server's output."""
        return self.log_path.read_text(errors="replace")[-3000:]

    def stop(self) -> None:
        """Stops the server (SIGTERM, then SIGKILL after 10 s)."""
        if self._process is None:
            return
        self._process.terminate()
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        self._process = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
