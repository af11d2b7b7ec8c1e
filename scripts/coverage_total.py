"""Prints the line and branch coverage of the last `make test` (from the combined `.coverage`)."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "coverage.json"
        subprocess.run([sys.executable, "-m", "coverage", "json", "-q", "-o", str(out)], check=True)
        totals = json.loads(out.read_text())["totals"]
    print(
        f"coverage: lines {totals['percent_statements_covered']:.1f}% "
        f"({totals['covered_lines']}/{totals['num_statements']}), "
        f"branches {totals['percent_branches_covered']:.1f}% "
        f"({totals['covered_branches']}/{totals['num_branches']})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
