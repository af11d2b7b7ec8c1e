"""The generated halves of the SDKs are what the generators make of today's OpenAPI document:
scripts/generate_clients.py regenerates both into a temporary folder and compares them with the
committed clients/python/boardstate_api and clients/typescript/src/schema.ts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_committed_sdks_are_regenerated_unchanged() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "generate_clients.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
