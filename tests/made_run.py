"""A service started as `make run` starts it (the README's first command): `boardstate serve
--host 127.0.0.1 --port P` in a folder standing for the repository's root, with no `REDIS_URL`
and no `BOARDSTATE_*` setting, so it starts its private Redis on a port of its own and keeps its
data, and `service.json`, in `./.data` (issue 39, items 2 and 8)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType
from typing import Self

import httpx

from boardstate.service.local.embedded_redis import free_port

BIN = Path(sys.executable).parent
START_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 60.0


def user_env(**more: str) -> dict[str, str]:
    """A user's shell after `. .venv/bin/activate`: `boardstate` on PATH, no service setting."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("BOARDSTATE_")}
    env.pop("REDIS_URL", None)
    return env | {"PATH": f"{BIN}:{env.get('PATH', '')}"} | more


class MadeRun:
    """`make run`'s service in `root` (`root/.data` its data folder)."""

    def __init__(self, root: Path, **env: str) -> None:
        self.root = root
        self.env = user_env(**env)
        self.port = 0
        self.log_path = root / "serve.log"
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def service_file(self) -> Path:
        return self.root / ".data" / "service.json"

    def start(self) -> Self:
        self.root.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        with self.log_path.open("ab") as log:
            self._process = subprocess.Popen(
                [str(BIN / "boardstate"), "serve", "--host", "127.0.0.1", "--port", str(self.port)],
                cwd=self.root,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + START_TIMEOUT_S
        with httpx.Client(trust_env=False, timeout=2.0) as http:
            while time.monotonic() < deadline:
                assert self._process.poll() is None, self.log_path.read_text()
                try:
                    if http.get(f"{self.url}/readyz").status_code == 200:
                        return self
                except httpx.HTTPError:
                    pass
                time.sleep(0.05)
        self.stop()
        raise AssertionError(f"the service did not start: {self.log_path.read_text()}")

    def found(self) -> dict[str, object]:
        """What the service wrote into its data folder."""
        found: dict[str, object] = json.loads(self.service_file.read_text())
        return found

    @property
    def pid(self) -> int:
        assert self._process is not None
        return self._process.pid

    def stop(self) -> int | None:
        """Stops it as Ctrl-C does (SIGINT); returns its exit status."""
        process, self._process = self._process, None
        if process is None or process.poll() is not None:
            return None if process is None else process.returncode
        process.send_signal(signal.SIGINT)
        try:
            return process.wait(timeout=STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            process.kill()
            return process.wait()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()
