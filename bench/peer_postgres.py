"""A private PostgreSQL for the `postgres` variant of the boardgame.io peer (`peer_bench.py`).

Debian's `postgresql` server (`/usr/lib/postgresql/<version>/bin`), a cluster made with `initdb`
in a temporary directory, started with `pg_ctl` on a free loopback port (Unix socket in the same
directory, trust authentication, Debian's defaults otherwise: `fsync` and `synchronous_commit`
on, so every commit reaches the disk), and stopped and deleted when the `with` block ends.
PostgreSQL refuses to run as root: run as root, the cluster belongs to the `postgres` system
user (Debian's package creates it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from boardstate.service.local.embedded_redis import free_port

PG_ROOT = Path("/usr/lib/postgresql")
USER = "bench"
START_TIMEOUT_S = 60


@dataclass(frozen=True)
class Postgres:
    """A running private cluster: its connection URI and its postmaster's process id."""

    uri: str
    pid: int


def pg_bin() -> Path | None:
    """The newest installed server's `bin` folder, or None without Debian's `postgresql`."""
    found = sorted(PG_ROOT.glob("*/bin/initdb"), key=lambda p: int(p.parent.parent.name))
    return found[-1].parent if found else None


def unavailable() -> str | None:
    """Why no private PostgreSQL can start here, or None when it can."""
    if pg_bin() is None:
        return "Debian's postgresql is not installed (apt-get install -y postgresql)"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "running as root without runuser"
    return None


def _run(argv: list[str], check: bool = True) -> None:
    """Runs a server program as the cluster's owner (`postgres` when this runs as root)."""
    owner = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    subprocess.run([*owner, *argv], stdout=subprocess.DEVNULL, check=check, timeout=START_TIMEOUT_S)


@contextmanager
def private_postgres() -> Iterator[Postgres]:
    """Starts a fresh cluster with one database, yields it, stops and deletes it."""
    binary = pg_bin()
    if binary is None:
        raise RuntimeError(unavailable())
    with tempfile.TemporaryDirectory(prefix="bs-peer-pg-") as tmp:
        home = Path(tmp)
        if os.geteuid() == 0:
            shutil.chown(home, user="postgres")
        data, port = home / "data", free_port()
        _run([str(binary / "initdb"), "-D", str(data), "-U", USER, "--auth=trust"])
        options = f"-p {port} -k {home} -c listen_addresses=127.0.0.1"
        pg_ctl = [str(binary / "pg_ctl"), "-D", str(data)]
        _run([*pg_ctl, "-o", options, "-l", str(home / "log"), "-w", "start"])
        try:
            _run([str(binary / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", USER, USER])
            pid = int((data / "postmaster.pid").read_text().split("\n", 1)[0])
            yield Postgres(f"postgresql://{USER}@127.0.0.1:{port}/{USER}", pid)
        finally:
            _run([*pg_ctl, "-m", "fast", "-w", "stop"], check=False)
