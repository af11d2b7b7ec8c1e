"""`boardstate serve --workers N`: N server processes sharing one listening socket.

The parent binds `host:port` once (so a taken port fails at once, in the parent), starts N
children, each a whole `boardstate serve` that accepts connections from the inherited socket (the
kernel hands each new connection to one of them), and supervises them:

* a child that exits while the service runs is started again (and logged); one that keeps dying
  (more than `MAX_RESTARTS` in `RESTART_WINDOW_S`) stops the whole service with status 1;
* SIGTERM or SIGINT to the parent is passed to every child, which shuts down gracefully as a
  single process does (`service.http.edge.shutdown`); children still running after the grace period
  and `KILL_MARGIN_S` are killed.

Every per-process cache is an optimisation over the shared log (architecture §4): a child serves any
game, catches up from Redis with one read, and appends only on the version and stateHash it
folded (the append script checks both), so two children racing on one game append each
version once. Without `REDIS_URL` the parent starts the private Redis once and hands its URL to
the children. Each child applies the connection guard (`service.http.edge.protocol.protocols`:
header timeout, connection caps, forwarded addresses from `BOARDSTATE_TRUSTED_PROXIES` only) to the
connections the kernel hands it; the caps are per process. In Kubernetes keep one worker per pod and
scale pods (docs/scaling.md).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import deque
from types import FrameType

import structlog

log = structlog.get_logger("boardstate.workers")

MAX_RESTARTS = 5
RESTART_WINDOW_S = 60.0
KILL_MARGIN_S = 5.0
POLL_S = 0.2
MAX_WORKERS = 64


def watch_parent(interval_s: float = 1.0) -> None:
    """In a child: shuts it down gracefully (SIGTERM to itself) when its supervisor is gone, so
    a supervisor killed outright (SIGKILL) leaves no worker serving on the shared socket."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(interval_s)
        log.warning("supervisor_gone", pid=os.getpid())
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="watch-supervisor", daemon=True).start()


class Supervisor:
    """The children of one `boardstate serve --workers N` and the socket they share."""

    def __init__(self, host: str, port: int, workers: int, redis_url: str, grace_s: float) -> None:
        self.listening = socket.create_server((host, port), backlog=2048)
        self.listening.set_inheritable(True)
        self.host, self.port = host, port
        self.workers = workers
        self.env = {**os.environ, "REDIS_URL": redis_url}
        self.grace_s = grace_s
        self.children: list[subprocess.Popen[bytes]] = []
        self.restarts: deque[float] = deque()
        self.stopping = False

    def _start(self) -> subprocess.Popen[bytes]:
        fd = self.listening.fileno()
        argv = [sys.executable, "-m", "boardstate.service.cli.main", "serve", "--host", self.host]
        argv += ["--port", str(self.port), "--listen-fd", str(fd)]
        return subprocess.Popen(argv, env=self.env, pass_fds=(fd,))  # noqa: S603 (our own argv)

    def _stop(self, signum: int, frame: FrameType | None) -> None:
        self.stopping = True

    def run(self) -> int:
        """Starts the children and supervises them until a stop signal; returns the status."""
        previous = {s: signal.signal(s, self._stop) for s in (signal.SIGINT, signal.SIGTERM)}
        status = 0
        try:
            self.children = [self._start() for _ in range(self.workers)]
            log.info("workers_started", workers=self.workers, pids=self.pids())
            while not self.stopping:
                time.sleep(POLL_S)
                if not self._replace_exited():
                    status = 1
                    break
        finally:
            self._shut_down()
            for sig, handler in previous.items():
                signal.signal(sig, handler)
            self.listening.close()
        return status

    def pids(self) -> list[int]:
        """The children's process ids."""
        return [child.pid for child in self.children]

    def _replace_exited(self) -> bool:
        """Starts a child for each that exited; False when they keep exiting."""
        for index, child in enumerate(self.children):
            code = child.poll()
            if code is None or self.stopping:
                continue
            now = time.monotonic()
            self.restarts.append(now)
            while self.restarts and now - self.restarts[0] > RESTART_WINDOW_S:
                self.restarts.popleft()
            if len(self.restarts) > MAX_RESTARTS:
                log.error("workers_keep_exiting", pid=child.pid, status=code)
                return False
            self.children[index] = self._start()
            log.warning(
                "worker_restarted", pid=child.pid, status=code, new_pid=self.children[index].pid
            )
        return True

    def _shut_down(self) -> None:
        for child in self.children:
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + self.grace_s + KILL_MARGIN_S
        for child in self.children:
            try:
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                log.error("worker_killed", pid=child.pid)
                child.kill()
                child.wait()
        log.info("workers_stopped", workers=len(self.children))
