"""Rewrites every golden playthrough file (tests/golden/playthroughs) and the GraphQL SDL."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.golden.golden import CASES, DIRECTORY, transcript  # noqa: E402


def main() -> None:
    """Regenerates the files and removes stale ones."""
    DIRECTORY.mkdir(parents=True, exist_ok=True)
    wanted = {case.path for case in CASES}
    for stale in set(DIRECTORY.glob("*.txt")) - wanted:
        stale.unlink()
    for case in CASES:
        case.path.write_text(transcript(case), encoding="utf-8")
        print(f"wrote {case.path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
