"""`boardstate` commands run as a user runs them: the console script next to this interpreter, as
a subprocess, from a folder of the test's (never the repository's root), with no environment
variable of the service but those given."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

BIN = Path(sys.executable).parent
TIMEOUT_S = 180.0


@dataclasses.dataclass(frozen=True, slots=True)
class Ran:
    """What a command did."""

    args: tuple[str, ...]
    status: int
    stdout: str
    stderr: str

    def failed_with(self, code: str, status: int) -> str:
        """Asserts that it failed as a command fails (one line `boardstate <command>: CODE:
        ...` on standard error, that exit status, no traceback); returns the line."""
        assert "Traceback" not in self.stderr, self.stderr
        assert self.status == status, (self.status, self.stderr, self.stdout)
        lines = [line for line in self.stderr.splitlines() if line.startswith("boardstate ")]
        assert len(lines) == 1, self.stderr
        assert lines[0].split(": ")[1] == code, lines[0]
        return lines[0]


def environment(redis_url: str | None, prefix: str, **more: str) -> dict[str, str]:
    """This process's environment without the service's variables, plus Redis, the key prefix,
    quiet logs and `more`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("BOARDSTATE_")}
    env.pop("REDIS_URL", None)
    env |= {"BOARDSTATE_KEY_PREFIX": prefix, "BOARDSTATE_LOG_LEVEL": "ERROR"}
    if redis_url is not None:
        env["REDIS_URL"] = redis_url
    return env | more


def boardstate(cwd: Path, env: dict[str, str], *args: str, stdin: str = "") -> Ran:
    """Runs `boardstate ARGS` in `cwd`."""
    done = subprocess.run(
        [str(BIN / "boardstate"), *args],
        cwd=cwd,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        check=False,
    )
    return Ran(tuple(args), done.returncode, done.stdout, done.stderr)
