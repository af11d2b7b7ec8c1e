"""The service's one clock: what `at` is written with, and what deadlines are compared to.

By default the system clock. For tests of clocks and timeouts across processes,
`BOARDSTATE_TIME_SOURCE=file:<path>` makes every process read the time (seconds since the
epoch, a decimal number) from that file instead, so a test moves time forward by writing the
file, never by sleeping. The file source is for tests only: docs/lifecycle.md, docs/security.md.
A fold never reads this clock: replays take their times from the events.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

_now: list[Callable[[], float]] = [time.time]


def now() -> float:
    """Seconds since the epoch, from the configured source."""
    return _now[0]()


def system() -> bool:
    """Whether the source is the system clock (so a timer can wait for a time to come)."""
    return _now[0] is time.time


def now_ms() -> int:
    """Milliseconds since the epoch, from the configured source."""
    return int(now() * 1000)


def _file_source(path: Path) -> Callable[[], float]:
    last: list[float] = []

    def read() -> float:
        """The file's time; while it cannot be read (a test rewriting it: empty for a moment),
        the last time read, so time never jumps to the system clock and back."""
        try:
            last[:] = [float(path.read_text().strip())]
        except (OSError, ValueError):
            if not last:
                return time.time()
        return last[0]

    return read


def configure(spec: str | None) -> None:
    """Sets the source: None or `system`, or `file:<path>`; raises `ValueError` otherwise."""
    if spec is None or spec in ("", "system"):
        _now[0] = time.time
    elif spec.startswith("file:") and len(spec) > 5:
        _now[0] = _file_source(Path(spec[5:]))
    else:
        raise ValueError(f"BOARDSTATE_TIME_SOURCE must be `system` or `file:<path>`, not {spec!r}")


_SECOND: list[Any] = [None, ""]
"""The last whole second `now_iso` formatted, and its text up to the seconds."""


def now_iso() -> str:
    """Returns the current UTC time as ISO-8601 with milliseconds, e.g. `...T13:47:58.123Z`
    (the text of the second is formatted once per second)."""
    return stamp()[1]


def stamp() -> tuple[int, str]:
    """The current time, read once: milliseconds since the epoch and its `now_iso` text (what
    a decision that checks a deadline and writes events at that time needs)."""
    ms = int(_now[0]() * 1000)
    second, millis = divmod(ms, 1000)
    if _SECOND[0] != second:
        text = datetime.fromtimestamp(second, UTC).strftime("%Y-%m-%dT%H:%M:%S")
        _SECOND[:] = [second, text]
    return ms, f"{_SECOND[1]}.{millis:03d}Z"
