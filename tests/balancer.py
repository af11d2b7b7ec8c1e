"""nginx in front of test-started service replicas, configured from `deploy/nginx.conf`.

The production file's proxy settings (WebSocket upgrade, keepalive, timeouts, the passive
failover of `proxy_next_upstream`) are kept as they are; only what ties it to Docker is
replaced: the upstream servers (loopback ports, no `resolve`), the resolver, the listen
address, and the paths of the pid file, logs and temporary files (a private directory).
`make test` installs nginx when it is missing (`scripts/ensure-nginx.sh`).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Self

import httpx

from boardstate.service.local.embedded_redis import free_port

REPO = Path(__file__).resolve().parents[1]
DEPLOY_CONF = REPO / "deploy" / "nginx.conf"
START_TIMEOUT_S = 10.0


def nginx_found() -> str:
    """Returns the path of the nginx binary, or "" when it is not installed."""
    return shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else "")


def nginx_binary() -> str:
    """Returns the nginx binary; raises a clear error when it is not installed."""
    found = nginx_found()
    if not found:
        raise RuntimeError(
            "nginx is not installed: `make test` installs Debian's package "
            "(scripts/ensure-nginx.sh), or run `apt-get install nginx`"
        )
    return found


def render(
    upstreams: Sequence[int], port: int, workdir: Path, workers: int = 1, affinity: bool = False
) -> str:
    """Returns `deploy/nginx.conf` rewritten for loopback `upstreams`, listening on `port`.

    With `affinity`, requests carrying `?game=<id>` go to one replica per game (consistent
    hashing; others stay random), so each game is folded by one replica's cache.
    """
    text = DEPLOY_CONF.read_text()
    servers = "".join(
        f"        server 127.0.0.1:{p} max_fails=2 fail_timeout=10s;\n" for p in upstreams
    )
    replacements = [
        (r"worker_processes auto;", f"worker_processes {workers};"),
        (r"error_log \S+ notice;", f"error_log {workdir}/error.log notice;"),
        (r"pid \S+;", f"pid {workdir}/nginx.pid;"),
        (r"        server app-1:8000 [^\n]*\n        server app-2:8000 [^\n]*\n", servers),
        (r"    resolver [^\n]*\n", ""),
        (r"access_log /var/log/nginx/access.log", f"access_log {workdir}/access.log"),
        (r"listen 8080;", f"listen 127.0.0.1:{port};"),
        (
            r"    server_tokens off;\n",
            "    server_tokens off;\n"
            + "".join(
                f"    {kind}_temp_path {workdir}/{kind};\n"
                for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
            ),
        ),
    ]
    if affinity:
        replacements.append(
            (r"        keepalive 32;\n", "        hash $bs_game consistent;\n\\g<0>")
        )
        replacements.append(
            (
                r"    server_tokens off;\n",
                '\\g<0>    map $arg_game $bs_game { "" $request_id; default $arg_game; }\n',
            )
        )
    for pattern, replacement in replacements:
        text, count = re.subn(pattern, replacement, text)
        if count != 1:
            raise ValueError(f"deploy/nginx.conf changed: {pattern!r} matched {count} times")
    return text


class Nginx:
    """nginx (master and one worker) balancing round-robin over service replicas."""

    def __init__(self, upstreams: Sequence[int], workers: int = 1, affinity: bool = False) -> None:
        self.upstreams = list(upstreams)
        self.workers = workers
        self.affinity = affinity
        self.dir = Path(tempfile.mkdtemp(prefix="bs-nginx-"))
        self.dir.chmod(0o755)  # workers run as `nobody` when the tests run as root
        self.port = 0
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The balancer's base URL."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Self:
        """Starts nginx and waits until it answers `/healthz` from a replica."""
        binary = nginx_binary()
        self.port = free_port()
        conf = self.dir / "nginx.conf"
        conf.write_text(render(self.upstreams, self.port, self.dir, self.workers, self.affinity))
        command = [binary, "-p", str(self.dir), "-e", str(self.dir / "error.log")]
        command += ["-c", str(conf), "-g", "daemon off;"]
        with (self.dir / "stdout.log").open("ab") as log:
            self._process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_TIMEOUT_S
        with httpx.Client(trust_env=False, timeout=1.0) as http:
            while time.monotonic() < deadline:
                if self._process.poll() is not None:
                    break
                try:
                    if http.get(f"{self.url}/healthz").status_code == 200:
                        return self
                except httpx.HTTPError:
                    time.sleep(0.05)
        tail = (self.dir / "error.log").read_text(errors="replace")[-2000:]
        self.stop()
        raise RuntimeError(f"nginx did not start: {tail}")

    def access_log(self) -> list[str]:
        """Returns the access log's lines (JSON, one per request)."""
        path = self.dir / "access.log"
        return path.read_text().splitlines() if path.exists() else []

    def stop(self) -> None:
        """Stops nginx (SIGTERM: fast shutdown) and removes its directory."""
        if self._process is not None:
            self._process.terminate()
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
            self._process = None
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
