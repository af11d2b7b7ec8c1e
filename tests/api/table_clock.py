"""A time source that replicas share through a file (`BOARDSTATE_TIME_SOURCE=file:`): tests move
time by writing the file, never by sleeping for the clock."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

ADMIN = "admin-token-for-lifecycle-tests"


class Clock:
    """The time file every replica reads."""

    def __init__(self) -> None:
        self.path = Path(tempfile.mkstemp(prefix="bs-time-")[1])
        self.now = time.time() - 3600  # advances stay in the past: `at` never looks forged
        self.set(self.now)

    def set(self, now: float) -> None:
        self.now = now
        self.path.write_text(f"{now:.3f}")

    def advance(self, seconds: float) -> None:
        self.set(self.now + seconds)


def table_env(clock: Clock) -> dict[str, str]:
    """The environment of a replica on `clock`, with the admin token and a quick steward."""
    return {
        "BOARDSTATE_TIME_SOURCE": f"file:{clock.path}",
        "BOARDSTATE_ADMIN_TOKEN": ADMIN,
        "BOARDSTATE_STEWARD_POLL_MS": "50",
    }
