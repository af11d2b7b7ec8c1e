"""The peer of `peer_bench.py`: boardgame.io's server playing `FourInARow` (`bench/peer/`),
with in-memory storage or with `bgio-postgres` on a private PostgreSQL, driven by its own load
generator (`load.js`).

The peer's folder is copied to a private temporary directory, its npm packages are installed
there once with `npm ci` (pinned by its `package-lock.json`), and each run starts a fresh
`server.js`, runs `load.js` against it with the same shape of load as the Boardstate runs, and
stops the server by its PID. `load.js` appends one JSON line of figures per run, which is
returned as it is; with a store it also reads the CPU of the store's processes.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardstate.service.local.embedded_redis import free_port

REPO = Path(__file__).resolve().parents[1]
DEFAULT_PEER_DIR = REPO / "bench" / "peer"
"""The peer's sources: boardgame.io's server, `FourInARow`, `load.js`, the pinned packages."""
EXPECT_RATE = {"memory": 9000, "postgres": 2500}
"""What `load.js` sizes its pool of matches from (moves/s it may see)."""
NPM_TIMEOUT_S = 600
RUN_MARGIN_S = 120


@dataclass(frozen=True)
class LoadShape:
    """The load both sides get: tables in play at once, moves per match, warm-up and window."""

    tables: int = 16
    match_moves: int = 50
    warmup_s: float = 3.0
    seconds: float = 15.0


class Peer:
    """The boardgame.io peer, installed in a private copy of its folder."""

    def __init__(self, source: Path) -> None:
        self.source = source
        self._tmp = tempfile.TemporaryDirectory(prefix="bs-peer-")
        self.dir = Path(self._tmp.name) / "boardgameio"

    @staticmethod
    def available(source: Path) -> str | None:
        """Returns why the peer cannot run here, or None when it can."""
        if not (source / "load.js").is_file() or not (source / "server.js").is_file():
            return f"no boardgame.io peer at {source} (pass --peer-dir)"
        if shutil.which("node") is None or shutil.which("npm") is None:
            return "node and npm are not on PATH"
        return None

    def install(self) -> None:
        """Copies the peer's sources and runs `npm ci` in the copy."""
        ignore = shutil.ignore_patterns("node_modules", "results")
        shutil.copytree(self.source, self.dir, ignore=ignore)
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=self.dir,
            check=True,
            timeout=NPM_TIMEOUT_S,
            stdout=subprocess.DEVNULL,
        )

    def run(self, shape: LoadShape, pg_uri: str = "", store_pid: int = 0) -> dict[str, Any]:
        """One run of the server under `load.js`, in memory or (`pg_uri`) with bgio-postgres;
        returns load.js's figures (with the CPU of the tree of `store_pid`, PostgreSQL's)."""
        storage = "postgres" if pg_uri else "memory"
        port = free_port()
        out = self.dir / "results.jsonl"
        out.unlink(missing_ok=True)
        env = {"MATCH_MOVES": str(shape.match_moves), "NODE_ENV": "production"}
        env["PATH"] = os.environ.get("PATH", "/usr/bin:/bin")
        with (self.dir / "server.log").open("ab") as log:
            server = subprocess.Popen(
                ["node", "server.js", "--port", str(port), "--storage", storage, "--pg", pg_uri],
                cwd=self.dir,
                env=env,
                stdout=log,
                stderr=log,
            )
        try:
            argv = ["node", "load.js", "--port", str(port), "--server-pid", str(server.pid)]
            argv += ["--matches", str(shape.tables), "--warmup", str(shape.warmup_s)]
            argv += ["--duration", str(shape.seconds), "--match-moves", str(shape.match_moves)]
            argv += ["--expect-rate", str(EXPECT_RATE[storage]), "--client", "raw"]
            argv += ["--label", storage, "--out", str(out), "--store-pid", str(store_pid or "")]
            subprocess.run(
                argv,
                cwd=self.dir,
                env=env,
                check=True,
                timeout=shape.warmup_s + shape.seconds + RUN_MARGIN_S,
                stdout=subprocess.DEVNULL,
            )
        finally:
            _stop(server)
        figures: dict[str, Any] = json.loads(out.read_text().splitlines()[-1])
        return figures

    def spectators(self, counts: list[int], seconds: float, warmup_moves: int) -> dict[str, Any]:
        """Spectators on one match of a fresh in-memory server (`spectate.js`): per count, the
        server's CPU per event (one move) and its ratio to one spectator's."""
        port = free_port()
        out = self.dir / "spectators.json"
        out.unlink(missing_ok=True)
        env = {"MATCH_MOVES": "0", "NODE_ENV": "production"}
        env["PATH"] = os.environ.get("PATH", "/usr/bin:/bin")
        with (self.dir / "server.log").open("ab") as log:
            server = subprocess.Popen(
                ["node", "server.js", "--port", str(port), "--storage", "memory"],
                cwd=self.dir,
                env=env,
                stdout=log,
                stderr=log,
            )
        try:
            argv = ["node", "spectate.js", "--port", str(port), "--server-pid", str(server.pid)]
            argv += ["--counts", ",".join(map(str, counts)), "--seconds", str(seconds)]
            argv += ["--warmup-moves", str(warmup_moves), "--out", str(out)]
            budget = len(counts) * (seconds + RUN_MARGIN_S)
            subprocess.run(
                argv, cwd=self.dir, env=env, check=True, timeout=budget, stdout=subprocess.DEVNULL
            )
        finally:
            _stop(server)
        figures: dict[str, Any] = json.loads(out.read_text())
        return figures

    def close(self) -> None:
        """Deletes the private copy."""
        self._tmp.cleanup()


def _stop(server: subprocess.Popen[bytes]) -> None:
    """Stops a server this module started, by its PID."""
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
