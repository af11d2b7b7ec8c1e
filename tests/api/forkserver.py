"""A fork server for the tests' served processes: the service imported once per test worker.

Every `ServiceProcess` used to be a fresh `python -m uvicorn …`, which imports the whole service
(strawberry's schema, 500-odd modules, the games) before it answers: 2 to 4 s of CPU each, and
the suite starts a few hundred. Here one process per worker (`python -m tests.api.forkserver
SOCKET`) imports the service's modules once, without building an app, opening a connection or
starting a thread or an event loop, and then forks a child per request. The child takes the
request's environment, folder, argument list and log file, and runs uvicorn's command line as
`python -m uvicorn` would: the app (`boardstate.service.asgi`) is built in the child, from the
child's environment, exactly as in a fresh process.

A child is the fork server's, not the test's: `Forked` stands in for `subprocess.Popen` (`pid`,
`poll`, `wait`, `send_signal`, `terminate`, `kill`, `returncode`). The fork server reaps its
children and writes each one's exit code (`os.waitstatus_to_exitcode`: negative for a signal)
on the connection that asked for it.

Coverage: under `make test` the fork server is a measured subprocess like any other, and
`patch = ["fork"]` (pyproject.toml) restarts the measurement in each child, which saves its
own data when it exits, as a fresh process would; a child whose environment carries no
coverage variable (a test whose processes run unmeasured: `tests/measured.py`) stops it.

`ServiceProcess` uses it only where a fresh process and a fork cannot differ: plain uvicorn
(not `boardstate serve`), run from the repository's root, with no `PYTHON*` or `COVERAGE*`
variable of its own. `BOARDSTATE_TEST_FORK=0` turns it off; a fork server that cannot be
started or reached falls back to a fresh process.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import select
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

from tests.measured import stop_unless_asked

REPO = Path(__file__).resolve().parents[2]
PRELOADED = (
    "boardstate.service.http.app",
    "boardstate.service.settings",
    "boardstate.service.http.edge.protocol.protocols",
    "uvicorn.main",
    "uvicorn.protocols.websockets.auto",
    "uvicorn.loops.auto",
    "uvicorn.lifespan.on",
)
"""What the fork server imports before it forks: the app's factory (and with it the whole
service: features, schema, the games), the guarded HTTP protocols and uvicorn's command line."""
READY = b"ready\n"


def base_environment() -> dict[str, str]:
    """This process's environment without the service's variables, the repository on the
    path: what a served process starts from, and all the fork server imports with."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("BOARDSTATE_")}
    env["PYTHONPATH"] = str(REPO)
    return env


def fork_allowed() -> bool:
    """Whether `ServiceProcess` may fork its servers (`BOARDSTATE_TEST_FORK`, on unless 0)."""
    return os.environ.get("BOARDSTATE_TEST_FORK", "1") != "0"


# --- The fork server -------------------------------------------------------------------------


def _child(argv: list[str], env: dict[str, str], cwd: str, log_path: str) -> None:
    """Becomes the requested process: its log, folder, environment and uvicorn's command line.
    Never returns: uvicorn's command line ends with `SystemExit`, which ends the process."""
    log = os.open(log_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.close(log)
    os.close(null)
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)
    stop_unless_asked(env)  # a test whose processes run unmeasured (tests/measured.py)
    sys.argv = ["uvicorn", *argv]
    import uvicorn.main

    uvicorn.main.main(args=argv, prog_name="uvicorn")  # raises SystemExit


def serve(path: str) -> None:
    """The fork server's loop: one request per connection, answered with the child's pid and,
    when the child has ended, its exit code. Ends when its standard input closes (the test
    worker that started it has gone), after stopping the children it still has."""
    for name in PRELOADED:
        __import__(name)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ)
    selector.register(sys.stdin.buffer, selectors.EVENT_READ)
    children: dict[int, socket.socket] = {}
    sys.stdout.buffer.write(READY)
    sys.stdout.flush()
    while True:
        for key, _ in selector.select(timeout=0.05):
            if key.fileobj is listener:
                connection, _ = listener.accept()
                request = json.loads(connection.makefile("rb").readline())
                pid = os.fork()
                if pid == 0:
                    selector.close()
                    listener.close()
                    for other in children.values():
                        other.close()
                    connection.close()
                    _child(request["argv"], request["env"], request["cwd"], request["log"])
                children[pid] = connection
                connection.sendall(f"{pid}\n".encode())
            elif not os.read(sys.stdin.fileno(), 4096):
                listener.close()
                _stop(children)
                return
        while children:
            pid, status = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                break
            connection = children.pop(pid)
            with contextlib.suppress(OSError):  # the test may no longer listen
                connection.sendall(f"{os.waitstatus_to_exitcode(status)}\n".encode())
            connection.close()


def _stop(children: dict[int, socket.socket]) -> None:
    """Stops the children a test left running: SIGTERM, SIGKILL after 10 s."""
    for pid in children:
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 10
    while children:
        pid, _ = os.waitpid(-1, os.WNOHANG)
        if pid:
            children.pop(pid, None)
        elif time.monotonic() < deadline:
            time.sleep(0.05)
        else:
            for pid in children:
                os.kill(pid, signal.SIGKILL)
            deadline = float("inf")


# --- The tests' side -------------------------------------------------------------------------


class Forked:
    """A child of the fork server, with the part of `subprocess.Popen` the tests use."""

    def __init__(self, connection: socket.socket, pid: int, args: Sequence[str]) -> None:
        self._connection = connection
        self.pid = pid
        self.args = list(args)
        self.returncode: int | None = None

    def poll(self) -> int | None:
        """The exit code once the child has ended, else None."""
        return self._read(0)

    def wait(self, timeout: float | None = None) -> int:
        """Waits for the child's end; raises `subprocess.TimeoutExpired` after `timeout`."""
        code = self._read(timeout)
        if code is None:
            raise subprocess.TimeoutExpired(self.args, timeout or 0)
        return code

    def send_signal(self, sig: int) -> None:
        """Sends `sig` to the child unless it has already ended."""
        if self.poll() is None:
            os.kill(self.pid, sig)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def _read(self, timeout: float | None) -> int | None:
        """The exit code the fork server wrote, waiting at most `timeout` (None: no limit)."""
        if self.returncode is None:
            line = _line(self._connection, timeout)
            if line is not None:
                self._connection.close()
                self.returncode = int(line) if line else -signal.SIGKILL
        return self.returncode


def _line(connection: socket.socket, timeout: float | None) -> bytes | None:
    """One line from `connection` (without its end; empty once the peer has closed), or None
    when none came within `timeout`. Reads byte by byte, so nothing past the line is taken."""
    line = b""
    while True:
        ready, _, _ = select.select([connection], [], [], timeout)
        if not ready:
            return None
        byte = connection.recv(1)
        if byte in (b"", b"\n"):
            return line.strip()
        line += byte


class ForkServer:
    """This test worker's fork server, started on first use and stopped when the worker ends."""

    _lock = threading.Lock()
    _instance: ForkServer | None = None

    def __init__(self) -> None:
        folder = tempfile.mkdtemp(prefix="bs-fork-")
        self.path = str(Path(folder) / "socket")
        self._process = subprocess.Popen(
            [sys.executable, "-m", "tests.api.forkserver", self.path],
            cwd=REPO,
            env=base_environment(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        assert self._process.stdout is not None
        if self._process.stdout.readline() != READY:
            raise RuntimeError("the fork server did not start")
        atexit.register(self.close)

    @classmethod
    def shared(cls) -> ForkServer | None:
        """The worker's fork server (None where one cannot be started: fresh processes then)."""
        with cls._lock:
            if cls._instance is None or cls._instance._process.poll() is not None:
                try:
                    cls._instance = cls()
                except (OSError, RuntimeError):
                    return None
            return cls._instance

    def spawn(
        self, argv: Sequence[str], env: Mapping[str, str], cwd: Path, log: Path
    ) -> Forked | None:
        """Forks a child running `uvicorn argv` (None if the fork server does not answer)."""
        request = {"argv": list(argv), "env": dict(env), "cwd": str(cwd), "log": str(log)}
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            connection.settimeout(60)
            connection.connect(self.path)
            connection.sendall(json.dumps(request).encode() + b"\n")
            pid = int(_line(connection, 60) or b"")
        except (OSError, ValueError):
            connection.close()
            return None
        return Forked(connection, pid, argv)

    def close(self) -> None:
        """Stops the fork server (its standard input closes) and waits for it."""
        if self._process.stdin is not None and not self._process.stdin.closed:
            self._process.stdin.close()
        try:
            self._process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self._process.kill()


if __name__ == "__main__":
    serve(sys.argv[1])
