"""Rewrites every golden playthrough file (tests/golden/playthroughs) and every golden exported
log (tests/golden/logs, not `legacy/`)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.golden.golden import CASES, DIRECTORY, transcript  # noqa: E402
from tests.golden.logs import LOG_CASES, LOG_DIRECTORY, exported  # noqa: E402


def main() -> None:
    """Regenerates the files and removes stale ones."""
    DIRECTORY.mkdir(parents=True, exist_ok=True)
    wanted = {case.path for case in CASES}
    for stale in set(DIRECTORY.glob("*.txt")) - wanted:
        stale.unlink()
    for case in CASES:
        case.path.write_text(transcript(case), encoding="utf-8")
        print(f"wrote {case.path.relative_to(ROOT)}")
    regenerate_logs()


def regenerate_logs() -> None:
    """Rewrites the golden exported logs (one finished game per game type); removes stale ones.

    The logs under `legacy/` were written by earlier versions and are never rewritten.
    """
    LOG_DIRECTORY.mkdir(parents=True, exist_ok=True)
    wanted = {case.path for case in LOG_CASES}
    for stale in set(LOG_DIRECTORY.glob("*.ndjson")) - wanted:
        stale.unlink()
    for case in LOG_CASES:
        case.path.write_bytes(exported(case))
        print(f"wrote {case.path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
